/**
 * Status and remaining amounts from the payment list (commerce README « Rules »,
 * Statuses). Positive amounts are payments, negative ones refunds. Amounts are rounded to cents
 * before comparing, so 0.1 + 0.2 equals 0.3.
 */
import { Decimal } from 'decimal.js';
import { round2, toDecimal, toNumber, type Num } from './money.ts';

export const INVOICE_STATUSES = ['emitted', 'partially_paid', 'paid', 'refund'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const CREDIT_STATUS_ON_NON_CREDIT = 'Cette fonction autoSetCreditStatus ne doit être appelée que sur les avoirs';
export const NORMAL_STATUS_ON_CREDIT = 'Cette fonction autoSetStatusAndRemainingAmountsFromPayments ne doit pas être appelée sur un avoir';

export interface PaymentLike { amount: Num }

export interface Settlement {
  paidAmount: number;
  unpaidAmount: number;
  status: InvoiceStatus;
}

interface Sums { total: Decimal; positive: Decimal; negative: Decimal; paid: Decimal; unpaid: Decimal }

/** An amount that is not a number counts for nothing (a form being typed). */
function sums(doc: { inclTaxesPrice: Num }, payments: PaymentLike[]): Sums {
  const total = round2(toDecimal(doc.inclTaxesPrice) ?? 0);
  let positive = new Decimal(0);
  let negative = new Decimal(0);
  for (const p of payments) {
    const amount = round2(toDecimal(p.amount) ?? 0);
    if (amount.gt(0)) positive = positive.plus(amount);
    else negative = negative.plus(amount);
  }
  const paid = positive.plus(negative);
  return { total, positive, negative, paid, unpaid: total.minus(paid) };
}

const settled = (s: Sums, status: InvoiceStatus): Settlement =>
  ({ paidAmount: toNumber(s.paid), unpaidAmount: toNumber(s.unpaid), status });

/**
 * Normal invoice (total ≥ 0). The rows of the status table (README.md « Rules »), in order, where they apply; a document whose unpaid
 * amount is not 0 is never « paid » (issue 11), so row 4 (« positive payments equal the total ») is
 * the situation without a refund. Where the rules are silent (README.md « Decisions where the spec is silent »):
 *  - no positive payment at all (only refunds, or zero amounts) and a total above 0 → 'emitted';
 *  - what is paid, net of refunds, equals or exceeds the total → 'paid' (an overpayment, which a
 *    person confirmed, shows as a negative unpaid amount: what the company owes back);
 *  - everything paid was refunded → 'refund' (so is a paid amount below 0, from data recorded
 *    before refunds were capped);
 *  - otherwise, something left to pay after a partial refund → 'partially_paid'.
 */
export function autoSetStatusAndRemainingAmountsFromPayments(doc: { inclTaxesPrice: Num }, payments: PaymentLike[]): Settlement {
  const s = sums(doc, payments);
  if (s.total.lt(0)) throw new Error(NORMAL_STATUS_ON_CREDIT);
  if (payments.length === 0) return settled(s, s.total.isZero() ? 'paid' : 'emitted');
  if (s.positive.equals(s.negative.abs()) && s.positive.equals(s.total) && !s.total.isZero()) return settled(s, 'refund');
  if (s.positive.equals(s.total) && s.negative.isZero()) return settled(s, 'paid');
  if (s.positive.isZero()) return settled(s, 'emitted');
  if (s.positive.lessThan(s.total)) return settled(s, 'partially_paid');
  if (s.paid.gte(s.total)) return settled(s, 'paid');
  if (s.paid.lte(0)) return settled(s, 'refund');
  return settled(s, 'partially_paid');
}

/**
 * Credit note (total ≤ 0; 0 is accepted because the credit rule gives it a status). Without payments: paid if
 * the total is zero, else emitted; with payments: paid when paid equals the total, emitted when
 * unpaid equals the total, partially_paid otherwise. Where the rule's « otherwise » would call a credit
 * note paid back **beyond** its total (a confirmed overpayment) partially_paid, it is paid, as an
 * overpaid invoice is (issue 11 review): its unpaid amount, total − paid, is then of the opposite
 * sign of the total (positive: what the customer received too much), as an overpaid invoice's is
 * negative — « Trop-perçu » on screen.
 */
export function autoSetCreditStatus(doc: { inclTaxesPrice: Num }, payments: PaymentLike[]): Settlement {
  const s = sums(doc, payments);
  if (s.total.gt(0)) throw new Error(CREDIT_STATUS_ON_NON_CREDIT);
  if (payments.length === 0) return settled(s, s.total.isZero() ? 'paid' : 'emitted');
  // paid back exactly, or more (paid and total both negative: « more » is below)
  if (s.paid.lte(s.total)) return settled(s, 'paid');
  if (s.unpaid.equals(s.total)) return settled(s, 'emitted');
  return settled(s, 'partially_paid');
}

/** Dispatches on the sign of the total: a negative total is a credit note. */
export function settleInvoice(doc: { inclTaxesPrice: Num }, payments: PaymentLike[]): Settlement {
  return round2(toDecimal(doc.inclTaxesPrice) ?? 0).lt(0)
    ? autoSetCreditStatus(doc, payments)
    : autoSetStatusAndRemainingAmountsFromPayments(doc, payments);
}

/** A purchase: as an invoice, except that without payments it is emitted, whatever its total. */
export function settlePurchase(doc: { inclTaxesPrice: Num }, payments: PaymentLike[]): Settlement {
  if (payments.length === 0) {
    const total = round2(toDecimal(doc.inclTaxesPrice) ?? 0);
    return { paidAmount: 0, unpaidAmount: toNumber(total), status: 'emitted' };
  }
  return settleInvoice(doc, payments);
}

/** An external purchase only recalculates its paid and unpaid amounts. */
export function externalPurchaseAmounts(doc: { inclTaxesPrice: Num }, payments: PaymentLike[]): { paidAmount: number; unpaidAmount: number } {
  const s = sums(doc, payments);
  return { paidAmount: toNumber(s.paid), unpaidAmount: toNumber(s.unpaid) };
}
