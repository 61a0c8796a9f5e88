/**
 * Whether an imported invoice adds up, and which VAT method of the engine reproduces it.
 * - The invoice's own sums (EN 16931 BR-CO-10 to BR-CO-16): lines, document discounts and charges,
 *   VAT breakdown, totals, amount due. Each that does not add up is reported; nothing is changed.
 * - The purchase is computed by the engine with each VAT method (commerce README « Rules »); the one that gives the
 *   invoice's VAT breakdown and totals to the cent is kept. When neither does, `rounded-lines`
 *   (each line rounded, how invoices priced excl. taxes are made) is kept and every difference told.
 */
import { Decimal } from 'decimal.js';
import { computeDocument, toDecimal, type DocumentTotals, type VatCalculationMethod } from '@comptoir/sdk/commerce';
import type { LineItemInput } from '@comptoir/schemas';
import type { CiiInvoice } from './cii-read.ts';
import { euros, percent } from './french.ts';

const dec = (s: string | undefined): Decimal | null => (s === undefined ? null : toDecimal(s));
const sum = (values: Decimal[]) => values.reduce((a, b) => a.plus(b), new Decimal(0));

/** The sums an invoice states about itself that do not hold. */
export function invoiceSums(invoice: CiiInvoice): string[] {
  const t = invoice.totals;
  const out: string[] = [];
  const check = (label: string, stated: Decimal | null, computed: Decimal | null, how: string) => {
    if (stated !== null && computed !== null && !stated.equals(computed)) {
      out.push(`Les montants de la facture ne s’additionnent pas : ${label} annonce ${euros(stated)}, or ${how} font ${euros(computed)}.`);
    }
  };
  const lineTotals = invoice.lines.map((l) => dec(l.lineTotal));
  if (lineTotals.length && lineTotals.every((x) => x !== null)) {
    check('le total des lignes', dec(t.lineTotal), sum(lineTotals as Decimal[]), 'les montants des lignes');
  }
  const lineTotal = dec(t.lineTotal);
  if (lineTotal !== null) {
    const charges = dec(t.chargeTotal) ?? new Decimal(0);
    const allowances = dec(t.allowanceTotal) ?? new Decimal(0);
    check('le total HT', dec(t.taxBasis), lineTotal.plus(charges).minus(allowances), 'les lignes, frais et remises');
  }
  const taxBasis = dec(t.taxBasis);
  const taxTotal = dec(t.taxTotal);
  if (taxBasis !== null && taxTotal !== null) check('le total TTC', dec(t.grandTotal), taxBasis.plus(taxTotal), 'le total HT et la TVA');
  const grand = dec(t.grandTotal);
  if (grand !== null) {
    const due = grand.minus(dec(t.prepaid) ?? 0).plus(dec(t.rounding) ?? 0);
    check('le montant à payer', dec(t.duePayable), due, 'le total TTC, les acomptes et l’arrondi');
  }
  const taxes = invoice.taxes.map((x) => dec(x.amount));
  if (taxes.length && taxes.every((x) => x !== null)) check('le total de TVA', taxTotal, sum(taxes as Decimal[]), 'les montants du détail de TVA');
  return out;
}

interface RateFigures { basis: Decimal; amount: Decimal }

/** The invoice's VAT breakdown by rate (categories of one rate summed), times `sign`. */
function breakdown(invoice: CiiInvoice, sign: number): Map<string, RateFigures> | null {
  if (!invoice.taxes.length) return null;
  const out = new Map<string, RateFigures>();
  for (const t of invoice.taxes) {
    const rate = dec(t.rate) ?? new Decimal(0);
    const basis = dec(t.basis);
    const amount = dec(t.amount);
    if (basis === null || amount === null) return null;
    const key = rate.toString();
    const previous = out.get(key) ?? { basis: new Decimal(0), amount: new Decimal(0) };
    out.set(key, { basis: previous.basis.plus(basis.times(sign)), amount: previous.amount.plus(amount.times(sign)) });
  }
  return out;
}

/** What the purchase computes that differs from the invoice (its amounts times `sign`). */
function differences(computed: DocumentTotals, invoice: CiiInvoice, sign: number): string[] {
  const out: string[] = [];
  const expected = breakdown(invoice, sign);
  if (expected) {
    const rates = new Set([...expected.keys(), ...computed.vatDetails.map((d) => new Decimal(d.vat).toString())]);
    for (const rate of rates) {
      const want = expected.get(rate) ?? { basis: new Decimal(0), amount: new Decimal(0) };
      const got = computed.vatDetails.find((d) => new Decimal(d.vat).toString() === rate);
      const gotBasis = new Decimal(got?.totalExclTaxes ?? 0);
      const gotAmount = new Decimal(got?.amount ?? 0);
      if (!gotBasis.equals(want.basis) || !gotAmount.equals(want.amount)) {
        out.push(`TVA à ${percent(new Decimal(rate))} : la facture indique ${euros(want.amount)} sur ${euros(want.basis)} HT, l’achat calcule ${euros(gotAmount)} sur ${euros(gotBasis)} HT.`);
      }
    }
  }
  const totals: [string, string | undefined, number][] = [
    ['Total HT', invoice.totals.taxBasis, computed.exclTaxesPrice],
    ['Total de TVA', invoice.totals.taxTotal, computed.vatAmount],
    ['Total TTC', invoice.totals.grandTotal, computed.inclTaxesPrice],
  ];
  for (const [label, stated, got] of totals) {
    const want = dec(stated)?.times(sign);
    if (want && !want.equals(got)) out.push(`${label} : la facture indique ${euros(want)}, l’achat calcule ${euros(got)}.`);
  }
  return out;
}

export interface MethodChoice {
  method: VatCalculationMethod;
  computed: DocumentTotals;
  differences: string[];
}

/** The engine's VAT method that reproduces the invoice, or `rounded-lines` with what differs. */
export function chooseVatMethod(items: LineItemInput[], invoice: CiiInvoice, sign: number): MethodChoice {
  const tries = (['rounded-lines', 'rounded-total'] as const).map((method) => {
    const computed = computeDocument({ items, subjectToVAT: true, vatCalculationMethod: method });
    return { method, computed, differences: differences(computed, invoice, sign) };
  });
  return tries.find((t) => t.differences.length === 0) ?? tries[0];
}
