/**
 * Totals of a commercial document (commerce README « Rules »): normalized lines, VAT
 * details per rate and the document totals, which are the sums of the details.
 */
import { Decimal } from 'decimal.js';
import { parseLine, type Line, type LineInput } from './lines.ts';
import { toNumber } from './money.ts';
import { computeVatDetails, lineTotalExcl, type VatCalculationMethod, type VatDetail } from './vat-details.ts';
import { automaticVatCategory, isZeroRated, lineVatCategory, type VatSaleContext } from './vat-category.ts';

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
  /**
   * A sale (invoice, quotation): every line gets its VAT category — the one chosen by hand, else
   * the automatic one (commerce README « VAT categories »). Without it (a purchase) categories stay
   * as given and lines without one group by rate alone.
   */
  vatSale?: Omit<VatSaleContext, 'subjectToVAT'>;
}

const sum = (values: Decimal.Value[]) => values.reduce<Decimal>((s, v) => s.plus(v), new Decimal(0));

/**
 * Every line is normalized and kept; a line whose quantity, rate or price is not a number is left
 * out of the totals. A company not subject to VAT has no details and incl. = excl.
 */
export function computeDocument(doc: DocumentInput): DocumentTotals & { items: Line[] } {
  const parsed = (doc.items ?? []).map((input) => parseLine(input));
  if (doc.vatSale) {
    const sale: VatSaleContext = { ...doc.vatSale, subjectToVAT: doc.subjectToVAT };
    for (const p of parsed) categorize(p.line, sale);
  }
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

/**
 * Gives a line of a sale its category and reason. A category without VAT (E, AE, K, G, O, Z) makes
 * the line's rate 0 and its price incl. taxes its price excl. taxes: the price excl. taxes is what
 * the customer pays. A company not subject to VAT has one category, E with the franchise; its
 * lines keep their rates, which count for nothing (commerce README « Rules », not subject to VAT).
 */
function categorize(line: Line, sale: VatSaleContext): void {
  const choice = sale.subjectToVAT ? lineVatCategory(sale, line) : automaticVatCategory(sale, line);
  line.vatCategory = choice.vatCategory;
  if (choice.vatExemptionReason) line.vatExemptionReason = choice.vatExemptionReason;
  else delete line.vatExemptionReason;
  if (sale.subjectToVAT && isZeroRated(choice.vatCategory) && line.vat !== 0) {
    line.vat = 0;
    line.inclTaxesPrice = line.exclTaxesPrice;
  }
}
