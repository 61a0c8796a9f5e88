/**
 * The route table of « Questionnaires », mounted under `/api/surveys`: public routes first (the
 * answer page), then surveys with their statistics and export, then results.
 */
import type { RouteDefinition } from '@comptoir/sdk';
import { publicRoutes } from './public.ts';
import { surveyRoutes } from './surveys.ts';
import { resultRoutes } from './results.ts';

export const routes: RouteDefinition[] = [...publicRoutes, ...surveyRoutes, ...resultRoutes];
