/**
 * VAT details per VAT category and rate (commerce README « Rules », VAT methods; « VAT
 * categories »): the two calculation methods. Lines without category (purchases, documents
 * computed before issue 13) group by rate alone, as before.
 * - rounded-total (default): per rate, the incl. line totals are summed, the excl. amount is
 *   computed once from that sum, the VAT is the difference.
 * - rounded-lines: each line's excl. total and VAT are rounded first, then summed per rate.
 */
import { Decimal } from 'decimal.js';
import type { Line } from './lines.ts';
import { round2, toNumber } from './money.ts';
import { rateFactor } from './prices.ts';
import type { VatCategory, VatReason } from './vat-category.ts';

export const VAT_CALCULATION_METHODS = ['rounded-total', 'rounded-lines'] as const;
export type VatCalculationMethod = (typeof VAT_CALCULATION_METHODS)[number];
export const DEFAULT_VAT_CALCULATION_METHOD: VatCalculationMethod = 'rounded-total';

export interface VatDetail {
  vat: number;
  totalExclTaxes: number;
  totalInclTaxes: number;
  amount: number;
  vatCategory?: VatCategory;
  /** the reason of the category (BT-120/121): its lines', their texts joined when they differ */
  vatExemptionReason?: VatReason;
}

/** A line total, in cents: what the document prints on the line. */
export const lineTotalExcl = (l: Line): Decimal => round2(new Decimal(l.quantity).times(l.exclTaxesPrice));
export const lineTotalIncl = (l: Line): Decimal => round2(new Decimal(l.quantity).times(l.inclTaxesPrice));

interface Group { vat: Decimal; category?: VatCategory; lines: Line[] }

function byCategoryAndRate(lines: Line[]): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const line of lines) {
    const vat = new Decimal(line.vat);
    const key = `${line.vatCategory ?? ''} ${vat.toString()}`;
    const group = groups.get(key) ?? { vat, category: line.vatCategory, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  return groups;
}

/**
 * The reason of a group: EN 16931 has one breakdown per category and rate (BR-E-01…), so lines of
 * one category with different reasons share it — their distinct texts joined by « ; », the code
 * kept only when they all have the same one.
 */
export function groupReason(lines: Pick<Line, 'vatExemptionReason'>[]): VatReason | undefined {
  const reasons = lines.map((l) => l.vatExemptionReason).filter((r): r is VatReason => !!r);
  if (reasons.length === 0) return undefined;
  const texts = [...new Set(reasons.map((r) => r.text))];
  const codes = new Set(reasons.map((r) => r.code ?? ''));
  const code = codes.size === 1 && reasons.length === lines.length ? reasons[0].code : undefined;
  return code ? { code, text: texts.join(' ; ') } : { text: texts.join(' ; ') };
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

/** Details sorted by rate (then category), one per category and rate present among the lines. */
export function computeVatDetails(lines: Line[], method: VatCalculationMethod = DEFAULT_VAT_CALCULATION_METHOD): VatDetail[] {
  const compute = method === 'rounded-lines' ? roundedLines : roundedTotal;
  return [...byCategoryAndRate(lines).values()]
    .sort((a, b) => a.vat.comparedTo(b.vat) || (a.category ?? '').localeCompare(b.category ?? ''))
    .map(({ vat, category, lines: group }) => {
      const { excl, incl, amount } = compute(vat, group);
      const detail: VatDetail = { vat: toNumber(vat), totalExclTaxes: toNumber(excl), totalInclTaxes: toNumber(incl), amount: toNumber(amount) };
      if (category) detail.vatCategory = category;
      const reason = category ? groupReason(group) : undefined;
      if (reason) detail.vatExemptionReason = reason;
      return detail;
    });
}
