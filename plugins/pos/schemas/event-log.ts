/**
 * The event log of the till (NF525's « journal des événements techniques », README « Event log »):
 * one numbered, hash-chained, frozen row per event of the company.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, JsonObject, Nullable, Str, StrEnum } from '@comptoir/schemas';

/**
 * Event codes. Phase 1 writes the register's opening and closing; the others are reserved for what
 * comes with receipts (reprint, cancellation), exports and integrity checks.
 */
export const EVENT_CODES = [
  'register.opened', 'register.closed', 'register.cash-moved',
  'receipt.reprinted', 'receipt.cancelled', 'export.made', 'verification.failed', 'ticket.printed',
  'x-ticket.made', 'archive.made',
] as const;
export type EventCode = (typeof EVENT_CODES)[number];

export const PosEvent = Entity({
  number: Type.Integer({ minimum: 1 }),
  numberFull: Str(),
  code: StrEnum(EVENT_CODES),
  /** French, for a person reading the log */
  label: Str(),
  date: DateTime(),
  userName: Type.Optional(Str()),
  /** what the event is about (a verification, a receipt…), as `<plugin>.<collection>` */
  objectType: Type.Optional(Str()),
  data: Type.Optional(JsonObject()),
  hash: Str({ pattern: '^[0-9a-f]{64}$' }),
}, {
  company: Id(),
  user: Type.Optional(Nullable(Id())),
  cashRegister: Type.Optional(Nullable(Id())),
  object: Type.Optional(Nullable(Id())),
});
export type PosEvent = Static<typeof PosEvent>;
