/**
 * The route table of the « Questionnaires » plugin, mounted under `/api/surveys`: one file per business
 * process beside this one, listed in the order they are matched.
 */
import type { RouteDefinition } from '@comptoir/sdk';
import { itemRoutes } from './items.ts';

export const routes: RouteDefinition[] = [...itemRoutes];
