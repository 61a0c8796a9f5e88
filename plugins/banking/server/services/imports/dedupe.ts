/**
 * The dedupe key of an imported operation (README « Dedupe »), stable from one import of the same
 * statement to the next: the bank's own id when it gives one (OFX FITID, CAMT AcctSvcrRef, the
 * aggregator's id), else a hash of the day, the amount and the bank's label with the rank of that
 * triple in the statement (two identical coffees the same day are two operations, and stay two).
 */
import { createHash } from 'node:crypto';
import type { ParsedOperation } from './statement.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

export function dedupeKeys(ops: ParsedOperation[]): string[] {
  const seen = new Map<string, number>();
  return ops.map((op) => {
    if (op.bankId) return op.bankId.length <= 200 ? `id:${op.bankId}` : `id#${sha(op.bankId)}`;
    const base = sha(`${op.dateOperation.slice(0, 10)}|${op.amount}|${op.originalLabel}`);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `h:${base}:${n}`;
  });
}
