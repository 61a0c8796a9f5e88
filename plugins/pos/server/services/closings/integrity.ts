/**
 * The chains of the closings (README « Closings »): X tickets, Z tickets, and the archives of each
 * frequency, walked by number with the SDK's `verifyChains` as receipts and events, each end
 * compared with its head stored apart.
 */
import { numberedPages, type CallContext, type ChainHeadRecord, type ChainRow, type ChainSource, type ListResult } from '@comptoir/sdk';
import { ARCHIVE_FREQUENCIES, type Archive, type ClosingTicket } from '../../../schemas/index.ts';
import { Archives, ChainHeads, XTickets, ZTickets } from '../../entities.ts';
import { X_CHAIN, Z_CHAIN, archiveChain, archiveHashView, ticketHashView } from './hash.ts';

export const CLOSING_DOCUMENTS: Record<string, string> = {
  [X_CHAIN]: 'le ticket X', [Z_CHAIN]: 'le ticket Z',
  ...Object.fromEntries(ARCHIVE_FREQUENCIES.map((f) => [archiveChain(f), `l’archive ${f}`])),
};

const head = (ctx: CallContext, chain: string) => async () => await ctx.repo(ChainHeads).findOne({ chain }) as ChainHeadRecord | null;

export function closingSources(ctx: CallContext, pageSize: number): ChainSource<ChainRow>[] {
  const tickets = (chain: string, entity: typeof XTickets): ChainSource<ChainRow> => ({
    kind: chain, view: (row) => ticketHashView(row as ClosingTicket), head: head(ctx, chain),
    pages: numberedPages((params) => ctx.repo(entity).list(params) as Promise<ListResult<ChainRow>>, {}, pageSize),
  });
  return [
    tickets(X_CHAIN, XTickets), tickets(Z_CHAIN, ZTickets),
    ...ARCHIVE_FREQUENCIES.map((f): ChainSource<ChainRow> => ({
      kind: archiveChain(f), view: (row) => archiveHashView(row as Archive), head: head(ctx, archiveChain(f)),
      pages: numberedPages((params) => ctx.repo(Archives).list(params) as Promise<ListResult<ChainRow>>, { frequency: { mode: 'eq', value: f } }, pageSize),
    })),
  ];
}
