/**
 * The amounts a document prints for its lines, chosen so that every printed column adds up to its
 * total and states what the e-invoice states (README « Documents: PDF and sending », Totals that
 * add up):
 * - a line's « Total HT » is round2(quantity × unit price excl. taxes), the XML's BT-131, under both
 *   VAT methods;
 * - a line's « Total TTC » is the method's own line amount: with `rounded-total` round2(quantity ×
 *   unit price incl. taxes), the base the method sums per rate; with `rounded-lines` the line's
 *   excl. total plus its rounded VAT. Either way Σ « Total TTC » = the document's total incl. taxes;
 * - with `rounded-total` the excl. base of a rate is computed from its incl. total, and may differ
 *   by a few cents from Σ « Total HT » of its lines: that difference is printed as a row of its own,
 *   « Écart d’arrondi … », per VAT category and rate — the very allowance (BG-20) or charge (BG-21) the XML writes
 *   (`vatBreakdown` of facturx/) — so Σ « Total HT » ± the adjustments = « Total HT ».
 */
import { Decimal } from 'decimal.js';
import { round2, toNumber } from '@comptoir/sdk/commerce';
import type { LineItem, VatCalculationMethod, VatDetail } from '@comptoir/schemas';

/** BT-97 / BT-104 of the adjustment, and the label of its printed row. */
export const ROUNDING_REASON = 'Écart d’arrondi : TVA calculée sur le total TTC de chaque taux';

type PricedLine = Pick<LineItem, 'quantity' | 'vat' | 'exclTaxesPrice' | 'inclTaxesPrice'>;

/** A line's printed totals (see above); without VAT, incl. = excl. */
export function printedLineTotals(line: PricedLine, method: VatCalculationMethod, subjectToVAT = true): { excl: number; incl: number } {
  const excl = round2(new Decimal(line.quantity).times(line.exclTaxesPrice));
  if (!subjectToVAT) return { excl: toNumber(excl), incl: toNumber(excl) };
  const incl = method === 'rounded-lines'
    ? excl.plus(round2(excl.times(line.vat).div(100)))
    : round2(new Decimal(line.quantity).times(line.inclTaxesPrice));
  return { excl: toNumber(excl), incl: toNumber(incl) };
}

export interface RoundingAdjustment {
  /** the rate and VAT category of the detail it belongs to */
  vat: number;
  vatCategory?: string;
  /** the detail's excl. base minus Σ its lines' excl. totals, signed as the document (negative: an allowance on an invoice) */
  amount: number;
}

const keyOf = (category: string | undefined, vat: number) => `${category ?? ''} ${new Decimal(vat).toString()}`;

/**
 * The adjustment of each VAT detail whose excl. base is not the sum of its lines' excl. totals
 * (only `rounded-total` makes one), in the details' order. A line belongs to the detail of its
 * category and rate, as the engine groups them (`categories`: each line's, in order, as the PDF
 * prints them; a detail without category is one of before issue 13, whose lines have none either).
 */
export function roundingAdjustments(doc: {
  subjectToVAT: boolean; items: PricedLine[]; vatDetails: (VatDetail & { vatCategory?: string })[]; categories?: { vatCategory?: string }[];
}): RoundingAdjustment[] {
  if (!doc.subjectToVAT) return [];
  const lines = new Map<string, Decimal>();
  doc.items.forEach((line, i) => {
    const key = keyOf(doc.categories?.[i]?.vatCategory, line.vat);
    lines.set(key, (lines.get(key) ?? new Decimal(0)).plus(round2(new Decimal(line.quantity).times(line.exclTaxesPrice))));
  });
  return doc.vatDetails
    .map((d) => ({ vat: d.vat, vatCategory: d.vatCategory, gap: new Decimal(d.totalExclTaxes).minus(lines.get(keyOf(d.vatCategory, d.vat)) ?? 0) }))
    .filter((a) => !a.gap.isZero())
    .map((a) => ({ vat: a.vat, ...(a.vatCategory ? { vatCategory: a.vatCategory } : {}), amount: toNumber(a.gap) }));
}
