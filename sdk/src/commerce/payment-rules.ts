/**
 * Which payments a person may record on a document (issue 11; the spec is silent): a refund never
 * takes back more than was paid, and paying more than what remains needs an explicit confirmation.
 * Plain rules over the document's total and the payments already recorded; the plugins turn a
 * refusal into their French 409 (README.md « Payments »).
 *
 * Amounts are read in the document's own direction: an invoice (total ≥ 0) is paid with positive
 * amounts and refunded with negative ones; a credit note (total < 0) is paid back to the customer
 * with negative amounts, and a positive amount there takes such a refund back.
 */
import { Decimal } from 'decimal.js';
import { round2, toDecimal, toNumber, type Num } from './money.ts';
import type { PaymentLike } from './settlement.ts';

/** +1 for an invoice or a purchase (total ≥ 0), −1 for a credit note (total < 0). */
export function documentSign(doc: { inclTaxesPrice: Num }): 1 | -1 {
  return round2(toDecimal(doc.inclTaxesPrice) ?? 0).lt(0) ? -1 : 1;
}

export type PaymentRefusal =
  /** more than what remains to pay, without `confirmOverpayment`: by `excess` (positive euros) */
  | { reason: 'overpayment'; excess: number; remaining: number; sign: 1 | -1 }
  /** a refund (or the reversal of a credit note's refund) above what was paid so far */
  | { reason: 'refund-above-paid'; amount: number; paid: number; sign: 1 | -1 };

/**
 * Null when `amount` may be recorded, else why not. `remaining` and `paid` are in the document's
 * direction (positive euros): for a credit note, what is left to pay back and what was paid back.
 */
export function paymentRefusal(
  doc: { inclTaxesPrice: Num }, payments: PaymentLike[], amount: Num, options: { confirmOverpayment?: boolean } = {},
): PaymentRefusal | null {
  const sign = documentSign(doc);
  const total = round2(toDecimal(doc.inclTaxesPrice) ?? 0).times(sign);
  const paid = payments.reduce((sum, p) => sum.plus(round2(toDecimal(p.amount) ?? 0)), new Decimal(0)).times(sign);
  const value = round2(toDecimal(amount) ?? 0).times(sign);
  if (value.lt(0)) {
    // a refund takes back at most what was paid: never a negative paid amount
    if (value.abs().gt(Decimal.max(paid, 0))) {
      return { reason: 'refund-above-paid', amount: toNumber(value.abs()), paid: toNumber(Decimal.max(paid, 0)), sign };
    }
    return null;
  }
  const remaining = Decimal.max(total.minus(paid), 0);
  if (value.gt(remaining) && !options.confirmOverpayment) {
    return { reason: 'overpayment', excess: toNumber(value.minus(remaining)), remaining: toNumber(remaining), sign };
  }
  return null;
}

/** A payment as the cash rule reads it: `credit-compensation` moves no money. */
export interface CashPaymentLike extends PaymentLike { mode?: string | null }

/** A refund to the customer above the money still held for the invoice and its credit notes. */
export interface CashRefundRefusal {
  reason: 'refund-above-received';
  /** the refund asked, positive euros */
  amount: number;
  /** what the customer paid on the invoice (money actually received) */
  received: number;
  /** what was already paid back, on the invoice and on its credit notes (net of refunds returned) */
  refunded: number;
  /** received − refunded, never below 0: the most that may still be paid back */
  available: number;
}

const isCash = (p: CashPaymentLike) => p.mode !== 'credit-compensation';
const cents = (p: PaymentLike) => round2(toDecimal(p.amount) ?? 0);

/**
 * Null when `amount` may be recorded on an invoice or on one of its credit notes, else why not: a
 * refund to the customer (a negative amount, on either document) never pays back more money than
 * the customer actually paid on the invoice, less what was already paid back on the invoice and on
 * every credit note of it (issue 11 review). A `credit-compensation` is no money: a credit note
 * settling an unpaid invoice received nothing that could be refunded. Without this rule, an invoice
 * paid 100 € then wholly credited could be refunded 100 € on the credit note and 100 € more on the
 * invoice (each document's own cap, `paymentRefusal`, sees only its own payments).
 *
 * `family.invoice`: the invoice's payments; `family.creditNotes`: the payments of all its credit
 * notes. A positive amount (a payment, or the customer giving a refund back) is never refused here.
 */
export function cashRefundRefusal(
  family: { invoice: CashPaymentLike[]; creditNotes: CashPaymentLike[] }, amount: Num,
): CashRefundRefusal | null {
  const value = round2(toDecimal(amount) ?? 0);
  if (value.gte(0)) return null;
  let received = new Decimal(0);
  let refunded = new Decimal(0);
  for (const p of family.invoice.filter(isCash)) {
    const a = cents(p);
    if (a.gt(0)) received = received.plus(a);
    else refunded = refunded.minus(a);
  }
  // on a credit note, a negative amount pays the customer back, a positive one is money given back
  for (const p of family.creditNotes.filter(isCash)) refunded = refunded.minus(cents(p));
  const available = Decimal.max(received.minus(refunded), 0);
  if (value.abs().lte(available)) return null;
  return {
    reason: 'refund-above-received',
    amount: toNumber(value.abs()),
    received: toNumber(received),
    refunded: toNumber(refunded),
    available: toNumber(available),
  };
}

/** What was paid beyond the total, in the document's own direction (positive euros, 0 when not overpaid). */
export function overpaidBy(doc: { inclTaxesPrice: Num }, payments: PaymentLike[]): number {
  const sign = documentSign(doc);
  const total = round2(toDecimal(doc.inclTaxesPrice) ?? 0).times(sign);
  const paid = payments.reduce((sum, p) => sum.plus(cents(p)), new Decimal(0)).times(sign);
  return toNumber(Decimal.max(paid.minus(total), 0));
}

/** An edit of a document's total that would leave it paid beyond that total. */
export interface TotalChangeRefusal {
  reason: 'total-below-paid';
  /** what the edit adds to the overpayment (positive euros) */
  excess: number;
  /** the new total and what was paid, in the document's direction (positive euros) */
  total: number;
  paid: number;
}

/**
 * Null when a document whose payments are recorded may take its new total, else why not (issue 11
 * review, the rule of payments applied to edits): a total brought below what was already paid
 * makes an overpayment as surely as a payment above what remains, and needs the same confirmation.
 * Only what the edit adds counts: editing anything else of a document overpaid before (confirmed
 * then) needs no new confirmation, nor does raising its total.
 */
export function totalChangeRefusal(
  before: { inclTaxesPrice: Num }, after: { inclTaxesPrice: Num }, payments: PaymentLike[], options: { confirmOverpayment?: boolean } = {},
): TotalChangeRefusal | null {
  if (options.confirmOverpayment) return null;
  const added = new Decimal(overpaidBy(after, payments)).minus(overpaidBy(before, payments));
  if (added.lte(0)) return null;
  const sign = documentSign(after);
  const paid = payments.reduce((sum, p) => sum.plus(cents(p)), new Decimal(0)).times(sign);
  return {
    reason: 'total-below-paid',
    excess: toNumber(added),
    total: toNumber(round2(toDecimal(after.inclTaxesPrice) ?? 0).times(sign)),
    paid: toNumber(paid),
  };
}
