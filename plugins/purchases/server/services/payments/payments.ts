/**
 * Payments of purchases and external purchases (invoicing README « Entities »: `source` purchase /
 * external-purchase, `fk.purchase` / `fk.externalPurchase`, `fk.provider`), owned by this plugin
 * since issue 12 (invoicing kept them before; the rows were moved unchanged). Each kind has its own
 * counter (`paymentPurchase`, `paymentExternalPurchase`, declared in index.ts) and its own hash
 * chain with its head stored apart (`purchases_chain_heads`); the hashed view is the SDK's
 * `paymentHashView`, the one invoicing hashes its payments with. A payment is frozen once recorded.
 */
import { Value } from '@sinclair/typebox/value';
import {
  previousLink, recordChainHead as recordHead,
  badRequest, conflict, paymentHash, periodFilter, readAllPages,
  type AccountingPeriod, type CallContext, type TakenNumber,
} from '@comptoir/sdk';
import { paymentRefusal, toDecimal } from '@comptoir/sdk/commerce';
import { MONEY_LIMIT, Payment, type ChainHead, type ChainKind, type PaymentMode, type PaymentSource } from '@comptoir/schemas';
import { ChainHeads, Payments } from '../../entities.ts';
import { ZERO_PAYMENT, amountTooLarge, invalidInstant, notCents, overpayment, refundAbovePaid } from '../../messages.ts';
import { numbering } from '../deps.ts';
import { newRecordId } from './ids.ts';

/** A purchase or an external purchase (exactly one), and its provider when it has one. */
export type PaymentTarget =
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
 * The document a payment is recorded against, read by the caller **locked** (`getForUpdate`),
 * after the counter: its total decides what may still be paid or refunded.
 */
export type LockedDocument = () => Promise<{ inclTaxesPrice: number }>;

interface Chain { source: PaymentSource; counter: string; kind: ChainKind }

export const CHAINS = {
  purchase: { source: 'purchase', counter: 'paymentPurchase', kind: 'purchase-payment' },
  externalPurchase: { source: 'external-purchase', counter: 'paymentExternalPurchase', kind: 'external-purchase-payment' },
} as const satisfies Record<string, Chain>;

function chainOf(target: PaymentTarget): { chain: Chain; fk: Record<string, string> } {
  if (target.purchase) return { chain: CHAINS.purchase, fk: { purchase: target.purchase } };
  if (target.externalPurchase) return { chain: CHAINS.externalPurchase, fk: { externalPurchase: target.externalPurchase } };
  // a programming error of this plugin, not a person's input
  throw new Error('recordFor: purchase or externalPurchase expected');
}

/** The payment fields a person gave, checked before anything is locked or written (400). */
function checkPayment(input: { amount: number; date?: string }, prefix = ''): void {
  const field = `${prefix}amount`;
  if (input.amount === 0) throw badRequest(ZERO_PAYMENT, [{ field, message: 'différent de 0' }]);
  if (!Number.isFinite(input.amount) || Math.abs(input.amount) > MONEY_LIMIT) {
    throw badRequest(amountTooLarge(field), [{ field, message: 'montant hors limites' }]);
  }
  if (toDecimal(input.amount)!.decimalPlaces() > 2) throw badRequest(notCents(field), [{ field, message: '2 décimales au plus' }]);
  if (input.date !== undefined && Number.isNaN(Date.parse(input.date))) {
    throw badRequest(invalidInstant(`${prefix}date`, input.date), [{ field: `${prefix}date`, message: 'date invalide' }]);
  }
}

/** The last payment of a chain (the SDK's `previousLink`), read after the counter was locked. */
const previousPayment = async (ctx: CallContext, source: PaymentSource, taken: number) =>
  await previousLink(ctx.repo(Payments), taken, { source }) as Payment | null;

/** The stored head of a chain of the active company (null before its first payment). */
export async function readChainHead(ctx: CallContext, chain: ChainKind): Promise<ChainHead | null> {
  return await ctx.repo(ChainHeads).findOne({ chain }) as ChainHead | null;
}

const recordChainHead = (ctx: CallContext, chain: ChainKind, doc: Payment) => recordHead(ctx.repo(ChainHeads), chain, doc);

/** Writes one payment with a number the caller took from its chain's counter, hashed on the chain's last payment. */
async function writeHashedPayment(ctx: CallContext, taken: TakenNumber, chain: Chain, fields: Record<string, unknown> & { fk: Record<string, unknown> }): Promise<Payment> {
  const doc: Record<string, unknown> = { _id: newRecordId(ctx.now), ...fields, source: chain.source, number: taken.number, numberFull: taken.numberFull };
  const previous = await previousPayment(ctx, chain.source, taken.number);
  const stored = Value.Default(Payment, structuredClone({ ...doc, fk: { company: ctx.caller.companyId, ...fields.fk } })) as Payment;
  const payment = await ctx.repo(Payments).create({ ...doc, hash: paymentHash(previous?.hash ?? null, stored) }) as Payment;
  await recordChainHead(ctx, chain.kind, payment);
  return payment;
}

export function purchasePaymentsService(ctx: CallContext) {
  return {
    /**
     * Checks a payment a person gave, before anything is written: not 0, euros and cents, a
     * readable date (400 naming `<prefix>amount` or `<prefix>date`, e.g. `payments.0.amount`).
     */
    check(input: { amount: number; date?: string }, prefix = ''): void {
      checkPayment(input, prefix);
    },

    /**
     * Records one payment of a purchase or an external purchase: numbered with its kind's counter
     * (taken first, locking it, then the chain's head is read), hashed, frozen. With `against`
     * (the document, read locked after the counter), a refund above what was paid and an
     * unconfirmed overpayment are refused (409). Answers the payment.
     */
    async recordFor(target: PaymentTarget, input: PurchasePaymentFields, against?: LockedDocument): Promise<Payment> {
      const { chain, fk } = chainOf(target);
      checkPayment(input);
      // the company's counter first (lock order of the README, « Concurrency »), then the document
      const taken = await numbering(ctx).take(chain.counter);
      if (against) {
        const doc = await against();
        const [[key, id]] = Object.entries(fk);
        const recorded = await ctx.repo(Payments).findMany({ [`fk.${key}`]: id }) as Payment[];
        const refusal = paymentRefusal(doc, recorded, input.amount, { confirmOverpayment: input.confirmOverpayment });
        if (refusal?.reason === 'overpayment') {
          throw conflict(overpayment(refusal.excess, refusal.remaining), [{ field: 'confirmOverpayment', message: `dépassement de ${refusal.excess} €` }]);
        }
        if (refusal) throw conflict(refundAbovePaid(refusal.amount, refusal.paid), [{ field: 'amount', message: `au plus ${refusal.paid} €` }]);
      }
      return writeHashedPayment(ctx, taken, chain, {
        mode: input.mode ?? 'cb',
        amount: input.amount,
        date: input.date ?? ctx.now.toISOString(),
        fk: { ...fk, provider: target.provider ?? null },
      });
    },

    /** The payments of a purchase or an external purchase, in the order they were recorded. */
    async listFor(target: PaymentTarget): Promise<Payment[]> {
      const { fk } = chainOf(target);
      const [[key, id]] = Object.entries(fk);
      return await ctx.repo(Payments).findMany({ [`fk.${key}`]: id }, { orderBy: 'number' }) as Payment[];
    },

    /**
     * The payments of purchases and external purchases of the active company dated in the period
     * (start included, end excluded), by date, read by pages: what the accounting entries book.
     */
    async listInPeriod(period: AccountingPeriod): Promise<Payment[]> {
      return await readAllPages(ctx.repo(Payments), { date: periodFilter(period) }) as Payment[];
    },
  };
}

export type PurchasePaymentsService = ReturnType<typeof purchasePaymentsService>;

/** The service of the call (registered as `purchasePayments` in index.ts). */
export const purchasePayments = (ctx: CallContext) => ctx.resolve<PurchasePaymentsService>('purchasePayments');
