/**
 * The VAT breakdown (BG-23), taken from the stored `vatDetails` so that the XML says exactly what
 * the invoice says, and the document-level adjustments that keep it valid.
 *
 * EN 16931 wants each breakdown's taxable amount (BT-116) to be exactly the sum of its lines' net
 * amounts plus charges minus allowances (BR-S-08, BR-Z-08, BR-E-08). With `rounded-lines` it is,
 * by construction. With `rounded-total` the engine computes the excl. amount of a rate once, from
 * the sum of the incl. line totals (round2(Σ TTC ÷ (1 + taux))), which may differ by a few cents
 * (more with large quantities) from the sum of the rounded excl. line totals. That difference is
 * written as a document-level charge (or allowance) of that rate, « Écart d’arrondi … », so the
 * lines keep the unit prices printed on the invoice and the breakdown keeps its stored amounts;
 * the PDF prints that adjustment as a row under its lines (`roundingAdjustments`, documents/printed-totals.ts).
 * The tax amount (BT-117) is the stored one; BR-CO-17 accepts it within ±1,00 € of
 * round2(BT-116 × taux) in the Factur-X 1.09 Schematron, and both methods stay within a cent or two.
 */
import { Decimal } from 'decimal.js';
import { groupReason, legacyVatCategory, needsReason, type VatReason } from '@comptoir/sdk/commerce';
import type { VatCategory } from './codes.ts';
import type { CiiAllowanceCharge, CiiLine, CiiTax, FacturXInvoice } from './types.ts';
import { ROUNDING_REASON } from '../documents/printed-totals.ts';

// the PDF prints the same adjustment, with the same reason, under its lines (documents/printed-totals.ts)
export { ROUNDING_REASON };

interface Group {
  category: VatCategory;
  rate: Decimal;
  lines: CiiLine[];
  net: Decimal;
  stored?: { basis: Decimal; tax: Decimal; reason?: VatReason };
}

const keyOf = (category: string, rate: Decimal) => `${category} ${rate.toString()}`;
const ZERO = new Decimal(0);

/**
 * One group per VAT category and rate (BG-23), with the lines' amounts and the stored detail. A
 * detail of a document of before issue 13 has no category: its rate says it (Z at 0 %, else S).
 */
function groups(invoice: FacturXInvoice, lines: CiiLine[], sign: Decimal): Group[] {
  const byKey = new Map<string, Group>();
  const group = (category: VatCategory, rate: Decimal): Group => {
    const key = keyOf(category, rate);
    const found = byKey.get(key) ?? { category, rate, lines: [], net: ZERO };
    byKey.set(key, found);
    return found;
  };
  for (const line of lines) {
    const g = group(line.category, line.rate);
    g.lines.push(line);
    g.net = g.net.plus(line.netAmount);
  }
  if (!invoice.subjectToVAT) {
    // no details when not subject to VAT: the whole excl. total is the exempt base of the franchise
    const franchise = legacyVatCategory(false, 0);
    group(franchise.vatCategory, ZERO).stored = { basis: new Decimal(invoice.exclTaxesPrice).times(sign), tax: ZERO, reason: franchise.vatExemptionReason };
  } else {
    for (const d of invoice.vatDetails) {
      const rate = new Decimal(d.vat);
      group(d.vatCategory ?? legacyVatCategory(true, d.vat).vatCategory, rate).stored = {
        basis: new Decimal(d.totalExclTaxes).times(sign),
        tax: new Decimal(d.amount).times(sign),
        reason: d.vatExemptionReason,
      };
    }
  }
  return [...byKey.values()].sort((a, b) => a.rate.comparedTo(b.rate) || a.category.localeCompare(b.category));
}

/** BT-120 / BT-121 of a group: the stored detail's, else its lines' (one reason per category, joined when they differ). */
function reasonOf(g: Group): VatReason | undefined {
  if (!needsReason(g.category)) return undefined;
  return g.stored?.reason ?? groupReason(g.lines.map((l) => ({ vatExemptionReason: l.exemptionReason })));
}

export function vatBreakdown(invoice: FacturXInvoice, lines: CiiLine[], sign: Decimal): { taxes: CiiTax[]; allowanceCharges: CiiAllowanceCharge[] } {
  const taxes: CiiTax[] = [];
  const allowanceCharges: CiiAllowanceCharge[] = [];
  for (const g of groups(invoice, lines, sign)) {
    // a rate whose lines could not be counted has no stored detail: its base is 0
    const { basis, tax } = g.stored ?? { basis: ZERO, tax: ZERO };
    const reason = reasonOf(g);
    taxes.push({
      category: g.category,
      rate: g.rate,
      basis,
      tax,
      ...(reason ? { exemptionReason: reason.text, ...(reason.code ? { exemptionCode: reason.code } : {}) } : {}),
    });
    const gap = basis.minus(g.net);
    if (!gap.isZero()) {
      allowanceCharges.push({ charge: gap.isPositive(), amount: gap.abs(), reason: ROUNDING_REASON, category: g.category, rate: g.rate });
    }
  }
  return { taxes, allowanceCharges };
}
