/**
 * VAT details per rate (commerce README « Rules », VAT methods): the two calculation methods.
 * - rounded-total (default): per rate, the incl. line totals are summed, the excl. amount is
 *   computed once from that sum, the VAT is the difference.
 * - rounded-lines: each line's excl. total and VAT are rounded first, then summed per rate.
 */
import { Decimal } from 'decimal.js';
import type { Line } from './lines.ts';
import { round2, toNumber } from './money.ts';
import { rateFactor } from './prices.ts';

export const VAT_CALCULATION_METHODS = ['rounded-total', 'rounded-lines'] as const;
export type VatCalculationMethod = (typeof VAT_CALCULATION_METHODS)[number];
export const DEFAULT_VAT_CALCULATION_METHOD: VatCalculationMethod = 'rounded-total';

export interface VatDetail {
  vat: number;
  totalExclTaxes: number;
  totalInclTaxes: number;
  amount: number;
}

/** A line total, in cents: what the document prints on the line. */
export const lineTotalExcl = (l: Line): Decimal => round2(new Decimal(l.quantity).times(l.exclTaxesPrice));
export const lineTotalIncl = (l: Line): Decimal => round2(new Decimal(l.quantity).times(l.inclTaxesPrice));

function byRate(lines: Line[]): Map<string, { vat: Decimal; lines: Line[] }> {
  const groups = new Map<string, { vat: Decimal; lines: Line[] }>();
  for (const line of lines) {
    const vat = new Decimal(line.vat);
    const key = vat.toString();
    const group = groups.get(key) ?? { vat, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  return groups;
}

function roundedTotal(vat: Decimal, lines: Line[]) {
  const incl = lines.reduce((sum, l) => sum.plus(lineTotalIncl(l)), new Decimal(0));
  const excl = round2(incl.div(rateFactor(vat) ?? 1));
  return { excl, incl, amount: incl.minus(excl) };
}

function roundedLines(vat: Decimal, lines: Line[]) {
  let excl = new Decimal(0);
  let amount = new Decimal(0);
  for (const line of lines) {
    const lineExcl = lineTotalExcl(line);
    excl = excl.plus(lineExcl);
    amount = amount.plus(round2(lineExcl.times(vat).div(100)));
  }
  return { excl, incl: excl.plus(amount), amount };
}

/** Details sorted by rate, one per rate present among the lines. */
export function computeVatDetails(lines: Line[], method: VatCalculationMethod = DEFAULT_VAT_CALCULATION_METHOD): VatDetail[] {
  const compute = method === 'rounded-lines' ? roundedLines : roundedTotal;
  return [...byRate(lines).values()]
    .sort((a, b) => a.vat.comparedTo(b.vat))
    .map(({ vat, lines: group }) => {
      const { excl, incl, amount } = compute(vat, group);
      return { vat: toNumber(vat), totalExclTaxes: toNumber(excl), totalInclTaxes: toNumber(incl), amount: toNumber(amount) };
    });
}
