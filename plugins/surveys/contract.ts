/**
 * The contract of « Questionnaires » for other plugins (room booking asks a survey of its bookers):
 * import it as `@comptoir/plugin-surveys/contract` and resolve with `ctx.use(surveysServices.surveys)`
 * after declaring `"dependsOn": { "surveys": … }`. Types and ids only: importing it runs none of
 * this plugin's code.
 */
import { defineServiceRef } from '@comptoir/sdk';
import type { Survey, SurveyResult, SurveyStatisticsAnswer } from './schemas/index.ts';

export type { Survey, SurveyResult, SurveyStatistics, SurveyStatisticsAnswer } from './schemas/index.ts';

/** `surveys.surveys` */
export interface SurveysSurveysService {
  /** a survey of the active company with its counts (404 otherwise) */
  get(id: string): Promise<Survey>;
}

/** `surveys.results` */
export interface SurveysResultsService {
  /** records an answer in the caller's transaction (checked against the form, counted) */
  submit(s: { surveyId: string; data: Record<string, unknown>; testMode?: boolean; origin: 'public' | 'user' }): Promise<SurveyResult>;
}

/** `surveys.statistics` */
export interface SurveysStatisticsService {
  get(surveyId: string, testMode?: boolean): Promise<SurveyStatisticsAnswer>;
}

export const surveysServices = {
  surveys: defineServiceRef<SurveysSurveysService>('surveys.surveys'),
  results: defineServiceRef<SurveysResultsService>('surveys.results'),
  statistics: defineServiceRef<SurveysStatisticsService>('surveys.statistics'),
} as const;
