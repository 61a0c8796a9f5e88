/**
 * The document totals (BG-22), the stored ones, and a guard that they add up as EN 16931 requires
 * (BR-CO-10 to BR-CO-16). The stored totals always do (they are the engine's sums); a failure
 * means a row changed behind the application's back, and no e-invoice is made from it.
 */
import { Decimal } from 'decimal.js';
import type { CiiAllowanceCharge, CiiLine, CiiTax, CiiTotals, FacturXInvoice } from './types.ts';

const sum = (values: Decimal[]) => values.reduce((s, v) => s.plus(v), new Decimal(0));

export function ciiTotals(
  invoice: FacturXInvoice, lines: CiiLine[], taxes: CiiTax[], adjustments: CiiAllowanceCharge[], sign: Decimal,
): CiiTotals {
  const stored = (v: number) => new Decimal(v).times(sign);
  return {
    lines: sum(lines.map((l) => l.netAmount)),
    allowances: sum(adjustments.filter((a) => !a.charge).map((a) => a.amount)),
    charges: sum(adjustments.filter((a) => a.charge).map((a) => a.amount)),
    taxBasis: stored(invoice.exclTaxesPrice),
    tax: stored(invoice.vatAmount),
    grand: stored(invoice.inclTaxesPrice),
    paid: stored(invoice.paidAmount),
    due: stored(invoice.unpaidAmount),
  };
}

/** The BR-CO rules the totals must satisfy, each with what breaks it (empty when all hold). */
export function totalsBroken(t: CiiTotals, taxes: CiiTax[]): string[] {
  const rules: [string, boolean][] = [
    ['BR-CO-13', t.taxBasis.eq(t.lines.minus(t.allowances).plus(t.charges))],
    ['BR-CO-14', t.tax.eq(sum(taxes.map((x) => x.tax)))],
    ['BR-CO-15', t.grand.eq(t.taxBasis.plus(t.tax))],
    ['BR-CO-16', t.due.eq(t.grand.minus(t.paid))],
    ['BT-116', t.taxBasis.eq(sum(taxes.map((x) => x.basis)))],
  ];
  return rules.filter(([, ok]) => !ok).map(([rule]) => rule);
}
