/**
 * The verifier of a hash chain (docs/architecture.md « Shared mechanisms »: one mechanism for invoices, payments, receipts, Z
 * tickets and archives). It walks the chain by ascending number, page by page (memory does not
 * grow with the chain), recomputes each link (`chainHash` of the previous document's stored hash and
 * the document's frozen view) and names the first broken one. The end of the chain is vouched for
 * by its head, stored apart and written with each document: without it, removing the last
 * documents would leave a shorter chain that is still whole.
 *
 * Naming the document, not just the place: a document whose link fails is diagnosed by looking for
 * the stored hash it really chains on (one more pass, only on failure).
 * - none: its content, its hash or its predecessor was changed, or its predecessor was deleted
 *   (`altered`, or `missing` when numbers are missing just before it): that document is named;
 * - a document numbered after it: that one was moved (its number changed): it is named (`moved`);
 * - an earlier one (or the chain's start): the documents between were inserted: the first of them
 *   is named (`inserted`).
 */
import { chainHash } from './integrity.ts';

export interface ChainRow {
  _id: string;
  number?: number | null;
  numberFull?: string | null;
  hash?: string | null;
}

/** The head of a chain as stored apart: the last document linked so far. */
export interface ChainHeadRecord {
  lastId: string;
  lastNumber: number;
  lastNumberFull: string;
  lastHash: string;
}

export interface ChainSource<R extends ChainRow> {
  kind: string;
  /** rows numbered above `after` (all when null), by ascending number, one page at a time */
  pages(after: number | null): AsyncIterable<R[]>;
  /** the frozen fields of a row, as hashed when it was chained */
  view(row: R): object;
  head(): Promise<ChainHeadRecord | null>;
}

export type ChainBreakReason =
  | 'altered' | 'missing' | 'moved' | 'inserted'
  | 'missing-end' | 'beyond-head' | 'head-missing' | 'head-mismatch'
  // a file kept with a chained document (an invoice's frozen e-invoice) and its SHA-256 stored beside it
  | 'file-altered' | 'file-missing';

export interface ChainBreak {
  kind: string;
  _id: string;
  /** the document's full number as stored (or its number) */
  number: string;
  reason: ChainBreakReason;
}

export interface ChainReport {
  kind: string;
  /** documents walked */
  checked: number;
  firstBroken: ChainBreak | null;
}

const numberOf = (row: ChainRow): number => row.number ?? 0;

function breakOf(kind: string, row: ChainRow, reason: ChainBreakReason): ChainBreak {
  return { kind, _id: row._id, number: row.numberFull ?? String(row.number ?? ''), reason };
}

async function firstAfter<R extends ChainRow>(source: ChainSource<R>, after: number | null): Promise<R | null> {
  for await (const page of source.pages(after)) return page[0] ?? null;
  return null;
}

/** The document that `row` really chains on: null for the chain's start, undefined if none. */
async function realPredecessor<R extends ChainRow>(source: ChainSource<R>, row: R): Promise<R | null | undefined> {
  const view = source.view(row);
  if (chainHash(null, view) === row.hash) return null;
  for await (const page of source.pages(null)) {
    for (const candidate of page) {
      if (candidate._id !== row._id && candidate.hash && chainHash(candidate.hash, view) === row.hash) return candidate;
    }
  }
  return undefined;
}

async function diagnose<R extends ChainRow>(source: ChainSource<R>, failing: R, previous: R | null): Promise<ChainBreak> {
  const real = await realPredecessor(source, failing);
  if (real === undefined) {
    const gap = previous ? numberOf(failing) > numberOf(previous) + 1 : numberOf(failing) > 1;
    return breakOf(source.kind, failing, gap ? 'missing' : 'altered');
  }
  if (real && numberOf(real) > numberOf(failing)) return breakOf(source.kind, real, 'moved');
  const intruder = await firstAfter(source, real ? numberOf(real) : null);
  return breakOf(source.kind, intruder ?? failing, 'inserted');
}

/** Walks one chain and names its first broken link (null: the chain is whole up to its head). */
export async function verifyChain<R extends ChainRow>(source: ChainSource<R>): Promise<ChainReport> {
  const { kind } = source;
  let checked = 0;
  let previous: R | null = null;
  const walk = async (after: number | null): Promise<R | null> => {
    for await (const page of source.pages(after)) {
      for (const row of page) {
        checked++;
        if (!row.hash || chainHash(previous?.hash ?? null, source.view(row)) !== row.hash) return row;
        previous = row;
      }
    }
    return null;
  };
  const report = (firstBroken: ChainBreak | null): ChainReport => ({ kind, checked, firstBroken });

  let failing = await walk(null);
  if (failing) return report(await diagnose(source, failing, previous));
  // The head is read after the rows: a document committed before that read is covered by it, so a
  // row numbered beyond the head was not emitted; rows emitted while walking are walked too.
  for (;;) {
    const head = await source.head();
    const last = previous as R | null;
    if (!head) return report(last ? breakOf(kind, last, 'head-missing') : null);
    if (last && numberOf(last) === head.lastNumber) {
      const same = last._id === head.lastId && last.hash === head.lastHash;
      return report(same ? null : breakOf(kind, last, 'head-mismatch'));
    }
    if (last && numberOf(last) > head.lastNumber) {
      const beyond = await firstAfter(source, head.lastNumber);
      return report(breakOf(kind, beyond ?? last, 'beyond-head'));
    }
    const walkedBefore = checked;
    failing = await walk(last ? numberOf(last) : null);
    if (failing) return report(await diagnose(source, failing, previous));
    if (checked === walkedBefore) {
      return report({ kind, _id: head.lastId, number: head.lastNumberFull, reason: 'missing-end' });
    }
  }
}
