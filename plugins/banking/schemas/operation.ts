/**
 * A bank operation (spec §3 « Operation »). A parent split in sub-operations keeps its amount;
 * its parts (`fk.parent`) carry the categories (README « Split »).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Money, Nullable, Str, StrEnum } from '@comptoir/schemas';

/** how the money moved; `unknown` by default (spec); README « Transaction modes » */
export const TRANSACTION_MODES = ['unknown', 'cb', 'transfer', 'debit', 'check', 'cash', 'withdrawal', 'deposit', 'fees', 'interest', 'loan'] as const;
export type TransactionMode = (typeof TRANSACTION_MODES)[number];

/** where the operation came from */
export const OPERATION_SOURCES = ['manual', 'ofx', 'camt', 'csv', 'aggregator', 'split'] as const;
export type OperationSource = (typeof OPERATION_SOURCES)[number];

export const Operation = Entity({
  dateOperation: DateTime(),
  dateValue: Type.Optional(Nullable(DateTime())),
  label: Str(),
  /** the label as the bank wrote it; rules read it (spec §5) */
  originalLabel: Type.Optional(Nullable(Str())),
  source: StrEnum(OPERATION_SOURCES, { default: 'manual' }),
  subOperationsCount: Type.Integer({ minimum: 0, default: 0 }),
  transactionMode: StrEnum(TRANSACTION_MODES, { default: 'unknown' }),
  amount: Money(),
  location: Type.Optional(Nullable(Str())),
  /** not in the spec: what makes a re-import add nothing (README « Dedupe ») */
  dedupeKey: Type.Optional(Nullable(Str())),
  /** not in the spec: the part of `amount` matched to documents (README « Matching »), same sign */
  matchedAmount: Money({ default: 0 }),
}, {
  company: Id(),
  account: Id(),
  parent: Type.Optional(Nullable(Id())),
  customer: Type.Optional(Nullable(Id())),
  category: Type.Optional(Nullable(Id())),
  subCategory: Type.Optional(Nullable(Id())),
  contracts: Type.Optional(Type.Array(Id(), { default: [] })),
  groups: Type.Optional(Type.Array(Id(), { default: [] })),
  /** payments of invoices this operation settles, and their cancellations (README « Matching ») */
  payments: Type.Optional(Type.Array(Id(), { default: [] })),
  /** the same for purchases and external purchases */
  purchasePayments: Type.Optional(Type.Array(Id(), { default: [] })),
  /** the import that brought it */
  import: Type.Optional(Nullable(Id())),
});
export type Operation = Static<typeof Operation>;

const FkInput = Type.Object({
  account: Type.Optional(Id()),
  customer: Type.Optional(Nullable(Id())),
  category: Type.Optional(Nullable(Id())),
  subCategory: Type.Optional(Nullable(Id())),
  contracts: Type.Optional(Type.Array(Id(), { maxItems: 50 })),
  groups: Type.Optional(Type.Array(Id(), { maxItems: 50 })),
}, { additionalProperties: false });

/** A manual operation, or the changes of one (dates and amount of an imported one stay the bank's). */
export const OperationInput = Type.Object({
  dateOperation: Type.Optional(DateTime()),
  dateValue: Type.Optional(Nullable(DateTime())),
  label: Type.Optional(Str()),
  amount: Type.Optional(Money()),
  transactionMode: Type.Optional(StrEnum(TRANSACTION_MODES)),
  location: Type.Optional(Nullable(Str())),
  fk: Type.Optional(FkInput),
}, { additionalProperties: false });
export type OperationInput = Static<typeof OperationInput>;

export const SplitPart = Type.Object({
  amount: Money(),
  label: Type.Optional(Str()),
  fk: Type.Optional(Type.Object({
    category: Type.Optional(Nullable(Id())),
    subCategory: Type.Optional(Nullable(Id())),
  }, { additionalProperties: false })),
}, { additionalProperties: false });

/** `POST /operations/:id/split`: the parts replace the previous ones; none undoes the split */
export const SplitInput = Type.Object({
  parts: Type.Array(SplitPart, { maxItems: 100 }),
}, { additionalProperties: false });
export type SplitInput = Static<typeof SplitInput>;
