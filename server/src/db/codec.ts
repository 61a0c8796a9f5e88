/**
 * Values cross the repository boundary here, and only here, so that SQLite and MySQL answer alike:
 * - money is a BIGINT of 1/10 000 of a euro: sums are integer sums on both engines, exact;
 * - instants are fixed-width ISO strings in UTC: they compare and sort the same as text everywhere;
 * - booleans are 0/1; JSON is text on SQLite and MariaDB, parsed here.
 * mysql2 returns DECIMAL/BIGINT sums as strings and SQLite as numbers: both go through decimal.js.
 */
import { Decimal } from 'decimal.js';
import type { StorageKind } from '@comptoir/schemas';
import { foldText } from '@comptoir/sdk';

export const MONEY_SCALE = 4;
const FACTOR = new Decimal(10).pow(MONEY_SCALE);

export function moneyToDb(v: Decimal.Value): number {
  return new Decimal(v).times(FACTOR).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

export function moneyFromDb(v: Decimal.Value): Decimal {
  return new Decimal(v).div(FACTOR);
}

export function dateToDb(v: unknown): string {
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) throw new TypeError(`invalid date ${String(v)}`);
  return d.toISOString();
}

export function toDb(kind: StorageKind, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  switch (kind) {
    case 'money': return moneyToDb(v as Decimal.Value);
    case 'date': return dateToDb(v);
    case 'bool': return v ? 1 : 0;
    case 'json': return JSON.stringify(v);
    case 'int': case 'number': return Number(v);
    default: return v;
  }
}

export function fromDb(kind: StorageKind, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  switch (kind) {
    case 'money': return moneyFromDb(v as Decimal.Value).toNumber();
    case 'date': return v instanceof Date ? v.toISOString() : String(v);
    case 'bool': return v === true || v === 1 || v === '1';
    case 'json':
      if (typeof v === 'string') return JSON.parse(v);
      if (Buffer.isBuffer(v)) return JSON.parse(v.toString('utf8'));
      return v;
    case 'int': case 'number': return Number(v);
    default: return String(v);
  }
}

/**
 * Accent- and case-insensitive folding used by `contains` filters: on SQLite registered as the SQL
 * function `comptoir_fold`; MySQL gets the same behaviour from the utf8mb4_unicode_ci collation,
 * which also expands ß, æ and œ. Fields with a search index store it (`<field>__fold`,
 * README « Search index »). The one definition is the SDK's (migrations fill the columns with it).
 */
export const fold = foldText;
