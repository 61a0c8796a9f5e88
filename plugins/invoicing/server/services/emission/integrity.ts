/**
 * The integrity verifier of the company's hash chains (issue 6, inalterability): each chain of
 * hash-chain.ts is walked by number, page by page, with the SDK's `verifyChain`, and its end is
 * compared with the head stored apart (chain-heads.ts). `GET /integrity` answers the summary of
 * invoicing README « Intégrité »; `npm run verify-integrity` prints the reasons.
 */
import { verifyChain, type CallContext, type ChainBreak, type ChainReport, type ChainSource, type FilterSpec } from '@comptoir/sdk';
import type { ChainKind, Invoice, Payment } from '@comptoir/schemas';
import { Invoices, Payments } from '../../entities.ts';
import { invoiceHashView, paymentHashView } from './hash-chain.ts';
import { readChainHead } from './chain-heads.ts';

/** Rows read at once: memory stays flat whatever the length of the chain. */
export const INTEGRITY_PAGE_SIZE = 500;

type ChainEntity = typeof Invoices | typeof Payments;

export interface ChainDefinition {
  kind: ChainKind;
  entity: ChainEntity;
  /** the chained rows among the entity's (drafts have no number; other sources have other chains) */
  filters: Record<string, FilterSpec>;
  view(row: unknown): object;
}

/** Invoices (credit notes and corrective invoices included), then the payments of invoices (purchases verifies its own payment chains since issue 12). */
export const CHAINS: ChainDefinition[] = [
  { kind: 'invoice', entity: Invoices, filters: {}, view: (row) => invoiceHashView(row as Invoice) },
  { kind: 'payment', entity: Payments, filters: { source: { mode: 'eq', value: 'invoice' } }, view: (row) => paymentHashView(row as Payment) },
];

export interface IntegrityReport {
  valid: boolean;
  checked: number;
  /** with `message`: what was found, in French (describeBreak) */
  firstBroken: (ChainBreak & { message: string }) | null;
  chains: ChainReport[];
}

/** The rows of a chain above `after`, by number, through the list's cursor (one index range per page). */
export function chainSource(ctx: CallContext, chain: ChainDefinition, pageSize = INTEGRITY_PAGE_SIZE): ChainSource<Invoice | Payment> {
  return {
    kind: chain.kind,
    view: chain.view,
    head: () => readChainHead(ctx, chain.kind),
    async *pages(after) {
      const filters: Record<string, FilterSpec> = {
        ...chain.filters,
        number: after === null ? { mode: 'exists', value: true } : { mode: 'gt', value: after },
      };
      let cursor: string | undefined;
      for (;;) {
        const page = await ctx.repo(chain.entity).list({
          filters, sort: { field: 'number', ascending: true }, pagination: { quantity: pageSize, ...(cursor ? { cursor } : {}) },
        });
        if (page.data.length > 0) yield page.data as (Invoice | Payment)[];
        if (!page.next) return;
        cursor = page.next;
      }
    },
  };
}

/** Walks the chains given (every chain of the active company by default); the first broken link of the first broken chain. */
export async function verifyIntegrity(ctx: CallContext, pageSize = INTEGRITY_PAGE_SIZE, only: ChainDefinition[] = CHAINS): Promise<IntegrityReport> {
  const chains: ChainReport[] = [];
  for (const chain of only) chains.push(await verifyChain(chainSource(ctx, chain, pageSize)));
  const broken = chains.find((c) => c.firstBroken)?.firstBroken ?? null;
  const firstBroken = broken ? { ...broken, message: describeBreak(broken) } : null;
  return { valid: firstBroken === null, checked: chains.reduce((n, c) => n + c.checked, 0), firstBroken, chains };
}

/** `GET /integrity` (invoicing README « Intégrité »): exactly `{ valid, checked, firstBroken: null | { kind, _id, number } }`. */
export function integritySummary(report: IntegrityReport) {
  const b = report.firstBroken;
  return { valid: report.valid, checked: report.checked, firstBroken: b ? { kind: b.kind, _id: b._id, number: b.number } : null };
}

const DOCUMENT: Record<string, string> = {
  invoice: 'la facture', payment: 'le paiement', 'purchase-payment': 'le paiement d’achat', 'external-purchase-payment': 'le paiement d’achat en ligne',
};

/** Why the chain is broken, in French, for the command and the logs. */
export function describeBreak(b: ChainBreak): string {
  const doc = `${DOCUMENT[b.kind] ?? `le document (${b.kind})`} ${b.number}`;
  switch (b.reason) {
    case 'altered': return `${doc} ne correspond plus à son empreinte : son contenu, son empreinte ou celle du document précédent a été modifié`;
    case 'missing': return `${doc} ne suit plus le document précédent : un document a été supprimé juste avant (numéros manquants), ou celui-ci a été modifié`;
    case 'moved': return `${doc} a changé de place dans la chaîne : son numéro a été modifié`;
    case 'inserted': return `${doc} a été inséré dans la chaîne : aucun document émis ne le précède`;
    case 'missing-end': return `${doc}, dernier document enregistré de la chaîne, a disparu`;
    case 'beyond-head': return `${doc} suit le dernier document enregistré : il a été ajouté hors de l’application`;
    case 'head-missing': return `la tête de chaîne enregistrée à part a disparu ; la fin de la chaîne (${doc}) n’est plus garantie`;
    case 'head-mismatch': return `${doc} ne correspond pas à la tête de chaîne enregistrée à part`;
  }
}

export function integrityService(ctx: CallContext) {
  return { verify: (pageSize?: number) => verifyIntegrity(ctx, pageSize) };
}
export type IntegrityService = ReturnType<typeof integrityService>;
