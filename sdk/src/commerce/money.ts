/**
 * Exact money arithmetic (commerce README « Rules », Money): amounts are parsed as decimals, never as floats, and
 * rounded to 2 decimals half away from zero (decimal.js ROUND_HALF_UP), so that a credit note is
 * the exact mirror of the invoice it credits.
 */
import { Decimal } from 'decimal.js';

/** What a form or a stored document may hold where a number is expected. */
export type Num = number | string | null | undefined;

// One optional sign, digits with one optional decimal separator; no exponent, no thousands separator
// other than spaces (removed before matching: people paste « 1 234,50 »).
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** '1,5' '1.5' 1.5 -> 1.5 ; '', '  ', 'abc', NaN, null, undefined -> null. */
export function toDecimal(v: Num): Decimal | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? new Decimal(v) : null;
  if (typeof v !== 'string') return null;
  const text = v.replace(/\s/g, '').replace(',', '.');
  return DECIMAL_TEXT.test(text) ? new Decimal(text) : null;
}

/** True when the value is absent (as opposed to present but not a number). */
export function isBlank(v: Num): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/** Rounds to 2 decimals, halves away from zero. */
export function round2(d: Decimal.Value): Decimal {
  return new Decimal(d).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Decimal -> number without the negative zero a credit note would otherwise carry. */
export function toNumber(d: Decimal.Value): number {
  const n = new Decimal(d).toNumber();
  return n === 0 ? 0 : n;
}

/** round2 then a plain number: what is stored in a Money field. */
export function money(d: Decimal.Value): number {
  return toNumber(round2(d));
}
