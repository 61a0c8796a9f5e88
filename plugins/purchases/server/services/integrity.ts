/**
 * The integrity verifier of the purchases' payment chains (issue 6 inalterability; owned here since
 * issue 12): each chain is walked by number, page by page, with the SDK's `verifyChain`, and its
 * end compared with the head stored apart. `GET /api/purchases/integrity` answers the summary
 * invoicing's `GET /api/invoicing/integrity` answers for its own chains; `npm run
 * verify-integrity` asks both plugins.
 */
import { paymentHashView, verifyChain, type CallContext, type ChainBreak, type ChainReport, type ChainSource, type FilterSpec } from '@comptoir/sdk';
import type { Payment } from '@comptoir/schemas';
import { Payments } from '../entities.ts';
import { CHAINS, readChainHead } from './payments.ts';

/** Rows read at once: memory stays flat whatever the length of the chain. */
export const INTEGRITY_PAGE_SIZE = 500;

export interface IntegrityReport {
  valid: boolean;
  checked: number;
  /** with `message`: what was found, in French */
  firstBroken: (ChainBreak & { message: string }) | null;
  chains: ChainReport[];
}

function chainSource(ctx: CallContext, chain: (typeof CHAINS)[keyof typeof CHAINS], pageSize: number): ChainSource<Payment> {
  return {
    kind: chain.kind,
    view: (row) => paymentHashView(row as Payment),
    head: () => readChainHead(ctx, chain.kind),
    async *pages(after) {
      const filters: Record<string, FilterSpec> = {
        source: { mode: 'eq', value: chain.source },
        number: after === null ? { mode: 'exists', value: true } : { mode: 'gt', value: after },
      };
      let cursor: string | undefined;
      for (;;) {
        const page = await ctx.repo(Payments).list({
          filters, sort: { field: 'number', ascending: true }, pagination: { quantity: pageSize, ...(cursor ? { cursor } : {}) },
        });
        if (page.data.length > 0) yield page.data as Payment[];
        if (!page.next) return;
        cursor = page.next;
      }
    },
  };
}

const DOCUMENT: Record<string, string> = { 'purchase-payment': 'le paiement d’achat', 'external-purchase-payment': 'le paiement d’achat en ligne' };

/** Why the chain is broken, in French, for the command and the logs (the wording of invoicing's verifier). */
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

/** Walks the payment chains given (both by default) of the active company; the first broken link of the first broken chain. */
export async function verifyIntegrity(
  ctx: CallContext, pageSize = INTEGRITY_PAGE_SIZE, only: (typeof CHAINS)[keyof typeof CHAINS][] = [CHAINS.purchase, CHAINS.externalPurchase],
): Promise<IntegrityReport> {
  const chains: ChainReport[] = [];
  for (const chain of only) chains.push(await verifyChain(chainSource(ctx, chain, pageSize)));
  const broken = chains.find((c) => c.firstBroken)?.firstBroken ?? null;
  const firstBroken = broken ? { ...broken, message: describeBreak(broken) } : null;
  return { valid: firstBroken === null, checked: chains.reduce((n, c) => n + c.checked, 0), firstBroken, chains };
}

/** `GET /integrity`: exactly `{ valid, checked, firstBroken: null | { kind, _id, number } }`, as invoicing's. */
export function integritySummary(report: IntegrityReport) {
  const b = report.firstBroken;
  return { valid: report.valid, checked: report.checked, firstBroken: b ? { kind: b.kind, _id: b._id, number: b.number } : null };
}

export function integrityService(ctx: CallContext) {
  return { verify: (pageSize?: number) => verifyIntegrity(ctx, pageSize) };
}
export type IntegrityService = ReturnType<typeof integrityService>;
