/**
 * The last hashed document of each chain (hash-chain.ts), read inside the emitting transaction
 * after the kernel counter has been locked, so that two emissions never chain on the same one.
 *
 * The look-up of the predecessor and the head's write are the SDK's (`previousLink`,
 * `recordChainHead` in chain-walk.ts), shared with every plugin that chains documents.
 *
 * The head of each chain is also stored apart (`invoicing_chain_heads`), in the same transaction as
 * the document: the verifier (integrity.ts) compares the end of the chain with it.
 */
import { chainLink, previousLink, recordChainHead as recordHead, type CallContext, type ChainLink } from '@comptoir/sdk';
import type { ChainHead, ChainKind, Payment, PaymentSource } from '@comptoir/schemas';
import type { Invoice } from '../../../schemas/index.ts';
import { ChainHeads, Invoices, Payments } from '../../entities.ts';

export async function previousInvoice(ctx: CallContext, taken: number): Promise<Invoice | null> {
  return await previousLink(ctx.repo(Invoices), taken) as Invoice | null;
}

/**
 * The previous hash of a payment numbered `taken` in the chain of `source`, and its head (as
 * an invoice's, which emission-steps.ts writes with `writeChained`).
 */
export async function paymentLink(ctx: CallContext, source: PaymentSource, taken: number): Promise<ChainLink> {
  return chainLink(ctx.repo(ChainHeads), paymentChainOf(source), taken, () => previousPayment(ctx, source, taken));
}

/**
 * The last payment of a chain: one chain per payment `source` (invoices, purchases, external
 * purchases), each numbered by its own counter.
 */
export async function previousPayment(ctx: CallContext, source: PaymentSource, taken: number): Promise<Payment | null> {
  return await previousLink(ctx.repo(Payments), taken, { source }) as Payment | null;
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
  await recordHead(ctx.repo(ChainHeads), chain, doc);
}
