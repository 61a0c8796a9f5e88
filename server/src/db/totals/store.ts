/**
 * Keeping the totals up to date (README.md here, « Writes »): every create, update and delete of a
 * document adds its old → new difference to the groups it leaves and joins. Inside a transaction
 * the differences are gathered and written once, just before the commit, sorted by group: the
 * totals rows are the last locks a transaction takes, for the shortest time (a company's writes all
 * meet on them), always in the same order (no deadlock between two writers of totals), and a batch
 * of writes (an import, a recurring run) costs one statement. Outside a transaction (a knex handle
 * with autocommit) the difference is written at once, in one statement.
 */
import type { Knex } from 'knex';
import { engineOf } from '../connect.ts';
import { contributionOf, type DimensionValue, type TotalsSpec } from './spec.ts';

export interface Delta {
  company: string;
  key: string;
  values: DimensionValue[];
  n: number;
  sums: bigint[];
  counts: number[];
}

const isZero = (d: Delta) => d.n === 0 && d.sums.every((s) => s === 0n) && d.counts.every((c) => c === 0);

/** The differences a change makes to the groups: `before` null for a creation, `after` null for a deletion. */
export function changeDeltas(spec: TotalsSpec, before: Record<string, unknown> | null, after: Record<string, unknown> | null): Delta[] {
  const out = new Map<string, Delta>();
  const add = (doc: Record<string, unknown>, sign: 1 | -1) => {
    const c = contributionOf(spec, doc);
    const id = `${c.company}\u0000${c.key}`;
    let d = out.get(id);
    if (!d) {
      d = { company: c.company, key: c.key, values: c.values, n: 0, sums: spec.sums.map(() => 0n), counts: spec.sums.map(() => 0) };
      out.set(id, d);
    }
    d.n += sign;
    c.sums.forEach((v, i) => {
      if (v === null) return;
      d.sums[i] += BigInt(v) * BigInt(sign);
      d.counts[i] += sign;
    });
  };
  if (before) add(before, -1);
  if (after) add(after, 1);
  return [...out.values()].filter((d) => !isZero(d));
}

/** An integer for the driver: a number while exact, its digits beyond (both engines read them as an integer). */
const bind = (v: bigint): number | string => (v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString());

/** Adds the differences to the totals rows, creating missing groups: one statement, rows in key order. */
export async function applyDeltas(db: Knex | Knex.Transaction, spec: TotalsSpec, deltas: Delta[]): Promise<void> {
  const rows = deltas.filter((d) => !isZero(d))
    .sort((a, b) => (a.company < b.company ? -1 : a.company > b.company ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (rows.length === 0) return;
  const adders = ['n', ...spec.sums.flatMap((s) => [s.sum, s.count])];
  const columns = ['fk_company', 'group_key', ...spec.dimensions.map((d) => d.column), ...adders];
  const bindings: Knex.RawBinding[] = [spec.table, ...columns];
  for (const d of rows) {
    bindings.push(d.company, d.key, ...d.values, d.n, ...d.sums.flatMap((s, i) => [bind(s), d.counts[i]]));
  }
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const head = `INSERT INTO ?? (${columns.map(() => '??').join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`;
  // MariaDB: the row is locked by the insert or the update, so concurrent writers add up one after
  // the other (server/src/db/totals/README.md « Concurrency »); SQLite has one writer at a time
  const sql = engineOf(db as Knex) === 'mysql'
    ? `${head} ON DUPLICATE KEY UPDATE ${adders.map((c) => `\`${c}\` = \`${c}\` + VALUES(\`${c}\`)`).join(', ')}`
    : `${head} ON CONFLICT (fk_company, group_key) DO UPDATE SET ${adders.map((c) => `"${c}" = "${c}" + excluded."${c}"`).join(', ')}`;
  await db.raw(sql, bindings);
}

// ---------------------------------------------------------------------------------------------
// Differences gathered per transaction, written at its commit

type Pending = Map<TotalsSpec, Map<string, Delta>>;
const pendingByTrx = new WeakMap<Knex.Transaction, Pending>();

function merge(into: Map<string, Delta>, d: Delta) {
  const id = `${d.company}\u0000${d.key}`;
  const had = into.get(id);
  if (!had) { into.set(id, { ...d, sums: [...d.sums], counts: [...d.counts] }); return; }
  had.n += d.n;
  d.sums.forEach((s, i) => { had.sums[i] += s; });
  d.counts.forEach((c, i) => { had.counts[i] += c; });
}

/**
 * Writes what is pending, just before the transaction commits: knex commits a transaction whose
 * handler resolved by calling the transactor's `commit`, which is wrapped here (once per
 * transaction). A failure rolls the transaction back with its error: the documents are never
 * committed without their totals.
 */
function pendingOf(trx: Knex.Transaction): Pending {
  let pending = pendingByTrx.get(trx);
  if (pending) return pending;
  pending = new Map();
  pendingByTrx.set(trx, pending);
  const commit = trx.commit.bind(trx);
  const rollback = trx.rollback.bind(trx);
  (trx as { commit: (value?: unknown) => unknown }).commit = async (value?: unknown) => {
    try {
      await flushTotals(trx);
    } catch (e) {
      return rollback(e);
    }
    return commit(value);
  };
  return pending;
}

/** Records a change's differences: gathered until the commit in a transaction, written at once otherwise. */
export async function recordChange(
  db: Knex | Knex.Transaction, spec: TotalsSpec, before: Record<string, unknown> | null, after: Record<string, unknown> | null,
): Promise<void> {
  const deltas = changeDeltas(spec, before, after);
  if (deltas.length === 0) return;
  if (!(db as Knex.Transaction).isTransaction) {
    await applyDeltas(db, spec, deltas);
    return;
  }
  const pending = pendingOf(db as Knex.Transaction);
  let forSpec = pending.get(spec);
  if (!forSpec) { forSpec = new Map(); pending.set(spec, forSpec); }
  for (const d of deltas) merge(forSpec, d);
}

/**
 * Writes the pending differences of a transaction now (of one entity's totals, or all): at the
 * commit, and before the transaction itself reads these totals (a list after a write).
 */
export async function flushTotals(db: Knex | Knex.Transaction, spec?: TotalsSpec): Promise<void> {
  if (!(db as Knex.Transaction).isTransaction) return;
  const pending = pendingByTrx.get(db as Knex.Transaction);
  if (!pending) return;
  const specs = spec ? [spec] : [...pending.keys()].sort((a, b) => (a.table < b.table ? -1 : 1));
  for (const s of specs) {
    const deltas = pending.get(s);
    if (!deltas) continue;
    pending.delete(s);
    await applyDeltas(db, s, [...deltas.values()]);
  }
}
