/**
 * The verifier of the event log's chain (README « Event log »), with the SDK's `verifyChains`: walked
 * by number, page by page, its end compared with the head stored apart. Contributed to the
 * platform's `kernel.integrity-chains` and answered by `GET /api/pos/integrity`.
 */
import { INTEGRITY_PAGE_SIZE, numberedPages, verifyChains, type CallContext, type ChainHeadRecord, type ChainRow, type ChainSource, type IntegrityReport, type ListResult } from '@comptoir/sdk';
import type { PosEvent } from '../../../schemas/index.ts';
import { ChainHeads, Events } from '../../entities.ts';
import { EVENT_CHAIN, eventHashView } from './event-log.ts';

export const EVENT_DOCUMENTS: Record<string, string> = { [EVENT_CHAIN]: 'l’événement de caisse' };

export function eventSource(ctx: CallContext, pageSize: number): ChainSource<ChainRow> {
  return {
    kind: EVENT_CHAIN,
    view: (row) => eventHashView(row as PosEvent),
    head: async () => await ctx.repo(ChainHeads).findOne({ chain: EVENT_CHAIN }) as ChainHeadRecord | null,
    pages: numberedPages((params) => ctx.repo(Events).list(params) as Promise<ListResult<ChainRow>>, {}, pageSize),
  };
}

export function verifyEventLog(ctx: CallContext, pageSize = INTEGRITY_PAGE_SIZE): Promise<IntegrityReport> {
  return verifyChains([eventSource(ctx, pageSize)], EVENT_DOCUMENTS);
}
