/**
 * The external aggregator's shapes (spec §3 « External aggregator account and operation »), as a
 * JSON file the import reads: `{ accounts: [account & { transactions }] }`, `{ account, transactions }`
 * or `{ transactions }` (README « Aggregator JSON »).
 */
import { Type, type Static } from '@sinclair/typebox';

const Num = Type.Union([Type.Number(), Type.String({ maxLength: 40 })]);
const OptStr = Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]));

export const AggregatorOperation = Type.Object({
  id: Type.Union([Type.Integer(), Type.String({ minLength: 1, maxLength: 100 })]),
  url: OptStr,
  type: OptStr,
  raw: OptStr,
  category: OptStr,
  label: OptStr,
  amount: Num,
  date: Type.String({ maxLength: 40 }),
  rdate: OptStr,
  vdate: OptStr,
});
export type AggregatorOperation = Static<typeof AggregatorOperation>;

export const AggregatorAccount = Type.Object({
  id: Type.Union([Type.Integer(), Type.String({ minLength: 1, maxLength: 100 })]),
  url: OptStr,
  label: OptStr,
  currency: Type.Optional(Type.String({ default: 'EUR', maxLength: 10 })),
  bank_name: OptStr,
  type: OptStr,
  owner_type: Type.Optional(Type.String({ default: 'PRIV', maxLength: 20 })),
  balance: Type.Optional(Type.Union([Num, Type.Null()])),
  number: OptStr,
  name: OptStr,
  account_label: OptStr,
  insurance_label: OptStr,
  transactions: Type.Optional(Type.Array(AggregatorOperation)),
});
export type AggregatorAccount = Static<typeof AggregatorAccount>;

export const AggregatorFile = Type.Union([
  Type.Object({ accounts: Type.Array(AggregatorAccount, { minItems: 1 }) }),
  Type.Object({ account: AggregatorAccount, transactions: Type.Array(AggregatorOperation) }),
  Type.Object({ transactions: Type.Array(AggregatorOperation) }),
]);
export type AggregatorFile = Static<typeof AggregatorFile>;
