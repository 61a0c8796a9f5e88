/**
 * X and Z tickets and archives (spec §3 « Archive and Z/X ticket », README « Closings »): the
 * totals of a period (`ClosingTotals`), the merchant as it was (`sender`), numbered by their own
 * counters, hashed in their own chains, frozen. A Z ticket also carries the perpetual grand totals
 * (NF525: since the first sale, never reset), of its register and of the company.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Money, Nullable, Sender, Str, StrEnum, Text } from '@comptoir/schemas';
import { ClosingTotals } from './closing-totals.ts';
import { ARCHIVE_FREQUENCIES } from './cash-register.ts';

/**
 * A perpetual grand total: what was sold and refunded since the first sale, incl. and excl. taxes.
 * `refund…` keep their (negative) sign; `perpetualInclTaxes` is the absolute sum (sales − refunds),
 * the figure that only ever goes up.
 */
export const GrandTotal = Type.Object({
  totalInclTaxes: Money(),
  totalExclTaxes: Money(),
  refundTotalInclTaxes: Money(),
  refundTotalExclTaxes: Money(),
  netInclTaxes: Money(),
  perpetualInclTaxes: Money(),
}, { additionalProperties: false });
export type GrandTotal = Static<typeof GrandTotal>;

export const GrandTotals = Type.Object({ register: GrandTotal, company: GrandTotal }, { additionalProperties: false });
export type GrandTotals = Static<typeof GrandTotals>;

const periodFields = {
  number: Type.Integer({ minimum: 1 }),
  numberFull: Str(),
  /** when it was made */
  date: DateTime(),
  /** the period covered: start included, end excluded */
  startDate: DateTime(),
  endDate: DateTime(),
  /** the company's name, brand, address, phone, SIRET and VAT number when it was made */
  sender: Type.Optional(Sender),
  ...ClosingTotals.properties,
  /** given under the counter with the number (every stored one has it) */
  hash: Type.Optional(Str({ pattern: '^[0-9a-f]{64}$' })),
};

export const CLOSING_TICKET_KINDS = ['x', 'z'] as const;

/** An X ticket (a reading during the session) or a Z ticket (the closing). Same shape, two tables, two chains. */
export const ClosingTicket = Entity({
  ...periodFields,
  kind: StrEnum(CLOSING_TICKET_KINDS),
  cashRegisterNumber: Str(),
  userName: Type.Optional(Str()),
  /** the receipts read (the session's, up to this ticket) */
  receiptsCount: Type.Integer({ minimum: 0 }),
  /** Z only: the perpetual grand totals after this closing */
  grandTotals: Type.Optional(GrandTotals),
}, {
  company: Id(),
  cashRegister: Id(),
  opening: Id(),
  /** Z only: the closing verification */
  verification: Type.Optional(Nullable(Id())),
  user: Type.Optional(Nullable(Id())),
});
export type ClosingTicket = Static<typeof ClosingTicket>;

/** What an archive was computed from (the level below). */
export const ArchiveSource = Type.Object({ _id: Id(), numberFull: Str() }, { additionalProperties: false });

export const Archive = Entity({
  ...periodFields,
  frequency: StrEnum(ARCHIVE_FREQUENCIES, { default: 'daily' }),
  /** « 2026-11-27 », « 2026-11 », « 2026 », « 2026-04-01/2027-03-31 » */
  period: Str(),
  /** `z-tickets`, `daily` or `monthly` */
  sourceLevel: Str(),
  sources: Type.Array(ArchiveSource),
  /** the company's perpetual grand total at the end of the period (its last Z ticket's), none before the first Z */
  grandTotal: Type.Optional(Nullable(GrandTotal)),
  /** the software and its version, as NF525 archives say */
  software: Str(),
  comment: Type.Optional(Text()),
}, { company: Id() });
export type Archive = Static<typeof Archive>;

export const XTicketInput = Type.Object({ userName: Type.Optional(Str()) }, { additionalProperties: false });
export type XTicketInput = Static<typeof XTicketInput>;

export const ArchiveInput = Type.Object({
  /** any text: the service answers the spec's error for a value that is no frequency */
  frequency: Type.String({ maxLength: 255 }),
  /** a Paris day inside the period (default: yesterday) */
  date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
}, { additionalProperties: false });
export type ArchiveInput = Static<typeof ArchiveInput>;

/** The key pair that signs a company's exports (README « Signed export »); the private key never leaves the server. */
export const SigningKey = Entity({
  algorithm: Str(),
  publicKey: Text(),
  privateKey: Text(),
}, { company: Id() });
export type SigningKey = Static<typeof SigningKey>;
