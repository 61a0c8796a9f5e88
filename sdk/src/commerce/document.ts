/**
 * Totals of a commercial document (commerce README « Rules »): normalized lines, VAT
 * details per rate and the document totals, which are the sums of the details.
 */
import { Decimal } from 'decimal.js';
import { parseLine, type Line, type LineInput } from './lines.ts';
import { toNumber } from './money.ts';
import { computeVatDetails, lineTotalExcl, type VatCalculationMethod, type VatDetail } from './vat-details.ts';

export interface DocumentTotals {
  exclTaxesPrice: number;
  inclTaxesPrice: number;
  vatAmount: number;
  vatDetails: VatDetail[];
}

export interface DocumentInput {
  items: LineInput[];
  subjectToVAT: boolean;
  vatCalculationMethod?: VatCalculationMethod;
}

const sum = (values: Decimal.Value[]) => values.reduce<Decimal>((s, v) => s.plus(v), new Decimal(0));

/**
 * Every line is normalized and kept; a line whose quantity, rate or price is not a number is left
 * out of the totals. A company not subject to VAT has no details and incl. = excl.
 */
export function computeDocument(doc: DocumentInput): DocumentTotals & { items: Line[] } {
  const parsed = (doc.items ?? []).map((input) => parseLine(input));
  const items = parsed.map((p) => p.line);
  const counted = parsed.filter((p) => p.countable).map((p) => p.line);
  if (!doc.subjectToVAT) {
    const total = toNumber(sum(counted.map(lineTotalExcl)));
    return { items, exclTaxesPrice: total, inclTaxesPrice: total, vatAmount: 0, vatDetails: [] };
  }
  const vatDetails = computeVatDetails(counted, doc.vatCalculationMethod);
  return {
    items,
    exclTaxesPrice: toNumber(sum(vatDetails.map((d) => d.totalExclTaxes))),
    inclTaxesPrice: toNumber(sum(vatDetails.map((d) => d.totalInclTaxes))),
    vatAmount: toNumber(sum(vatDetails.map((d) => d.amount))),
    vatDetails,
  };
}
