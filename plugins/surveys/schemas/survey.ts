/** A survey (spec 001 §3 « Survey »). Columns: server/migrations/20261128002434_init.ts. */
import { Type, type Static } from '@sinclair/typebox';
import { Attachments, Entity, Id, JsonObject, Str, Text } from '@comptoir/schemas';

/** SurveyJS's `questionsOnPageMode`: as designed (pages), all on one page, or one question per page. */
export const QUESTIONS_ON_PAGE_MODES = ['standard', 'singlePage', 'questionPerPage'] as const;

/**
 * A « thank you » page shown when its condition holds (SurveyJS `completedHtmlOnCondition`):
 * `expression` in SurveyJS's expression language (`{note} >= 4`), `html` the page.
 */
export const CompletedHtmlOnCondition = Type.Object({
  expression: Str({ minLength: 1, maxLength: 1000 }),
  html: Text({ maxLength: 20000 }),
}, { additionalProperties: false });
export type CompletedHtmlOnCondition = Static<typeof CompletedHtmlOnCondition>;

export const Survey = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  /**
   * Not in the spec by name: the form itself, a SurveyJS definition (`pages[].elements[]`, each
   * question with `type`, `name`, `title`, `choices`…), checked by services/surveys/definition.ts.
   */
  json: JsonObject({ default: { pages: [{ name: 'page1', elements: [] }] } }),
  /** spec: tell the survey's author of each new answer (kernel notifications) */
  sendNotification: Type.Boolean({ default: false }),
  completedHtmlOnCondition: Type.Array(CompletedHtmlOnCondition, { default: [], maxItems: 50 }),
  /** answers sent in test mode (the editor's preview), kept apart from the real ones; maintained by the server */
  testResultsCount: Type.Integer({ default: 0, minimum: 0 }),
  realResultsCount: Type.Integer({ default: 0, minimum: 0 }),
  /** names of the questions whose answers the results list shows as columns */
  questionsResultsToShowInList: Type.Array(Str({ minLength: 1 }), { default: [], maxItems: 20 }),
  attachments: Attachments(),
  questionsOnPageMode: Type.Union(QUESTIONS_ON_PAGE_MODES.map((m) => Type.Literal(m)), { default: 'standard' }),
  /** not in the spec: whether the public page takes answers (README « Decisions ») */
  open: Type.Boolean({ default: true }),
}, {
  company: Id(),
});
export type Survey = Static<typeof Survey>;

/** What a client writes: the counters are the server's. */
export const SurveyInput = Type.Partial(Type.Pick(Survey, [
  'name', 'description', 'json', 'sendNotification', 'completedHtmlOnCondition', 'questionsResultsToShowInList',
  'attachments', 'questionsOnPageMode', 'open',
]), { additionalProperties: false });
export type SurveyInput = Static<typeof SurveyInput>;

/** What the public answer page receives of a survey: the form, nothing of the company's counters. */
export interface PublicSurvey {
  _id: string;
  name: string;
  description?: string;
  json: Record<string, unknown>;
  questionsOnPageMode: Survey['questionsOnPageMode'];
  completedHtmlOnCondition: CompletedHtmlOnCondition[];
}
