/**
 * The integrity verifier of the purchases' payment chains (inalterability, invoicing README
 * « Intégrité »; owned here since payments moved): each chain is walked by number, page by page,
 * with the SDK's `verifyChains`, and its end compared with the head stored apart.
 * `GET /api/purchases/integrity` answers the SDK's `integritySummary`, as invoicing's does for its
 * own chains; every chain is also checked by the platform (`kernel.integrity-chains`).
 */
import { INTEGRITY_PAGE_SIZE, numberedPages, paymentHashView, verifyChains, type CallContext, type ChainRow, type ChainSource, type IntegrityReport, type ListResult } from '@comptoir/sdk';
import type { Payment } from '@comptoir/schemas';
import { Payments } from '../../entities.ts';
import { CHAINS, readChainHead } from '../payments/payments.ts';

export { INTEGRITY_PAGE_SIZE, integritySummary, type IntegrityReport } from '@comptoir/sdk';

type PaymentChain = (typeof CHAINS)[keyof typeof CHAINS];

const DOCUMENTS: Record<string, string> = { 'purchase-payment': 'le paiement d’achat', 'external-purchase-payment': 'le paiement d’achat en ligne' };

function chainSource(ctx: CallContext, chain: PaymentChain, pageSize: number): ChainSource<ChainRow> {
  return {
    kind: chain.kind,
    view: (row) => paymentHashView(row as Payment),
    head: () => readChainHead(ctx, chain.kind),
    pages: numberedPages((params) => ctx.repo(Payments).list(params) as Promise<ListResult<ChainRow>>, { source: { mode: 'eq', value: chain.source } }, pageSize),
  };
}

/** Walks the payment chains given (both by default) of the active company; the first broken link of the first broken chain. */
export function verifyIntegrity(
  ctx: CallContext, pageSize = INTEGRITY_PAGE_SIZE, only: PaymentChain[] = [CHAINS.purchase, CHAINS.externalPurchase],
): Promise<IntegrityReport> {
  return verifyChains(only.map((chain) => chainSource(ctx, chain, pageSize)), DOCUMENTS);
}

export function integrityService(ctx: CallContext) {
  return { verify: (pageSize?: number) => verifyIntegrity(ctx, pageSize) };
}
export type IntegrityService = ReturnType<typeof integrityService>;
