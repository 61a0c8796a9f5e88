/**
 * Statements captured from knex's `query` event, and their plans: `EXPLAIN QUERY PLAN` on SQLite,
 * `EXPLAIN` then `ANALYZE` (real row counts) on MariaDB — as the kernel suite shows them.
 */
import type { Knex } from 'knex';
import type { Engine } from '../database.ts';
import type { Explain } from '../report.ts';

export interface Captured {
  sql: string;
  bindings: unknown[];
  /** sent, in ms after the capture started */
  at?: number;
  /** time to its answer */
  ms?: number;
}

type QueryEvent = { sql: string; bindings?: unknown[]; __knexQueryUid?: string };

/** The statements `fn` sends through these knex instances, each with its time (query → response). */
export async function captureQueries<T>(dbs: Knex[], fn: () => Promise<T>): Promise<{ result: T; queries: Captured[] }> {
  const queries: Captured[] = [];
  const started = new Map<string, { at: number; q: Captured }>();
  const t0 = performance.now();
  const on = (e: QueryEvent) => {
    const q: Captured = { sql: e.sql, bindings: e.bindings ?? [], at: performance.now() - t0 };
    queries.push(q);
    if (e.__knexQueryUid) started.set(e.__knexQueryUid, { at: performance.now(), q });
  };
  const done = (_r: unknown, e: QueryEvent) => {
    const s = e.__knexQueryUid ? started.get(e.__knexQueryUid) : undefined;
    if (s) s.q.ms = performance.now() - s.at;
  };
  const failed = (_e: unknown, q: QueryEvent) => done(null, q);
  for (const db of dbs) { db.on('query', on); db.on('query-response', done); db.on('query-error', failed); }
  try {
    return { result: await fn(), queries };
  } finally {
    for (const db of dbs) { db.removeListener('query', on); db.removeListener('query-response', done); db.removeListener('query-error', failed); }
  }
}

export function displaySql(q: Captured): string {
  const sql = q.sql.replace(/\?(?:, \?){5,}/g, (m) => `?, ?, ?, … (${m.split('?').length - 1} placeholders)`);
  const shown = q.bindings.slice(0, 6).map((b) => {
    const s = JSON.stringify(b) ?? 'undefined';
    return s.length > 80 ? `${s.slice(0, 77)}…"` : s;
  }).join(', ');
  return `${sql}\n-- bindings (${q.bindings.length}): ${shown}${q.bindings.length > 6 ? ', …' : ''}`;
}

/** One line per statement, for the « SQL per request » listings. */
export function shortSql(q: Captured): string {
  const s = q.sql.replace(/\s+/g, ' ');
  const time = q.ms === undefined ? '' : `[${q.ms < 10 ? q.ms.toFixed(1) : Math.round(q.ms)} ms] `;
  return time + (s.length > 200 ? `${s.slice(0, 197)}…` : s);
}

/** `possible_keys` (every index of the table, here a dozen) is left out: `key` is what was used. */
function markdownTable(rows: Record<string, unknown>[]): string {
  if (!rows.length) return '(no rows)';
  const cols = Object.keys(rows[0]).filter((c) => c !== 'possible_keys');
  const esc = (v: unknown) => (v === null || v === undefined ? 'NULL' : String(v)).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [`| ${cols.join(' | ')} |`, `| ${cols.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${cols.map((c) => esc(r[c])).join(' | ')} |`)].join('\n');
}

export async function explain(db: Knex, engine: Engine, title: string, q: Captured): Promise<Explain> {
  const bindings = q.bindings as Knex.Value[];
  try {
    if (engine === 'sqlite') {
      const rows = (await db.raw(`EXPLAIN QUERY PLAN ${q.sql}`, bindings)) as { id: number; parent: number; detail: string }[];
      const depth = new Map<number, number>([[0, -1]]);
      const lines = rows.map((r) => {
        const d = (depth.get(r.parent) ?? -1) + 1;
        depth.set(r.id, d);
        return `${'  '.repeat(d)}${r.detail}`;
      });
      const started = performance.now();
      await db.raw(q.sql, bindings);
      const ms = performance.now() - started;
      return { title, sql: displaySql(q), plan: [`ran alone in ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`, '', '```', ...lines, '```'].join('\n') };
    }
    const [plan] = (await db.raw(`EXPLAIN ${q.sql}`, bindings)) as [Record<string, unknown>[]];
    const started = performance.now();
    const [rows] = (await db.raw(`ANALYZE ${q.sql}`, bindings)) as [Record<string, unknown>[]];
    const analyzed = `ANALYZE (ran in ${Math.round(performance.now() - started)} ms):\n\n${markdownTable(rows)}`;
    return { title, sql: displaySql(q), plan: `EXPLAIN:\n\n${markdownTable(plan)}\n\n${analyzed}` };
  } catch (e) {
    return { title, sql: displaySql(q), plan: `could not be explained: ${String((e as Error).message).slice(-300)}` };
  }
}

/**
 * How long the company's counter stays locked in a captured create + emit: from the statement that
 * reads the counter (`numbering` of kernel_companies) to the end of the COMMIT that follows.
 */
export function lockSpan(queries: Captured[]): number | null {
  const start = queries.findIndex((q) => /numbering/.test(q.sql) && /^select/i.test(q.sql.trim()));
  if (start < 0) return null;
  const commit = queries.slice(start).find((q) => /^commit/i.test(q.sql.trim()));
  if (!commit || commit.at === undefined || queries[start].at === undefined) return null;
  return commit.at + (commit.ms ?? 0) - queries[start].at!;
}
