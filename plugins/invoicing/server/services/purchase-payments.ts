/**
 * Payments of purchases and external purchases, for the « Achats » plugin: payments live here
 * (spec 000 §3 "Payment": `source` purchase / external-purchase, `fk.purchase` /
 * `fk.externalPurchase`, `fk.provider`). Each kind has its own counter (`paymentPurchase`,
 * `paymentExternalPurchase`) and its own hash chain, as invoice payments have theirs; a payment is
 * frozen once recorded. The purchases plugin checks its document before calling and settles it
 * from `listFor` afterwards: invoicing knows nothing of purchases beyond their ids.
 */
import { badRequest, periodFilter, readAllPages, type AccountingPeriod, type CallContext } from '@comptoir/sdk';
import type { NumberingKind, Payment, PaymentMode, PaymentSource } from '@comptoir/schemas';
import { Payments } from '../entities.ts';
import { ZERO_PAYMENT } from '../messages.ts';
import { numbering } from './deps.ts';
import { assertCents, assertPaymentAllowed, writeHashedPayment } from './payments.ts';
import { assertInstant } from './limits.ts';

/** A purchase or an external purchase (exactly one), and its provider when it has one. */
export type PurchasePaymentTarget =
  | { purchase: string; externalPurchase?: undefined; provider?: string | null }
  | { externalPurchase: string; purchase?: undefined; provider?: string | null };

export interface PurchasePaymentFields {
  mode?: Exclude<PaymentMode, 'credit-compensation'>;
  /** euros and cents, not 0; negative = the provider refunds */
  amount: number;
  date?: string;
  /** paying more than what remains is refused (409) unless a person confirmed it */
  confirmOverpayment?: boolean;
}

/**
 * The document a payment is recorded against, read by the calling plugin **locked** (its
 * `getForUpdate`), after the counter: its total decides what may still be paid or refunded.
 */
export type LockedDocument = () => Promise<{ inclTaxesPrice: number }>;

interface Chain { source: PaymentSource; counter: NumberingKind }

const CHAINS = {
  purchase: { source: 'purchase', counter: 'paymentPurchase' },
  externalPurchase: { source: 'external-purchase', counter: 'paymentExternalPurchase' },
} as const satisfies Record<string, Chain>;

function chainOf(target: PurchasePaymentTarget): { chain: Chain; fk: Record<string, string> } {
  if (target.purchase) return { chain: CHAINS.purchase, fk: { purchase: target.purchase } };
  if (target.externalPurchase) return { chain: CHAINS.externalPurchase, fk: { externalPurchase: target.externalPurchase } };
  // a programming error of the calling plugin, not a person's input
  throw new Error('recordFor: purchase or externalPurchase expected');
}

/** The payment fields a person gave, checked before anything is locked or written (400). */
function checkPurchasePayment(input: PurchasePaymentFields, prefix = ''): void {
  if (input.amount === 0) throw badRequest(ZERO_PAYMENT, [{ field: `${prefix}amount`, message: 'différent de 0' }]);
  assertCents(`${prefix}amount`, input.amount);
  assertInstant(`${prefix}date`, input.date);
}

export function purchasePaymentsService(ctx: CallContext) {
  return {
    /**
     * Checks a payment a person gave, before anything is written: not 0, euros and cents, a
     * readable date (400 naming `<prefix>amount` or `<prefix>date`, e.g. `payments.0.amount`).
     */
    check(input: PurchasePaymentFields, prefix = ''): void {
      checkPurchasePayment(input, prefix);
    },

    /**
     * Records one payment of a purchase or an external purchase: numbered with its kind's counter
     * (taken first, locking it, then the chain's head is read), hashed, frozen. With `against`
     * (the document, read locked after the counter), a refund above what was paid and an
     * unconfirmed overpayment are refused (409), as on invoices. Answers the payment.
     */
    async recordFor(target: PurchasePaymentTarget, input: PurchasePaymentFields, against?: LockedDocument): Promise<Payment> {
      const { chain, fk } = chainOf(target);
      checkPurchasePayment(input);
      // the company's counter first (lock order of the README, « Concurrency »), then the document
      const taken = await numbering(ctx).take(chain.counter);
      if (against) {
        const doc = await against();
        const [[key, id]] = Object.entries(fk);
        const recorded = await ctx.repo(Payments).findMany({ [`fk.${key}`]: id }) as Payment[];
        assertPaymentAllowed(doc, recorded, input.amount, input.confirmOverpayment, 'purchase');
      }
      return writeHashedPayment(ctx, taken, chain.source, {
        mode: input.mode ?? 'cb',
        amount: input.amount,
        date: input.date ?? ctx.now.toISOString(),
        fk: { ...fk, provider: target.provider ?? null },
      });
    },

    /** The payments of a purchase or an external purchase, in the order they were recorded. */
    async listFor(target: PurchasePaymentTarget): Promise<Payment[]> {
      const { fk } = chainOf(target);
      const [[key, id]] = Object.entries(fk);
      return await ctx.repo(Payments).findMany({ [`fk.${key}`]: id }, { orderBy: 'number' }) as Payment[];
    },

    /**
     * The payments of purchases and external purchases of the active company dated in the period
     * (start included, end excluded), by date, read by pages: what the purchases plugin books.
     */
    async listInPeriod(period: AccountingPeriod): Promise<Payment[]> {
      const source = { mode: 'in' as const, value: [CHAINS.purchase.source, CHAINS.externalPurchase.source] };
      return await readAllPages(ctx.repo(Payments), { source, date: periodFilter(period) }) as Payment[];
    },
  };
}

export type PurchasePaymentsService = ReturnType<typeof purchasePaymentsService>;
