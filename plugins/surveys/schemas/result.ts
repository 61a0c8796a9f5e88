/** An answer to a survey (spec 001 §3 « SurveyResult »). Columns: server/migrations/20261128002434_init.ts. */
import { Type, type Static } from '@sinclair/typebox';
import { Attachments, DateTime, Entity, Id, JsonObject } from '@comptoir/schemas';

export const SurveyResult = Entity({
  /** spec: test answers (the editor's preview) never count in the real statistics */
  testMode: Type.Boolean({ default: false }),
  submissionDate: DateTime(),
  attachments: Attachments(),
  /** not in the spec by name: the answers, by question name, as SurveyJS sends them (`survey.data`) */
  data: JsonObject({ default: {} }),
  /** not in the spec: `public` (the public page, no account) or `user` (a signed-in member) */
  origin: Type.Union([Type.Literal('public'), Type.Literal('user')], { default: 'user' }),
}, {
  company: Id(),
  survey: Id(),
});
export type SurveyResult = Static<typeof SurveyResult>;

/** A submission: the answers, and test mode for a member trying the form. */
export const ResultInput = Type.Object({
  data: JsonObject({ maxProperties: 500 }),
  testMode: Type.Optional(Type.Boolean()),
  fk: Type.Object({ survey: Id() }, { additionalProperties: false }),
}, { additionalProperties: false });
export type ResultInput = Static<typeof ResultInput>;

/** The public page's submission: the answers only (always real, the survey named by the path). */
export const PublicResultInput = Type.Object({
  data: JsonObject({ maxProperties: 500 }),
}, { additionalProperties: false });
export type PublicResultInput = Static<typeof PublicResultInput>;
