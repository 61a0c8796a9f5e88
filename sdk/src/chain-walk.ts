/**
 * What every plugin that chains documents needs around `verifyChain` (docs/architecture.md
 * « Shared mechanisms »): the rows of a chain read page by page from a repository list, the French
 * sentence of a break, the walk of several chains into one report, and the summary of
 * `GET /integrity`. One wording and one report shape for invoices, payments, supplier payments and,
 * later, receipts.
 */
import { verifyChain, type ChainBreak, type ChainReport, type ChainSource, type ChainRow } from './chain-verifier.ts';
import type { IntegrityReport } from './integrity-chains.ts';
import type { FilterSpec, ListParams, ListResult, Where } from './repository.ts';

/** Rows read at once: memory stays flat whatever the length of the chain. */
export const INTEGRITY_PAGE_SIZE = 500;

/**
 * The `pages` of a `ChainSource`: the rows matching `filters` numbered above `after`, by number,
 * through the list's cursor (one index range per page).
 */
export function numberedPages<R extends ChainRow>(
  list: (params: ListParams) => Promise<ListResult<R>>, filters: Record<string, FilterSpec>, pageSize = INTEGRITY_PAGE_SIZE,
): ChainSource<R>['pages'] {
  return async function* pages(after: number | null) {
    const where: Record<string, FilterSpec> = { ...filters, number: after === null ? { mode: 'exists', value: true } : { mode: 'gt', value: after } };
    let cursor: string | undefined;
    for (;;) {
      const page = await list({ filters: where, sort: { field: 'number', ascending: true }, pagination: { quantity: pageSize, ...(cursor ? { cursor } : {}) } });
      if (page.data.length > 0) yield page.data;
      if (!page.next) return;
      cursor = page.next;
    }
  };
}

/** Why the chain is broken, in French; `documents` names each chain's kind (« la facture »). */
export function describeBreak(b: ChainBreak, documents: Record<string, string>): string {
  const doc = `${documents[b.kind] ?? `le document (${b.kind})`} ${b.number}`;
  switch (b.reason) {
    case 'altered': return `${doc} ne correspond plus à son empreinte : son contenu, son empreinte ou celle du document précédent a été modifié`;
    case 'missing': return `${doc} ne suit plus le document précédent : un document a été supprimé juste avant (numéros manquants), ou celui-ci a été modifié`;
    case 'moved': return `${doc} a changé de place dans la chaîne : son numéro a été modifié`;
    case 'inserted': return `${doc} a été inséré dans la chaîne : aucun document émis ne le précède`;
    case 'missing-end': return `${doc}, dernier document enregistré de la chaîne, a disparu`;
    case 'beyond-head': return `${doc} suit le dernier document enregistré : il a été ajouté hors de l’application`;
    case 'head-missing': return `la tête de chaîne enregistrée à part a disparu ; la fin de la chaîne (${doc}) n’est plus garantie`;
    case 'head-mismatch': return `${doc} ne correspond pas à la tête de chaîne enregistrée à part`;
    case 'file-altered': return `${doc} a été modifié : son fichier ne correspond plus à l’empreinte SHA-256 enregistrée quand il a été produit`;
    case 'file-missing': return `${doc} a disparu du stockage des fichiers : il ne peut plus être vérifié`;
  }
}

/** Walks the chains in turn; the report names the first broken link of the first broken chain. */
export async function verifyChains(sources: ChainSource<ChainRow>[], documents: Record<string, string>): Promise<IntegrityReport> {
  const chains: ChainReport[] = [];
  for (const source of sources) chains.push(await verifyChain(source));
  const broken = chains.find((c) => c.firstBroken)?.firstBroken ?? null;
  const firstBroken = broken ? { ...broken, message: describeBreak(broken, documents) } : null;
  return { valid: firstBroken === null, checked: chains.reduce((n, c) => n + c.checked, 0), firstBroken, chains };
}

/** `GET /integrity` of a plugin: exactly `{ valid, checked, firstBroken: null | { kind, _id, number } }`. */
export function integritySummary(report: IntegrityReport) {
  const b = report.firstBroken;
  return { valid: report.valid, checked: report.checked, firstBroken: b ? { kind: b.kind, _id: b._id, number: b.number } : null };
}

/** What a chain's link and head helpers need of a repository (any plugin's own). */
interface ChainRepository<R> {
  findOne(where: Where): Promise<R | null>;
  list(params: ListParams): Promise<ListResult<R>>;
}

/** What the head helpers need of the repository of a plugin's chain heads (`<plugin>_chain_heads`). */
export interface ChainHeadsRepository {
  findOneRaw(where: Where): Promise<unknown>;
  update(id: string, changes: Record<string, unknown>, options?: { existing?: unknown }): Promise<unknown>;
  create(doc: Record<string, unknown>): Promise<unknown>;
}

interface StoredHead { _id: string; lastNumber?: number | null; lastHash?: string | null }

/**
 * The document a new link chains on, read after the chain's counter was locked (so two writers
 * never chain on the same one). Every number came from a counter that only goes up, so it is
 * number − 1 when that exists (one unique-index look-up, the usual case), otherwise the greatest
 * number below (the first document, or a counter raised by hand). `where`: the chain's rows among
 * the table's (`{ source: 'purchase' }`), `{}` when the table is one chain.
 */
export async function previousLink<R>(repo: ChainRepository<R>, taken: number, where: Record<string, string> = {}): Promise<R | null> {
  const adjacent = taken > 1 ? await repo.findOne({ ...where, number: taken - 1 }) : null;
  if (adjacent) return adjacent;
  const filters: Record<string, FilterSpec> = Object.fromEntries(Object.entries(where).map(([k, v]) => [k, { mode: 'eq', value: v }]));
  const page = await repo.list({ filters: { ...filters, number: { mode: 'lt', value: taken } }, sort: { field: 'number', ascending: false }, pagination: { quantity: 1 } });
  return page.data[0] ?? null;
}

/** What a link needs of the chain, read once under the counter (`chainLink`). */
export interface ChainLink {
  /** the hash the new document chains on (null: the first of its chain) */
  previousHash: string | null;
  /** moves the chain's head, stored apart, to the document just written (one UPDATE, or the first INSERT) */
  record(doc: { _id: string; number?: number | null; numberFull?: string | null; hash?: string | null }): Promise<void>;
}

/**
 * The previous hash and the head of a chain for a document numbered `taken`, in the writing
 * transaction after the chain's counter was locked (plugins/invoicing/README.md « Emission under
 * the counter »). The head stored apart names the last document of the chain: when it is number
 * `taken − 1` (every write of the chain moves it, so this is the usual case) its hash is the
 * previous one and nothing else is read; otherwise (the chain's first document, a counter raised
 * by hand, rows written before the heads existed) the previous document is read by number
 * (`previous`, usually `previousLink`). `record` then updates the head row already read: one
 * statement, where reading the previous document and the head again took three.
 */
export async function chainLink(
  heads: ChainHeadsRepository, chain: string, taken: number,
  previous: () => Promise<{ hash?: string | null } | null>,
): Promise<ChainLink> {
  const stored = await heads.findOneRaw({ chain }) as StoredHead | null;
  const adjacent = stored && stored.lastNumber != null && Number(stored.lastNumber) === taken - 1 && stored.lastHash;
  const previousHash = adjacent ? stored.lastHash ?? null : (await previous())?.hash ?? null;
  return {
    previousHash,
    async record(doc) {
      const head = { lastId: doc._id, lastNumber: doc.number, lastNumberFull: doc.numberFull, lastHash: doc.hash };
      if (stored) await heads.update(stored._id, head, { existing: stored });
      else await heads.create({ chain, ...head });
    },
  };
}

/**
 * Moves the head of `chain`, stored apart, to the document just hashed: in the writing transaction,
 * after the counter lock (so heads of concurrent writes follow each other). The verifier compares
 * the end of the chain with it. (A writer that read the head with `chainLink` uses its `record`.)
 */
export async function recordChainHead(
  repo: ChainRepository<{ _id: string }> & { update(id: string, changes: Record<string, unknown>): Promise<unknown>; create(doc: Record<string, unknown>): Promise<unknown> },
  chain: string, doc: { _id: string; number?: number | null; numberFull?: string | null; hash?: string | null },
): Promise<void> {
  const head = { lastId: doc._id, lastNumber: doc.number, lastNumberFull: doc.numberFull, lastHash: doc.hash };
  const stored = await repo.findOne({ chain });
  if (stored) await repo.update(stored._id, head);
  else await repo.create({ chain, ...head });
}

/**
 * The chained write of an emission, under the counter (plugins/invoicing/README.md « Emission under
 * the counter »), shared by every plugin that emits numbered, hashed documents (invoices, the till's
 * receipts): the previous hash of the chain (`chainLink`), the document written with its hash
 * (`hashOf` the previous hash; `write` stores it and answers the stored document), then the head
 * moved to it. `taken` is the number the caller took from the chain's counter in this transaction.
 */
export async function writeChained<D extends { _id: string; number?: number | null; numberFull?: string | null; hash?: string | null }>(
  heads: ChainHeadsRepository, chain: string, taken: { number: number },
  previous: () => Promise<{ hash?: string | null } | null>,
  hashOf: (previousHash: string | null) => string,
  write: (hash: string) => Promise<D>,
): Promise<D> {
  const link = await chainLink(heads, chain, taken.number, previous);
  const written = await write(hashOf(link.previousHash));
  await link.record(written);
  return written;
}
