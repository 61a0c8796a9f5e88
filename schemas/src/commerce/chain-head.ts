/**
 * The last link of a hash chain, kept apart from the chained documents (issue 6, inalterability):
 * one row per company and chain (`invoice`, `payment`, `purchase-payment`, `external-purchase-payment`), written in the transaction that emits the
 * document. The verifier compares the end of the chain it walked with it, so that removing the
 * last documents, or appending forged ones, is seen even though no later link covers them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Str } from '../kinds.ts';

/** invoices (credit notes included); payments, one chain per source (invoice, purchase, external purchase) */
export const CHAIN_KINDS = ['invoice', 'payment', 'purchase-payment', 'external-purchase-payment'] as const;
export type ChainKind = (typeof CHAIN_KINDS)[number];

export const ChainHead = Entity({
  /** which chain of the company: one of CHAIN_KINDS */
  chain: Str({ minLength: 1 }),
  lastId: Id(),
  lastNumber: Type.Integer({ minimum: 1 }),
  lastNumberFull: Str(),
  lastHash: Str({ pattern: '^[0-9a-f]{64}$' }),
}, {
  company: Id(),
});
export type ChainHead = Static<typeof ChainHead>;
