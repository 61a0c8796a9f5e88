/**
 * The payments of a receipt (README « Receipts », Payments and change): any mix of the 12 modes,
 * split at will, adding up to the total to the cent; a cash payment's notes and coins go into the
 * drawer and its change comes out of it (`computeChange`, largest denomination first). Plain data
 * in, plain data out; the caller turns a problem into a 400 or a 409.
 */
import { Decimal } from 'decimal.js';
import type { CashDetails, ReceiptPayment, ReceiptPaymentInput } from '../../../schemas/index.ts';
import { addCash, cashCents, cashProblem, cents, customCash, detailsOf, euros, quantitiesOf } from '../cash/cash-details.ts';
import { computeChange, exactChange } from '../cash/change.ts';

export type PaymentProblem = { status: 400 | 409; field: string; message: string };

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
export const euroText = (n: number | Decimal) => EUROS.format(new Decimal(n).toNumber()).replace(/[\u202f\u00a0]/g, ' ');

/** 400 when the amounts do not make the total (checked before any lock). */
export function paymentsTotalProblem(payments: readonly { amount: number }[], total: number): PaymentProblem | null {
  for (const [i, p] of payments.entries()) {
    if (new Decimal(p.amount).decimalPlaces() > 2) return { status: 400, field: `payments.${i}.amount`, message: 'Un paiement est en euros et centimes (2 décimales au plus).' };
  }
  const sum = payments.reduce((s, p) => s.plus(p.amount), new Decimal(0));
  if (!sum.equals(total)) {
    return { status: 400, field: 'payments', message: `Les paiements (${euroText(sum)}) ne font pas le total du ticket (${euroText(total)}).` };
  }
  return null;
}

export interface CashSettlement {
  payments: ReceiptPayment[];
  /** the drawer after the sale */
  drawer: CashDetails;
  missingCash: boolean;
}

/**
 * Each payment as stored, and the drawer after them. A cash payment: its `cash` (the notes and
 * coins handed over; required by a register that counts by denomination, else the amount itself)
 * must cover its amount; the change is computed from the drawer as it is then (the customer's cash
 * already in); impossible exactly → `missingCash`, refused unless `acceptMissingCash`.
 */
export function settlePayments(
  inputs: readonly ReceiptPaymentInput[], drawer: CashDetails, opts: { useCashDetails: boolean; acceptMissingCash?: boolean; date: string },
): CashSettlement | { problem: PaymentProblem } {
  let current = drawer;
  let missing = false;
  const payments: ReceiptPayment[] = [];
  for (const [i, p] of inputs.entries()) {
    if (p.mode !== 'cash') {
      if (p.cash) return { problem: { status: 400, field: `payments.${i}.cash`, message: 'Le détail des espèces ne se donne que pour un paiement en espèces.' } };
      payments.push({ mode: p.mode, amount: p.amount, date: opts.date });
      continue;
    }
    const given = p.cash ?? (opts.useCashDetails ? null : customCash(cents(p.amount)));
    if (!given) return { problem: { status: 400, field: `payments.${i}.cash`, message: 'Cette caisse compte les espèces par coupure : donnez les billets et pièces remis par le client.' } };
    const bad = cashProblem(given, `payments.${i}.cash`, opts.useCashDetails);
    if (bad) return { problem: { status: 400, ...bad } };
    if (cashCents(given) < cents(p.amount)) {
      return { problem: { status: 400, field: `payments.${i}.cash`, message: `Les espèces remises (${euroText(euros(cashCents(given)))}) ne couvrent pas le paiement en espèces (${euroText(p.amount)}).` } };
    }
    const change = computeChange(p.amount, given, current);
    if (change.missingCash && !opts.acceptMissingCash) {
      return { problem: { status: 409, field: `payments.${i}.cash`, message: `La caisse ne peut pas rendre exactement la monnaie (${euroText(change.difference)}) : il manque ${euroText(change.missingAmount)} en petite monnaie. Demandez l’appoint, ou acceptez de rendre ${euroText(new Decimal(change.difference).minus(change.missingAmount))} (« acceptMissingCash »).` } };
    }
    const paidIn = addCash(current, given, 1)!;
    const backCents = cents(new Decimal(change.difference).minus(change.missingAmount));
    // the notes and coins given back; without a breakdown (a custom amount), only the amount
    const givenBack = change.cashDetails ?? (backCents > 0 ? customCash(backCents) : null);
    current = givenBack ? addCash(paidIn, givenBack, -1)! : paidIn;
    missing ||= change.missingCash;
    payments.push({
      mode: 'cash', amount: p.amount, date: opts.date, cashPaid: change.paid, cashChange: new Decimal(change.difference).minus(change.missingAmount).toNumber(),
      cashPaidDetails: given, ...(change.cashDetails ? { changeDetails: change.cashDetails } : {}),
      ...(change.missingCash ? { missingAmount: change.missingAmount } : {}),
    });
  }
  return { payments, drawer: current, missingCash: missing };
}

/**
 * The money of a refund given back (negative payments): cash comes out of the drawer, as exact
 * notes and coins when it counts them (largest first); 409 when it does not hold them.
 */
export function refundPayments(
  inputs: readonly { mode: ReceiptPayment['mode']; amount: number }[], drawer: CashDetails, date: string,
): CashSettlement | { problem: PaymentProblem } {
  let current = drawer;
  const payments: ReceiptPayment[] = [];
  for (const [i, p] of inputs.entries()) {
    if (p.mode !== 'cash') { payments.push({ mode: p.mode, amount: -p.amount, date }); continue; }
    const owed = cents(p.amount);
    let out: CashDetails | null;
    if (current.details !== undefined) {
      const taken = exactChange(owed, quantitiesOf(current));
      out = taken ? detailsOf(taken) : null;
    } else out = customCash(owed);
    const after = out ? addCash(current, out, -1) : null;
    if (!out || !after) {
      return { problem: { status: 409, field: `payments.${i}.amount`, message: `La caisse ne contient pas de quoi rendre exactement ${euroText(p.amount)} en espèces.` } };
    }
    current = after;
    payments.push({ mode: 'cash', amount: -p.amount, date, cashChange: p.amount, changeDetails: out });
  }
  return { payments, drawer: current, missingCash: false };
}

/** The cash a receipt put in the drawer (cash paid − change given; negative for a refund), exact. */
export function receiptCash(payments: readonly ReceiptPayment[]): Decimal {
  return payments.filter((p) => p.mode === 'cash').reduce((s, p) => {
    if (p.amount < 0) return s.minus(p.cashChange ?? -p.amount);
    return s.plus(p.cashPaid ?? p.amount).minus(p.cashChange ?? 0);
  }, new Decimal(0));
}
