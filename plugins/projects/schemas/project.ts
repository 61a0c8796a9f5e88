/**
 * A project, a team and a person's or a team's rights on a project (spec 001 §3 « Projects », §5,
 * §9). Columns: server/migrations/20261205100000_projects.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Attachments, Entity, Id, Money, Nullable, Str, Text } from '@comptoir/schemas';

export const Project = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  attachments: Attachments(),
  /** spec §9: submit ideas true, validate ideas false, submit issues true, validate issues false */
  defaultCanSubmitIdeas: Type.Boolean({ default: true }),
  defaultCanValidateIdeas: Type.Boolean({ default: false }),
  defaultCanSubmitIssue: Type.Boolean({ default: true }),
  defaultCanValidateIssue: Type.Boolean({ default: false }),
  /** not in the spec: the hourly rate (excl. taxes) of its working time on an invoice (README « Invoicing ») */
  hourlyRate: Type.Optional(Nullable(Money({ minimum: 0 }))),
  /** not in the spec: the VAT rate of those invoice lines, in percent (20 by default) */
  vatRate: Type.Number({ minimum: 0, maximum: 100, default: 20 }),
}, {
  company: Id(),
  owner: Type.Optional(Nullable(Id())),
  teams: Type.Array(Id(), { default: [] }),
});
export type Project = Static<typeof Project>;

export const Team = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  attachments: Attachments(),
}, {
  company: Id(),
  users: Type.Array(Id(), { default: [] }),
  projects: Type.Array(Id(), { default: [] }),
});
export type Team = Static<typeof Team>;

/**
 * One user's or one team's rights on one project (spec §5): the first matching setting by `order`
 * overrides all four rights of the project's defaults (README « Rights »).
 */
export const ProjectUserSettings = Entity({
  order: Type.Integer({ default: 0, minimum: -1_000_000, maximum: 1_000_000 }),
  canSubmitIdeas: Type.Boolean({ default: false }),
  canValidateIdeas: Type.Boolean({ default: false }),
  canSubmitIssue: Type.Boolean({ default: false }),
  canValidateIssue: Type.Boolean({ default: false }),
}, {
  company: Id(),
  project: Id(),
  user: Type.Optional(Nullable(Id())),
  team: Type.Optional(Nullable(Id())),
});
export type ProjectUserSettings = Static<typeof ProjectUserSettings>;

/** The four rights of a person on a project, as resolved (README « Rights »). */
export interface ProjectRights {
  canSubmitIdeas: boolean;
  canValidateIdeas: boolean;
  canSubmitIssue: boolean;
  canValidateIssue: boolean;
  /** where they come from: the project's defaults, a setting of the user, of a team, or a manager */
  source: 'project' | 'user' | 'team' | 'manager';
  settingId?: string;
}
