/**
 * Unit price conversions between excluding and including taxes (commerce README « Rules », Prices): incl. = excl. ×
 * (1 + vat/100) rounded to 2 decimals; the reverse divides. No conversion (null) when the price or
 * the rate is not a number.
 */
import type { Decimal } from 'decimal.js';
import { money, toDecimal, type Num } from './money.ts';

/** 1 + vat/100, or null for a rate of -100 % that no price can be converted through. */
export function rateFactor(vat: Decimal): Decimal | null {
  const factor = vat.div(100).plus(1);
  return factor.isZero() ? null : factor;
}

export function inclFromExclDecimal(excl: Decimal, vat: Decimal): number | null {
  const factor = rateFactor(vat);
  return factor === null ? null : money(excl.times(factor));
}

export function exclFromInclDecimal(incl: Decimal, vat: Decimal): number | null {
  const factor = rateFactor(vat);
  return factor === null ? null : money(incl.div(factor));
}

export function inclFromExcl(excl: Num, vat: Num): number | null {
  const price = toDecimal(excl);
  const rate = toDecimal(vat);
  return price === null || rate === null ? null : inclFromExclDecimal(price, rate);
}

export function exclFromIncl(incl: Num, vat: Num): number | null {
  const price = toDecimal(incl);
  const rate = toDecimal(vat);
  return price === null || rate === null ? null : exclFromInclDecimal(price, rate);
}
