/**
 * A comment on a project item, possibly asking for help (spec 001 §3 « ProjectComment »), and an
 * intervention for a customer or a provider (spec « Intervention », an event or a note).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Attachments, DateTime, Entity, Id, Nullable, Str, StrEnum, Text } from '@comptoir/schemas';

export const ProjectComment = Entity({
  name: Type.Optional(Str()),
  description: Text({ minLength: 1 }),
  attachments: Attachments(),
  helpRequired: Type.Boolean({ default: false }),
}, {
  company: Id(),
  project: Id(),
  item: Id(),
  user: Type.Optional(Nullable(Id())),
  desiredHelpers: Type.Array(Id(), { default: [] }),
  /** not in the spec: the customers the comment mentions, shown as links (README « Mentions ») */
  customers: Type.Array(Id(), { default: [] }),
});
export type ProjectComment = Static<typeof ProjectComment>;

export const CommentInput = Type.Object({
  name: Type.Optional(Str()),
  description: Text({ minLength: 1 }),
  attachments: Type.Optional(Attachments()),
  helpRequired: Type.Optional(Type.Boolean()),
  fk: Type.Object({
    item: Id(),
    desiredHelpers: Type.Optional(Type.Array(Id(), { maxItems: 200 })),
    customers: Type.Optional(Type.Array(Id(), { maxItems: 50 })),
  }, { additionalProperties: false }),
}, { additionalProperties: false });
export type CommentInput = Static<typeof CommentInput>;

/** not in the spec: an intervention is an event (something done on a date) or a note */
export const INTERVENTION_KINDS = ['event', 'note'] as const;

export const Intervention = Entity({
  kind: StrEnum(INTERVENTION_KINDS, { default: 'event' }),
  date: DateTime(),
  title: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  /** the customer's name when it was written (kept if the customer is renamed or deleted) */
  customerName: Type.Optional(Str()),
  attachments: Attachments(),
}, {
  company: Id(),
  customer: Type.Optional(Nullable(Id())),
  provider: Type.Optional(Nullable(Id())),
  /** not in the spec: the project it was done for */
  project: Type.Optional(Nullable(Id())),
});
export type Intervention = Static<typeof Intervention>;

export const InterventionInput = Type.Object({
  kind: Type.Optional(StrEnum(INTERVENTION_KINDS)),
  date: Type.Optional(DateTime()),
  title: Type.Optional(Str({ minLength: 1 })),
  description: Type.Optional(Text()),
  attachments: Type.Optional(Attachments()),
  fk: Type.Optional(Type.Object({
    customer: Type.Optional(Nullable(Id())),
    provider: Type.Optional(Nullable(Id())),
    project: Type.Optional(Nullable(Id())),
  }, { additionalProperties: false })),
}, { additionalProperties: false });
export type InterventionInput = Static<typeof InterventionInput>;
