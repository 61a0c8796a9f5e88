/**
 * A bank account (spec §3 « OperationAccount »). Columns: server/migrations/20261205120000_banking.ts.
 * `balance` is never typed by hand on a write of operations: it is recomputed (README « Balances »).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Money, Nullable, Str, StrEnum } from '@comptoir/schemas';
import { CsvMapping } from './csv-mapping.ts';

/** spec: type default `bank`; the others are what an aggregator names (README « Accounts ») */
export const ACCOUNT_TYPES = ['bank', 'savings', 'card', 'loan', 'cash', 'other'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const OperationAccount = Entity({
  name: Str({ minLength: 1 }),
  /** the account number or IBAN as the bank writes it: imports find the account by it */
  number: Type.Optional(Str()),
  bank: Type.Optional(Str()),
  type: StrEnum(ACCOUNT_TYPES, { default: 'bank' }),
  /** balanceCorrection + Σ amounts of its operations (sub-operations excluded) */
  balance: Money({ default: 0 }),
  /** when the balance was last stated (by a statement or by hand) */
  balanceDate: Type.Optional(Nullable(DateTime())),
  /** what the operations alone do not explain: the balance before the first operation known */
  balanceCorrection: Money({ default: 0 }),
  /** true: the balance was set by hand, statements no longer restate it */
  manualAutoBalance: Type.Boolean({ default: false }),
  /** operations before this day are not imported */
  firstDateToSync: Type.Optional(Nullable(DateTime())),
  /** the last import into this account */
  lastSync: Type.Optional(Nullable(DateTime())),
  /** the operation that closed the account (its last one) */
  closingOperationId: Type.Optional(Nullable(Id())),
  /** not in the spec: the CSV columns of this bank, saved by an import (README « CSV ») */
  csvMapping: Type.Optional(Nullable(CsvMapping)),
}, { company: Id() });
export type OperationAccount = Static<typeof OperationAccount>;

export const AccountInput = Type.Object({
  name: Type.Optional(Str({ minLength: 1 })),
  number: Type.Optional(Str()),
  bank: Type.Optional(Str()),
  type: Type.Optional(StrEnum(ACCOUNT_TYPES)),
  /** typed by hand: the correction is computed so that the balance is this one now */
  balance: Type.Optional(Money()),
  manualAutoBalance: Type.Optional(Type.Boolean()),
  firstDateToSync: Type.Optional(Nullable(DateTime())),
  closingOperationId: Type.Optional(Nullable(Id())),
  csvMapping: Type.Optional(Nullable(CsvMapping)),
}, { additionalProperties: false });
export type AccountInput = Static<typeof AccountInput>;
