/**
 * The route table of « Téléphonie », mounted under `/api/pbx`: one file per business process beside
 * this one, in the order they are matched.
 */
import type { RouteDefinition } from '@comptoir/sdk';
import { callRoutes } from './calls.ts';
import { configRoutes } from './config.ts';

export const routes: RouteDefinition[] = [...callRoutes, ...configRoutes];
