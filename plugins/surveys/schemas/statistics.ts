/**
 * Statistics of a survey (spec 001 §3 « Survey statistics »), and the counters they are read from.
 * Counters are kept per survey and mode (test / real), updated in the transaction of each answer
 * (README « Statistics »): reading statistics never walks the results.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, JsonObject } from '@comptoir/schemas';

/** Counters of one question: how many answered it, how many chose each value, and for a matrix each row's columns. */
export interface QuestionCounters {
  answered: number;
  values: Record<string, number>;
  /** a matrix: row value → column value → count */
  rows?: Record<string, Record<string, number>>;
  /** numeric answers (rating, number input): their sum, for the average */
  sum?: number;
  numeric?: number;
}

export const SurveyCounters = Entity({
  testMode: Type.Boolean({ default: false }),
  resultsCount: Type.Integer({ default: 0, minimum: 0 }),
  /** question name → QuestionCounters */
  counters: JsonObject({ default: {} }),
}, {
  company: Id(),
  survey: Id(),
});
export type SurveyCounters = Static<typeof SurveyCounters>;

/** How the screens draw an entry: bars per choice, a matrix table, an average, or a count of free texts. */
export type StatisticsDisplay = 'bars' | 'matrix' | 'average' | 'list';

/** One counter of an entry: a choice (or a matrix column), its label and count. */
export interface StatisticsCounter { value: string; label: string; count: number }

/**
 * One entry of the statistics (spec fields): a question, or a row of a matrix question (its child,
 * `parentUUID` the question's `uuid`, `childDescription` the row's label). `type` is the question's
 * SurveyJS type (spec default `checkbox`).
 */
export interface SurveyStatistics {
  uuid: string;
  parentUUID: string | null;
  name: string;
  title: string;
  type: string;
  display: StatisticsDisplay;
  /** first-level counters: one per choice (or column), in the form's order, then values no longer offered */
  data: StatisticsCounter[];
  childDescription?: string;
  /** a matrix question: row → its column counters (the same as its children's `data`) */
  secondLevelCounters?: Record<string, StatisticsCounter[]>;
  /** people who answered this question (for a row: who answered that row) */
  totalAnswersCount: number;
  /** numeric questions: the average of the answers, 2 decimals, or null without any */
  average?: number | null;
}

export interface SurveyStatisticsAnswer {
  survey: string;
  testMode: boolean;
  resultsCount: number;
  statistics: SurveyStatistics[];
}

export const StatisticsQuery = Type.Object({
  testMode: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
}, { additionalProperties: false });

export const ExportQuery = Type.Object({
  /** csv by default */
  format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('xlsx')])),
  testMode: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
}, { additionalProperties: false });
