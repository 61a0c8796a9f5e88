/**
 * Working time on a project (spec 001 §3 « ProjectWorkingTime »): a running timer has no `end`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Money, Nullable, Text } from '@comptoir/schemas';

export const ProjectWorkingTime = Entity({
  start: DateTime(),
  /** null while the timer runs */
  end: Type.Optional(Nullable(DateTime())),
  comment: Type.Optional(Text()),
  /** 0 to 5 stars: how the time went (spec « starRate »; the scale is ours) */
  starRate: Type.Integer({ minimum: 0, maximum: 5, default: 0 }),
  /** not in the spec: whole minutes between start and end (0 while running) */
  minutes: Type.Integer({ minimum: 0, default: 0 }),
  /** not in the spec: the user while the timer runs, null after; unique per company (one running timer per user) */
  runningUser: Type.Optional(Nullable(Id())),
}, {
  company: Id(),
  project: Id(),
  user: Id(),
  item: Type.Optional(Nullable(Id())),
  /** not in the spec: the invoice its line went to (README « Invoicing »), once */
  invoice: Type.Optional(Nullable(Id())),
});
export type ProjectWorkingTime = Static<typeof ProjectWorkingTime>;

/** `POST /working-times`: a finished period typed by hand */
export const WorkingTimeInput = Type.Object({
  start: Type.Optional(DateTime()),
  end: Type.Optional(Nullable(DateTime())),
  comment: Type.Optional(Text()),
  starRate: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
  fk: Type.Optional(Type.Object({
    project: Type.Optional(Id()),
    item: Type.Optional(Nullable(Id())),
  }, { additionalProperties: false })),
}, { additionalProperties: false });
export type WorkingTimeInput = Static<typeof WorkingTimeInput>;

/** `POST /working-times/start` */
export const StartInput = Type.Object({
  comment: Type.Optional(Text()),
  fk: Type.Object({ project: Type.Optional(Id()), item: Type.Optional(Nullable(Id())) }, { additionalProperties: false }),
}, { additionalProperties: false });
export type StartInput = Static<typeof StartInput>;

/** `POST /working-times/stop` */
export const StopInput = Type.Object({
  comment: Type.Optional(Text()),
  starRate: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
}, { additionalProperties: false });
export type StopInput = Static<typeof StopInput>;

/** `POST /working-times/invoice` (README « Invoicing ») */
export const InvoiceTimeInput = Type.Object({
  workingTimes: Type.Array(Id(), { minItems: 1, maxItems: 500 }),
  customer: Id(),
  /** a draft invoice of that customer to add the lines to; none: a new draft */
  invoice: Type.Optional(Id()),
  /** excl. taxes, per hour; default the project's `hourlyRate` */
  hourlyRate: Type.Optional(Money({ minimum: 0 })),
}, { additionalProperties: false });
export type InvoiceTimeInput = Static<typeof InvoiceTimeInput>;


