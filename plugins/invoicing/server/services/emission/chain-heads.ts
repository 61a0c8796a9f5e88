/**
 * The last hashed document of each chain (hash-chain.ts), read inside the emitting transaction
 * after the kernel counter has been locked, so that two emissions never chain on the same one.
 *
 * Every number of a chain came from its counter, which only goes up: all numbers given so far are
 * below the one just taken. So the predecessor is number − 1 when it exists (one unique-index
 * look-up, the usual case); otherwise (the first document, or a counter raised by hand) the
 * greatest number below, by a sorted list.
 *
 * The head of each chain is also stored apart (`invoicing_chain_heads`), in the same transaction as
 * the document: the verifier (integrity.ts) compares the end of the chain with it.
 */
import type { CallContext } from '@comptoir/sdk';
import type { ChainHead, ChainKind, Invoice, Payment, PaymentSource } from '@comptoir/schemas';
import { ChainHeads, Invoices, Payments } from '../../entities.ts';

export async function previousInvoice(ctx: CallContext, taken: number): Promise<Invoice | null> {
  const repo = ctx.repo(Invoices);
  const adjacent = taken > 1 ? await repo.findOne({ number: taken - 1 }) : null;
  if (adjacent) return adjacent as Invoice;
  const page = await repo.list({
    filters: { number: { mode: 'lt', value: taken } },
    sort: { field: 'number', ascending: false },
    pagination: { quantity: 1 },
  });
  return (page.data[0] as Invoice | undefined) ?? null;
}

/**
 * The last payment of a chain: one chain per payment `source` (invoices, purchases, external
 * purchases), each numbered by its own counter.
 */
export async function previousPayment(ctx: CallContext, source: PaymentSource, taken: number): Promise<Payment | null> {
  const repo = ctx.repo(Payments);
  const adjacent = taken > 1 ? await repo.findOne({ source, number: taken - 1 }) : null;
  if (adjacent) return adjacent as Payment;
  const page = await repo.list({
    filters: { source: { mode: 'eq', value: source }, number: { mode: 'lt', value: taken } },
    sort: { field: 'number', ascending: false },
    pagination: { quantity: 1 },
  });
  return (page.data[0] as Payment | undefined) ?? null;
}

/**
 * The chain of a payment: one per `source`, each numbered by its own counter. Invoice payments keep
 * the name `payment` (the first chain, and the heads stored since).
 */
export function paymentChainOf(source: PaymentSource): ChainKind {
  return source === 'invoice' ? 'payment' : `${source}-payment` as ChainKind;
}

/** The stored head of a chain of the active company (null before its first document). */
export async function readChainHead(ctx: CallContext, chain: ChainKind): Promise<ChainHead | null> {
  return await ctx.repo(ChainHeads).findOne({ chain }) as ChainHead | null;
}

/**
 * Moves the head of `chain` to the document just hashed: called by the emitting transaction, after
 * the counter lock (so heads of concurrent emissions are written one after the other).
 */
export async function recordChainHead(
  ctx: CallContext, chain: ChainKind, doc: { _id: string; number?: number | null; numberFull?: string | null; hash?: string | null },
): Promise<void> {
  const head = { lastId: doc._id, lastNumber: doc.number, lastNumberFull: doc.numberFull, lastHash: doc.hash };
  const repo = ctx.repo(ChainHeads);
  const stored = await repo.findOne({ chain });
  if (stored) await repo.update(stored._id, head);
  else await repo.create({ chain, ...head });
}
