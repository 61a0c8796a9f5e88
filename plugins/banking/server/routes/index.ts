/**
 * The route table of « Banque », mounted under `/api/banking` (README « Routes »): one file per
 * business process beside this one, in the order they are matched.
 */
import type { RouteDefinition } from '@comptoir/sdk';
import { accountRoutes } from './accounts.ts';
import { operationRoutes } from './operations.ts';
import { classificationRoutes } from './classification.ts';
import { ruleRoutes } from './rules.ts';
import { importRoutes } from './imports.ts';
import { matchingRoutes } from './matching.ts';

export const routes: RouteDefinition[] = [...accountRoutes, ...operationRoutes, ...classificationRoutes, ...ruleRoutes, ...importRoutes, ...matchingRoutes];
