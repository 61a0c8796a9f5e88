/**
 * MonthInfo's arithmetic (README « Months »), plain functions over plain data: what an operation
 * contributes to its month, and a month's lines moved by contributions added or removed. Amounts
 * are exact (decimal.js); `outcome` is the money that went out, as a positive number, and
 * `total = income − outcome`.
 */
import { Decimal } from 'decimal.js';
import type { MonthLine } from '../../../schemas/index.ts';
import { parisMonth } from '../common/dates.ts';

/** an operation that counts in the months: one not split (a parent split counts through its parts) */
export interface Leaf {
  month: string;
  account: string;
  category: string;
  subCategory: string;
  amount: string;
}

export const NONE = 'none';

export interface LeafSource {
  dateOperation: string;
  amount: number | string;
  subOperationsCount?: number;
  fk: { account: string; category?: string | null; subCategory?: string | null };
}

/** null for a parent split in parts (its parts count instead) */
export function leafOf(op: LeafSource): Leaf | null {
  if ((op.subOperationsCount ?? 0) > 0) return null;
  return {
    month: parisMonth(op.dateOperation), account: op.fk.account,
    category: op.fk.category ?? NONE, subCategory: op.fk.subCategory ?? NONE,
    amount: new Decimal(op.amount).toFixed(4),
  };
}

export interface Sums { income: Decimal; outcome: Decimal; count: number }
const zero = (): Sums => ({ income: new Decimal(0), outcome: new Decimal(0), count: 0 });

function add(s: Sums, amount: string, sign: 1 | -1) {
  const a = new Decimal(amount);
  if (a.gte(0)) s.income = s.income.plus(a.times(sign));
  else s.outcome = s.outcome.plus(a.neg().times(sign));
  s.count += sign;
}

const num = (d: Decimal) => d.toDecimalPlaces(4).toNumber();

export function toLine(id: string, s: Sums): MonthLine {
  return { id, income: num(s.income), outcome: num(s.outcome), total: num(s.income.minus(s.outcome)), count: s.count };
}

function fromLine(l: MonthLine): Sums {
  return { income: new Decimal(l.income), outcome: new Decimal(l.outcome), count: l.count };
}

export interface MonthSums { total: Sums; categories: Map<string, Sums>; subCategories: Map<string, Sums> }

export function emptyMonth(): MonthSums {
  return { total: zero(), categories: new Map(), subCategories: new Map() };
}

export function monthFromLines(m: { income: number; outcome: number; count: number; categories: MonthLine[]; subCategories: MonthLine[] }): MonthSums {
  return {
    total: { income: new Decimal(m.income), outcome: new Decimal(m.outcome), count: m.count },
    categories: new Map(m.categories.map((l) => [l.id, fromLine(l)])),
    subCategories: new Map(m.subCategories.map((l) => [l.id, fromLine(l)])),
  };
}

/** adds (sign 1) or removes (sign −1) one leaf's amount */
export function moveMonth(m: MonthSums, leaf: Leaf, sign: 1 | -1): void {
  add(m.total, leaf.amount, sign);
  for (const [map, key] of [[m.categories, leaf.category], [m.subCategories, leaf.subCategory]] as const) {
    const s = map.get(key) ?? zero();
    add(s, leaf.amount, sign);
    if (s.count === 0 && s.income.isZero() && s.outcome.isZero()) map.delete(key);
    else map.set(key, s);
  }
}

const lines = (map: Map<string, Sums>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, s]) => toLine(id, s));

export function monthFields(m: MonthSums) {
  const t = toLine('total', m.total);
  return { income: t.income, outcome: t.outcome, total: t.total, count: t.count, categories: lines(m.categories), subCategories: lines(m.subCategories) };
}

/** Every month of every account from the operations themselves: the recount the maintained months must equal. */
export function recountMonths(ops: LeafSource[]): Map<string, ReturnType<typeof monthFields>> {
  const months = new Map<string, MonthSums>();
  for (const op of ops) {
    const leaf = leafOf(op);
    if (!leaf) continue;
    const key = `${leaf.account}|${leaf.month}`;
    const m = months.get(key) ?? emptyMonth();
    moveMonth(m, leaf, 1);
    months.set(key, m);
  }
  return new Map([...months.entries()].map(([k, m]) => [k, monthFields(m)]));
}
