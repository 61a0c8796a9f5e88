/** What the screens know of the API of « Questionnaires » (mounted under /api/surveys). */

/** The collections, as the shell's API client and useList take them (without /api). */
export const SURVEYS = '/surveys/surveys';
export const RESULTS = '/surveys/results';
export const READ = 'surveys.surveys.read';
export const MANAGE = 'surveys.surveys.manage';

/** Types only: the remote bundles no schema. */
export type { Survey, SurveyInput, SurveyResult, SurveyStatistics, SurveyStatisticsAnswer } from '../../schemas/index.ts';

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}

/** The public answer page of a survey, on this server (the website block links to the same page). */
export const answerPageUrl = (companyId: string, surveyId: string) =>
  `${window.location.origin}/plugins/surveys/public/answer.html?company=${companyId}&survey=${surveyId}`;

export const PAGE_MODES = [
  { value: 'standard', label: 'Pages du formulaire' },
  { value: 'singlePage', label: 'Tout sur une page' },
  { value: 'questionPerPage', label: 'Une question par page' },
];
