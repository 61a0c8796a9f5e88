/**
 * The verifier of the receipts' chain (README « Inalterability »), with the SDK's `verifyChains` as
 * the event log's: walked by number, page by page, each hash recomputed from the stored receipt
 * (its payments inside), its end compared with the head stored apart. `verifyTill` walks both
 * chains of the till for `GET /api/pos/integrity`; each is also contributed on its own to the
 * platform's `kernel.integrity-chains`.
 */
import { INTEGRITY_PAGE_SIZE, numberedPages, verifyChains, type CallContext, type ChainHeadRecord, type ChainRow, type ChainSource, type IntegrityReport, type ListResult } from '@comptoir/sdk';
import type { Receipt } from '../../../schemas/index.ts';
import { ChainHeads, Receipts } from '../../entities.ts';
import { EVENT_DOCUMENTS, eventSource } from '../events/integrity.ts';
import { RECEIPT_CHAIN, receiptHashView } from './hash.ts';
import { CLOSING_DOCUMENTS, closingSources } from '../closings/integrity.ts';

const DOCUMENTS: Record<string, string> = { ...EVENT_DOCUMENTS, ...CLOSING_DOCUMENTS, [RECEIPT_CHAIN]: 'le ticket de caisse' };

export function receiptSource(ctx: CallContext, pageSize: number): ChainSource<ChainRow> {
  return {
    kind: RECEIPT_CHAIN,
    view: (row) => receiptHashView(row as Receipt),
    head: async () => await ctx.repo(ChainHeads).findOne({ chain: RECEIPT_CHAIN }) as ChainHeadRecord | null,
    pages: numberedPages((params) => ctx.repo(Receipts).list(params) as Promise<ListResult<ChainRow>>, {}, pageSize),
  };
}

export const verifyReceipts = (ctx: CallContext, pageSize = INTEGRITY_PAGE_SIZE): Promise<IntegrityReport> =>
  verifyChains([receiptSource(ctx, pageSize)], DOCUMENTS);

/** Every chain of the till: receipts first (the sales), then X/Z tickets and archives, then the event log. */
export const verifyTill = (ctx: CallContext, pageSize = INTEGRITY_PAGE_SIZE): Promise<IntegrityReport> =>
  verifyChains([receiptSource(ctx, pageSize), ...closingSources(ctx, pageSize), eventSource(ctx, pageSize)], DOCUMENTS);

/** The closings' chains alone (contributed to the platform's integrity as `pos.closings`). */
export const verifyClosings = (ctx: CallContext, pageSize = INTEGRITY_PAGE_SIZE): Promise<IntegrityReport> =>
  verifyChains(closingSources(ctx, pageSize), DOCUMENTS);
