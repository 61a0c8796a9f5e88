/**
 * Perpetual grand totals (NF525, REQUIREMENTS.md §4; README « Closings »): running totals since the
 * first sale, never reset. The grand total after closing N is GT(N−1) + the period's totals — per
 * register (its previous Z) and per company (the previous Z of the company's chain). Plain data, exact.
 */
import { Decimal } from 'decimal.js';
import type { ClosingTotals, GrandTotal } from '../../../schemas/index.ts';

export const ZERO_GRAND_TOTAL: GrandTotal = {
  totalInclTaxes: 0, totalExclTaxes: 0, refundTotalInclTaxes: 0, refundTotalExclTaxes: 0, netInclTaxes: 0, perpetualInclTaxes: 0,
};

const add = (a: number, b: number) => new Decimal(a).plus(b).toDecimalPlaces(2).toNumber();

/** GT(N) = GT(N−1) + the period: sales and refunds apart, the net, and the absolute sum that only goes up. */
export function nextGrandTotal(previous: GrandTotal | null | undefined, t: ClosingTotals): GrandTotal {
  const p = previous ?? ZERO_GRAND_TOTAL;
  return {
    totalInclTaxes: add(p.totalInclTaxes, t.totalInclTaxes),
    totalExclTaxes: add(p.totalExclTaxes, t.totalExclTaxes),
    refundTotalInclTaxes: add(p.refundTotalInclTaxes, t.refundTotalInclTaxes),
    refundTotalExclTaxes: add(p.refundTotalExclTaxes, t.refundTotalExclTaxes),
    netInclTaxes: add(p.netInclTaxes, add(t.totalInclTaxes, t.refundTotalInclTaxes)),
    perpetualInclTaxes: add(p.perpetualInclTaxes, new Decimal(t.totalInclTaxes).minus(t.refundTotalInclTaxes).toNumber()),
  };
}
