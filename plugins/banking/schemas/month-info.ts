/**
 * MonthInfo (spec §3): per month, income, outcome and total per category, sub-category and
 * account. Stored per account and month (README « Months »), answered per month.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Money, Str } from '@comptoir/schemas';

/** `YYYY-MM` */
const MONTH = '^\\d{4}-(0[1-9]|1[0-2])$';

export const MonthLine = Type.Object({
  /** the category, sub-category or account (`none`: not classified) */
  id: Str(),
  income: Money(),
  outcome: Money(),
  total: Money(),
  count: Type.Integer({ minimum: 0 }),
}, { additionalProperties: false });
export type MonthLine = Static<typeof MonthLine>;

/** one account's month, kept in the transaction of every write of its operations */
export const AccountMonth = Entity({
  /** `YYYY-MM`, the month in Paris of the operations' date */
  date: Str({ pattern: '^\\d{4}-\\d{2}$' }),
  categories: Type.Array(MonthLine, { default: [] }),
  subCategories: Type.Array(MonthLine, { default: [] }),
  income: Money({ default: 0 }),
  outcome: Money({ default: 0 }),
  total: Money({ default: 0 }),
  count: Type.Integer({ minimum: 0, default: 0 }),
}, { company: Id(), account: Id() });
export type AccountMonth = Static<typeof AccountMonth>;

/** the spec's MonthInfo, as `GET /months` answers it */
export interface MonthInfo {
  date: string;
  categories: MonthLine[];
  subCategories: MonthLine[];
  accounts: MonthLine[];
  income: number;
  outcome: number;
  total: number;
}

export const MonthsQuery = Type.Object({
  from: Type.Optional(Str({ pattern: MONTH })),
  to: Type.Optional(Str({ pattern: MONTH })),
  /** a JSON list of account ids, or one id */
  accounts: Type.Optional(Str({ maxLength: 3000 })),
}, { additionalProperties: false });
