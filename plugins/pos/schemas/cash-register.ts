/**
 * A cash register (spec §3 « Cash register »), its opening/closing verification and its cash
 * movements. Columns: server/migrations/20261127190000_registers.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Money, Nullable, Str, StrEnum, Text } from '@comptoir/schemas';
import { CashDetails, InOutDetail, MOVEMENT_TYPES } from './cash.ts';

/** `closed` by default (spec §4); `opened` between an opening and a closing verification. */
export const REGISTER_STATUSES = ['closed', 'opened'] as const;
export type RegisterStatus = (typeof REGISTER_STATUSES)[number];

export const ARCHIVE_FREQUENCIES = ['daily', 'monthly', 'yearly', 'fiscal-yearly'] as const;
export type ArchiveFrequency = (typeof ARCHIVE_FREQUENCIES)[number];

/** The last archive of each frequency made for this register (filled by the archives, issue 15 phase 2). */
export const LastArchive = Type.Object({ _id: Id(), number: Type.Integer(), numberFull: Str(), date: DateTime() }, { additionalProperties: false });
export const LastArchives = Type.Partial(Type.Object({
  daily: LastArchive, monthly: LastArchive, yearly: LastArchive, 'fiscal-yearly': LastArchive,
}), { additionalProperties: false });

export const CashRegister = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  status: StrEnum(REGISTER_STATUSES, { default: 'closed' }),
  /** a locked register can be neither opened nor used (spec « locked ») */
  locked: Type.Boolean({ default: false }),
  /** from the `cashRegister` counter, given once at creation */
  number: Type.Integer({ minimum: 1 }),
  numberFull: Str(),
  /** count cash by denomination (true) or as one amount */
  useCashDetails: Type.Boolean({ default: true }),
  lastArchives: Type.Optional(LastArchives),
  /** the print server its tickets go to */
  posPrinterId: Type.Optional(Nullable(Id())),
  /** the cash in the drawer now: counted at opening, moved by entries/withdrawals (and cash sales later) */
  cash: CashDetails,
  /** not in the spec: when the current opening was made (null while closed) */
  openedAt: Type.Optional(Nullable(DateTime())),
}, {
  company: Id(),
  establishment: Type.Optional(Nullable(Id())),
  room: Type.Optional(Nullable(Id())),
  /** not in the spec: the opening verification of the current session */
  openingVerification: Type.Optional(Nullable(Id())),
});
export type CashRegister = Static<typeof CashRegister>;

/** What a person writes on create/update: status, number, cash and archives change only through actions. */
export const CashRegisterInput = Type.Object({
  name: Type.Optional(Str({ minLength: 1 })),
  description: Type.Optional(Text()),
  locked: Type.Optional(Type.Boolean()),
  useCashDetails: Type.Optional(Type.Boolean()),
  posPrinterId: Type.Optional(Nullable(Id())),
  fk: Type.Optional(Type.Object({
    establishment: Type.Optional(Nullable(Id())),
    room: Type.Optional(Nullable(Id())),
  }, { additionalProperties: false })),
}, { additionalProperties: false });
export type CashRegisterInput = Static<typeof CashRegisterInput>;

export const VERIFICATION_STATUSES = ['opening', 'closing'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * An opening or closing count (spec CashRegisterVerification), frozen once written: `expectedAmount`
 * from the register's movements since opening, `realAmount` counted, `difference` = real − expected.
 */
export const CashRegisterVerification = Entity({
  date: DateTime(),
  cash: CashDetails,
  status: StrEnum(VERIFICATION_STATUSES, { default: 'opening' }),
  comment: Type.Optional(Text()),
  inOutDetails: Type.Array(InOutDetail, { default: [] }),
  expectedAmount: Money(),
  realAmount: Money(),
  difference: Money(),
  /** at closing: what stays in the drawer for the next opening (default: everything counted) */
  newAmountDetails: Type.Optional(CashDetails),
  userName: Type.Optional(Str()),
}, {
  company: Id(),
  cashRegister: Id(),
  user: Type.Optional(Id()),
  /** a closing names the opening it ends */
  opening: Type.Optional(Nullable(Id())),
});
export type CashRegisterVerification = Static<typeof CashRegisterVerification>;

/** `POST …/:id/open` and `…/:id/close` */
export const VerificationInput = Type.Object({
  cash: CashDetails,
  comment: Type.Optional(Text()),
  newAmountDetails: Type.Optional(CashDetails),
  /** the person at the till (may not be the signed-in account); kept on the verification and the Z ticket */
  userName: Type.Optional(Str()),
}, { additionalProperties: false });
export type VerificationInput = Static<typeof VerificationInput>;

/** A cash entry or withdrawal (frozen once written), during an opening. */
export const CashMovement = Entity({
  type: StrEnum(MOVEMENT_TYPES),
  amount: Money({ minimum: 0 }),
  cash: CashDetails,
  reason: Str({ minLength: 1 }),
  date: DateTime(),
  userName: Type.Optional(Str()),
}, {
  company: Id(),
  cashRegister: Id(),
  user: Type.Optional(Id()),
  opening: Id(),
});
export type CashMovement = Static<typeof CashMovement>;

/** `POST …/:id/movements` */
export const MovementInput = Type.Object({
  type: StrEnum(MOVEMENT_TYPES),
  reason: Str({ minLength: 1 }),
  cash: CashDetails,
}, { additionalProperties: false });
export type MovementInput = Static<typeof MovementInput>;

export type { InOutDetail };
