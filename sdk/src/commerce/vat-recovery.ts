/**
 * The VAT a purchase lets the company deduct (purchases README « Entities »: 100 %
 * by default): the document's VAT × the percent, rounded to the cent like every amount.
 */
import { money, toDecimal, type Num } from './money.ts';

/** null when either is not a number (a percent being typed) */
export function recoverableVat(vatAmount: Num, vatRecoveryPercent: Num): number | null {
  const vat = toDecimal(vatAmount);
  const percent = toDecimal(vatRecoveryPercent);
  return vat === null || percent === null ? null : money(vat.times(percent).dividedBy(100));
}
