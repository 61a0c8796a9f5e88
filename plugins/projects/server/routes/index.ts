/**
 * The route table of « Projets », mounted under `/api/projects`: one file per business process
 * beside this one, in the order they are matched (fixed paths such as `/items/mine` and
 * `/working-times/running` before `/:id`).
 */
import type { RouteDefinition } from '@comptoir/sdk';
import { projectRoutes } from './projects.ts';
import { itemRoutes } from './items.ts';
import { timeRoutes } from './time.ts';
import { commentRoutes } from './comments.ts';

export const routes: RouteDefinition[] = [...projectRoutes, ...itemRoutes, ...timeRoutes, ...commentRoutes];
