/**
 * The route table of « Files de traitement », mounted under `/api/process-queues`: one file per
 * business process beside this one, listed in the order they are matched.
 */
import type { RouteDefinition } from '@comptoir/sdk';
import { queueRoutes } from './queues.ts';

export const routes: RouteDefinition[] = [...queueRoutes];
