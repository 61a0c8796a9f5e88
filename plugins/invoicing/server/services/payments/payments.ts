/**
 * Payments of invoices: recorded once (numbered with the `paymentInvoice` counter, hashed in the
 * company's payment chain, frozen), and the invoice's settlement recomputed from all of its
 * payments with the engine (commerce README « Rules », status tables: status, paidAmount, unpaidAmount).
 */
import { adjustCustomerBalance } from '../documents/balances.ts';
import { Value } from '@sinclair/typebox/value';
import { badRequest, conflict, type CallContext, type ListParams, type TakenNumber } from '@comptoir/sdk';
import { cashRefundRefusal, paymentRefusal, settleInvoice, toDecimal, type PaymentLike } from '@comptoir/sdk/commerce';
import {
  isCreditNote, isDraftInvoice, type Invoice, type InvoicePaymentInput, type PaymentsBundle,
} from '../../../schemas/index.ts';
import { Payment, type PaymentMode, type PaymentSource } from '@comptoir/schemas';
import { Invoices, Payments } from '../../entities.ts';
import { INVOICE_PAID, PAYMENT_RECORDED } from '../../events.ts';
import { DRAFT_NO_PAYMENT, ZERO_PAYMENT, overpayment, refundAbovePaid, refundAboveReceived, type PaidDocument } from '../../messages.ts';
import { customers, numbering, providers } from '../deps.ts';
import { paymentHash } from '../emission/hash-chain.ts';
import { paymentLink } from '../emission/chain-heads.ts';
import { newRecordId } from '../documents/ids.ts';
import { assertAmount, assertInstant } from '../documents/limits.ts';
import { assertNotReplaced } from '../documents/replacement.ts';

/** Euros and cents: a payment amount has at most 2 decimals, as the bank shows it (and stays within limits.ts). */
export function assertCents(field: string, value: number | undefined): void {
  if (value === undefined) return;
  assertAmount(field, value);
  if (toDecimal(value)!.decimalPlaces() > 2) {
    throw badRequest(`Le montant « ${field} » doit être en euros et centimes (2 décimales au plus).`, [{ field, message: '2 décimales au plus' }]);
  }
}

/**
 * 409 when `amount` may not be recorded on the document (`paymentRefusal` of the engine): a refund
 * above what was paid, or more than what remains without `confirmOverpayment`. The caller has
 * locked the document and read `payments` after the lock.
 */
export function assertPaymentAllowed(
  doc: { inclTaxesPrice: number }, payments: PaymentLike[], amount: number, confirmOverpayment: boolean | undefined, on: PaidDocument, field = 'amount',
): void {
  const refusal = paymentRefusal(doc, payments, amount, { confirmOverpayment });
  if (!refusal) return;
  if (refusal.reason === 'overpayment') {
    throw conflict(overpayment(refusal.excess, refusal.remaining, on), [{ field: 'confirmOverpayment', message: `dépassement de ${refusal.excess} €` }]);
  }
  throw conflict(refundAbovePaid(refusal.amount, refusal.paid, on), [{ field, message: `au plus ${refusal.paid} €` }]);
}

/**
 * The payments of an invoice and of its emitted credit notes: what `cashRefundRefusal` weighs. A
 * refund on a credit note looks at its source invoice (locked after the credit note: the document
 * decided on, then what it points to); a standalone credit note has no invoice whose cash it could
 * give back: only its own cap (`paymentRefusal`) applies. The caller holds the payment counter,
 * which every payment takes first: no payment of this family can be recorded meanwhile.
 */
export async function refundFamily(ctx: CallContext, doc: Invoice): Promise<{ invoice: Payment[]; creditNotes: Payment[]; numberFull?: string } | null> {
  const invoices = ctx.repo(Invoices);
  const sourceId = isCreditNote(doc) ? doc.fk.sourceInvoice : doc._id;
  if (!sourceId) return null;
  let source: Invoice = doc;
  if (sourceId !== doc._id) {
    // an emitted invoice is never deleted; read first all the same, as compensateCreditNote does
    if (!await invoices.find(sourceId)) return null;
    source = await invoices.getForUpdate(sourceId) as Invoice;
  }
  const creditNotes = (await invoices.findMany({ 'fk.sourceInvoice': sourceId }) as Invoice[])
    .filter((c) => !isDraftInvoice(c) && isCreditNote(c)).map((c) => c._id);
  const payments = ctx.repo(Payments);
  return {
    invoice: await payments.findMany({ 'fk.invoice': sourceId }) as Payment[],
    creditNotes: creditNotes.length ? await payments.findMany({ 'fk.invoice': creditNotes }) as Payment[] : [],
    numberFull: source.numberFull,
  };
}

/** 409 when a refund would pay the customer back more than they paid for the invoice (`cashRefundRefusal`). */
export async function assertCashRefund(ctx: CallContext, doc: Invoice, amount: number): Promise<void> {
  if (amount >= 0) return;
  const family = await refundFamily(ctx, doc);
  if (!family) return;
  const refusal = cashRefundRefusal(family, amount);
  if (!refusal) return;
  throw conflict(refundAboveReceived(refusal, family.numberFull), [{ field: 'amount', message: `au plus ${refusal.available} €` }]);
}

export interface InvoicePaymentFields {
  mode: PaymentMode;
  amount: number;
  date: string;
  cashPaid?: number;
  cashChange?: number;
  fk: { invoice: string; customer?: string | null; invoiceCredit?: string | null; sourceInvoice?: string | null; bankOperations?: string[] };
}

/**
 * Writes one invoice payment with a number already taken by the caller (who took it first in its
 * transaction, see emission.ts), chained on the last payment of the company.
 */
export async function writeInvoicePayment(ctx: CallContext, taken: TakenNumber, fields: InvoicePaymentFields): Promise<Payment> {
  // the customer's row is locked for its balance before the payment names it: the reference check
  // of the payment would otherwise take a shared lock first and then ask for the exclusive one, a
  // deadlock with any edit of that customer waiting in between
  await adjustCustomerBalance(ctx, fields.fk.customer, -fields.amount);
  const payment = await writeHashedPayment(ctx, taken, 'invoice', { ...fields, fk: { customer: null, ...fields.fk } });
  ctx.emit(PAYMENT_RECORDED, { _id: payment._id, invoice: fields.fk.invoice, amount: payment.amount, mode: payment.mode });
  return payment;
}

/**
 * Writes one payment of a chain (`source`) with a number taken by the caller from that chain's
 * counter, hashed on the chain's last payment, read after the counter was locked.
 */
export async function writeHashedPayment(
  ctx: CallContext, taken: TakenNumber, source: PaymentSource, fields: Record<string, unknown> & { fk: Record<string, unknown> },
): Promise<Payment> {
  const doc: Record<string, unknown> = { _id: newRecordId(ctx.now), ...fields, source, number: taken.number, numberFull: taken.numberFull };
  const link = await paymentLink(ctx, source, taken.number);
  const stored = Value.Default(Payment, structuredClone({ ...doc, fk: { company: ctx.caller.companyId, ...fields.fk } })) as Payment;
  const payment = await ctx.repo(Payments).create({ ...doc, hash: paymentHash(link.previousHash, stored) }) as Payment;
  await link.record(payment);
  return payment;
}

/** Recomputes an invoice's settlement from all its payments; publishes « paid » when it becomes so. */
export async function settle(ctx: CallContext, invoiceId: string): Promise<Invoice> {
  const repo = ctx.repo(Invoices);
  const invoice = await repo.getForUpdate(invoiceId) as Invoice;
  const payments = await ctx.repo(Payments).findMany({ 'fk.invoice': invoiceId });
  const settlement = settleInvoice(invoice, payments);
  const updated = await repo.update(invoiceId, { ...settlement }) as Invoice;
  if (updated.status === 'paid' && invoice.status !== 'paid') {
    ctx.emit(INVOICE_PAID, { _id: invoiceId, numberFull: updated.numberFull });
  }
  return updated;
}

export function paymentsService(ctx: CallContext) {
  const repo = () => ctx.repo(Payments);
  /** one payment of an invoice, with its bank operations when it comes from the bank */
  async function record(invoiceId: string, input: InvoicePaymentInput, bankOperations?: string[]): Promise<{ invoice: Invoice; payment: Payment }> {
    if (input.amount === 0) throw badRequest(ZERO_PAYMENT, [{ field: 'amount', message: 'différent de 0' }]);
    assertCents('amount', input.amount);
    assertCents('cashPaid', input.cashPaid);
    assertCents('cashChange', input.cashChange);
    assertInstant('date', input.date);
    // locked first, as in emission.ts: the chain head is read after the lock; then the invoice,
    // locked, and its payments read after both: the decision below is on what is committed now
    const taken = await numbering(ctx).take('paymentInvoice');
    const invoice = await ctx.repo(Invoices).getForUpdate(invoiceId) as Invoice;
    if (isDraftInvoice(invoice)) throw conflict(DRAFT_NO_PAYMENT);
    // replaced by a corrective invoice: owed no more, the corrective is (README « Corrective invoice »)
    await assertNotReplaced(ctx, invoice, 'payment');
    const recorded = await ctx.repo(Payments).findMany({ 'fk.invoice': invoiceId }) as Payment[];
    assertPaymentAllowed(invoice, recorded, input.amount, input.confirmOverpayment, isCreditNote(invoice) ? 'creditNote' : 'invoice');
    await assertCashRefund(ctx, invoice, input.amount);
    const payment = await writeInvoicePayment(ctx, taken, {
      mode: input.mode ?? 'cb',
      amount: input.amount,
      date: input.date ?? ctx.now.toISOString(),
      ...(input.cashPaid !== undefined ? { cashPaid: input.cashPaid } : {}),
      ...(input.cashChange !== undefined ? { cashChange: input.cashChange } : {}),
      fk: { invoice: invoiceId, customer: invoice.fk.receiverCustomer ?? null, ...(bankOperations ? { bankOperations } : {}) },
    });
    return { invoice: await settle(ctx, invoiceId), payment };
  }

  return {
    /** Records a payment (refund if negative) of an emitted invoice; answers the settled invoice. */
    async recordForInvoice(invoiceId: string, input: InvoicePaymentInput): Promise<Invoice> {
      return (await record(invoiceId, input)).invoice;
    },

    /**
     * The same for a payment seen on the bank: the payment names the operation in
     * `fk.bankOperations` (left out of its hash, payment-chain.ts), and both are answered.
     */
    async recordFromBank(invoiceId: string, input: InvoicePaymentInput, bankOperationId: string): Promise<{ invoice: Invoice; payment: Payment }> {
      return record(invoiceId, input, [bankOperationId]);
    },

    /**
     * One page of payments with what they point to, keyed by `_id`: invoices, customers, and the
     * providers purchases were paid to. Purchases and external purchases belong to a plugin that
     * depends on this one, bank data to plugins that do not exist yet: empty objects.
     */
    async bundle(params: ListParams): Promise<PaymentsBundle<Invoice>> {
      const page = await repo().list(params);
      const payments = page.data as Payment[];
      const invoiceIds = new Set<string>();
      const customerIds = new Set<string>();
      const providerIds = new Set<string>();
      for (const p of payments) {
        for (const id of [p.fk.invoice, p.fk.invoiceCredit, p.fk.sourceInvoice]) if (id) invoiceIds.add(id);
        if (p.fk.customer) customerIds.add(p.fk.customer);
        if (p.fk.provider) providerIds.add(p.fk.provider);
      }
      const [invoices, customerList, providerList] = await Promise.all([
        ctx.repo(Invoices).findByIds([...invoiceIds]),
        customerIds.size ? customers(ctx).findByIds([...customerIds]) : Promise.resolve([]),
        providerIds.size ? providers(ctx).findByIds([...providerIds]) : Promise.resolve([]),
      ]);
      const byId = <T extends { _id: string }>(list: T[]) => Object.fromEntries(list.map((x) => [x._id, x]));
      return {
        count: page.count,
        next: page.next,
        payments: byId(payments),
        invoices: byId(invoices as Invoice[]),
        purchases: {},
        externalPurchases: {},
        customers: byId(customerList),
        providers: byId(providerList),
        bankOperations: {},
        bankAccounts: {},
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
