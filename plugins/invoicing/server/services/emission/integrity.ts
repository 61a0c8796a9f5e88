/**
 * The integrity verifier of the company's hash chains (inalterability, invoicing README
 * « Intégrité »): each chain of hash-chain.ts is walked by number, page by page, with the SDK's
 * `verifyChains`, and its end compared with the head stored apart (chain-heads.ts).
 * `GET /integrity` answers the SDK's `integritySummary`; `npm run verify-integrity` prints the reasons.
 */
import { INTEGRITY_PAGE_SIZE, describeBreak, numberedPages, verifyChains, type CallContext, type ChainRow, type ChainSource, type FilterSpec, type IntegrityReport, type ListResult } from '@comptoir/sdk';
import type { ChainKind, Payment } from '@comptoir/schemas';
import type { Invoice } from '../../../schemas/index.ts';
import { Invoices, Payments } from '../../entities.ts';
import { invoiceHashView, paymentHashView } from './hash-chain.ts';
import { readChainHead } from './chain-heads.ts';
import { EINVOICE_DOCUMENTS, firstBrokenEInvoice } from '../einvoice/einvoice-integrity.ts';

export { INTEGRITY_PAGE_SIZE, integritySummary, type IntegrityReport } from '@comptoir/sdk';

type ChainEntity = typeof Invoices | typeof Payments;

export interface ChainDefinition {
  kind: ChainKind;
  entity: ChainEntity;
  /** the chained rows among the entity's (drafts have no number; other sources have other chains) */
  filters: Record<string, FilterSpec>;
  view(row: unknown): object;
}

/** Invoices (credit notes and corrective invoices included), then the payments of invoices (purchases verifies its own payment chains). */
export const CHAINS: ChainDefinition[] = [
  { kind: 'invoice', entity: Invoices, filters: {}, view: (row) => invoiceHashView(row as Invoice) },
  { kind: 'payment', entity: Payments, filters: { source: { mode: 'eq', value: 'invoice' } }, view: (row) => paymentHashView(row as Payment) },
];

const DOCUMENTS: Record<string, string> = { invoice: 'la facture', payment: 'le paiement' };

/** The rows of a chain above `after`, by number, through the list's cursor (one index range per page). */
export function chainSource(ctx: CallContext, chain: ChainDefinition, pageSize = INTEGRITY_PAGE_SIZE): ChainSource<ChainRow> {
  return {
    kind: chain.kind,
    view: chain.view,
    head: () => readChainHead(ctx, chain.kind),
    pages: numberedPages((params) => ctx.repo(chain.entity).list(params) as Promise<ListResult<ChainRow>>, chain.filters, pageSize),
  };
}

/**
 * Walks the chains given (every chain of the active company by default); the first broken link of
 * the first broken chain. With the invoices' chain whole, the files of their frozen e-invoices are
 * checked against their SHA-256 too (einvoice-integrity.ts): they are part of the invoices, not
 * more documents (`checked` counts documents).
 */
export async function verifyIntegrity(ctx: CallContext, pageSize = INTEGRITY_PAGE_SIZE, only: ChainDefinition[] = CHAINS): Promise<IntegrityReport> {
  const report = await verifyChains(only.map((chain) => chainSource(ctx, chain, pageSize)), DOCUMENTS);
  if (report.firstBroken || !only.some((c) => c.kind === 'invoice')) return report;
  const broken = await firstBrokenEInvoice(ctx, pageSize);
  return broken ? { ...report, valid: false, firstBroken: { ...broken, message: describeBreak(broken, EINVOICE_DOCUMENTS) } } : report;
}

export function integrityService(ctx: CallContext) {
  return { verify: (pageSize?: number) => verifyIntegrity(ctx, pageSize) };
}
export type IntegrityService = ReturnType<typeof integrityService>;
