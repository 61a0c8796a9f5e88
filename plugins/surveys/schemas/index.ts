/**
 * The shapes of « Questionnaires » (spec 001 §3 « Surveys »): a survey, a result, the counters the
 * statistics are read from, and the statistics as answered. The server, the remote (`import type`
 * only) and the tests import them here; other plugins get the types through `contract.ts`. Data
 * only: this folder imports `@comptoir/schemas` and TypeBox, nothing else.
 */
export * from './survey.ts';
export * from './result.ts';
export * from './statistics.ts';
