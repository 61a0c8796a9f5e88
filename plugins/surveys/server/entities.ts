/** The entities of « Questionnaires » (README « Entities »). Schemas in schemas/; columns in migrations/. */
import { defineEntity } from '@comptoir/sdk';
import { Survey, SurveyCounters, SurveyResult } from '../schemas/index.ts';

export const PLUGIN_ID = 'surveys';

export const Surveys = defineEntity({
  plugin: PLUGIN_ID, name: 'surveys', table: 'surveys_surveys', schema: Survey, companyScoped: true, label: 'questionnaire',
  readOnly: ['testResultsCount', 'realResultsCount'],
});

export const Results = defineEntity({
  plugin: PLUGIN_ID, name: 'results', table: 'surveys_results', schema: SurveyResult, companyScoped: true, label: 'réponse', feminine: true,
  // a survey with answers is not deleted by mistake: its answers go first (README « Decisions »)
  references: { 'fk.survey': 'surveys.surveys' },
});

/**
 * Counters of the statistics, one row per survey and mode: a cache of the results, rebuilt from
 * them on demand, so no Activity and no user properties.
 */
export const Counters = defineEntity({
  plugin: PLUGIN_ID, name: 'counters', table: 'surveys_counters', schema: SurveyCounters, companyScoped: true,
  label: 'compteur de questionnaire', noActivity: true, userProps: false,
  references: { 'fk.survey': { entity: 'surveys.surveys', blocksDeletion: false } },
});
