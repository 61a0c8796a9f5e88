/**
 * The SQL a request really sends, captured from knex's `query` events (with the time of each
 * statement), shown for reading, and explained: `EXPLAIN QUERY PLAN` on SQLite; `EXPLAIN` then
 * `ANALYZE` (real row counts) on MariaDB, `EXPLAIN ANALYZE` on MySQL 8.
 */
import type { Knex } from 'knex';
import type { Engine } from './database.ts';
import type { Explain } from './report.ts';

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
export async function captureQueries<T>(dbs: Knex | Knex[], fn: () => Promise<T>): Promise<{ result: T; queries: Captured[] }> {
  const list = Array.isArray(dbs) ? dbs : [dbs];
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
  for (const db of list) { db.on('query', on); db.on('query-response', done); db.on('query-error', failed); }
  try {
    return { result: await fn(), queries };
  } finally {
    for (const db of list) { db.removeListener('query', on); db.removeListener('query-response', done); db.removeListener('query-error', failed); }
  }
}

/** The first statement of scenario `id` that passes `test`. */
export const pickQuery = (m: Map<string, Captured[]>, id: string, test: (sql: string) => boolean): Captured | undefined =>
  (m.get(id) ?? []).find((q) => test(q.sql));
/** the kernel's list statements, by the aliases `runList` gives them */
export const isKernelPage = (sql: string) => /__page/.test(sql);
export const isKernelTotals = (sql: string) => /__count/.test(sql);

/** SQL for reading: long lists of placeholders shortened, a few bound values shown (long ones cut). */
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

/** Rows as a Markdown table, without the columns named in `omit`. */
export function markdownTable(rows: Record<string, unknown>[], omit: readonly string[] = []): string {
  if (!rows.length) return '(no rows)';
  const cols = Object.keys(rows[0]).filter((c) => !omit.includes(c));
  const esc = (v: unknown) => (v === null || v === undefined ? 'NULL' : String(v)).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [`| ${cols.join(' | ')} |`, `| ${cols.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${cols.map((c) => esc(r[c])).join(' | ')} |`)].join('\n');
}

export interface ExplainOptions {
  /** SQLite: also run the statement alone and give its time */
  timeOnSqlite?: boolean;
  /** MariaDB: columns of EXPLAIN / ANALYZE left out of the tables */
  omitColumns?: readonly string[];
}

export async function explain(db: Knex, engine: Engine, title: string, q: Captured, o: ExplainOptions = {}): Promise<Explain> {
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
      const plan = ['```', ...lines, '```'];
      if (o.timeOnSqlite) {
        const started = performance.now();
        await db.raw(q.sql, bindings);
        const ms = performance.now() - started;
        plan.unshift(`ran alone in ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`, '');
      }
      return { title, sql: displaySql(q), plan: plan.join('\n') };
    }
    const [plan] = (await db.raw(`EXPLAIN ${q.sql}`, bindings)) as [Record<string, unknown>[]];
    let analyzed: string;
    const started = performance.now();
    try {
      // MariaDB: ANALYZE runs the statement and adds the real row counts (r_rows, r_filtered)
      const [rows] = (await db.raw(`ANALYZE ${q.sql}`, bindings)) as [Record<string, unknown>[]];
      analyzed = `ANALYZE (ran in ${Math.round(performance.now() - started)} ms):\n\n${markdownTable(rows, o.omitColumns)}`;
    } catch {
      // MySQL 8 spells it EXPLAIN ANALYZE and answers a tree
      const [rows] = (await db.raw(`EXPLAIN ANALYZE ${q.sql}`, bindings)) as [Record<string, unknown>[]];
      analyzed = `EXPLAIN ANALYZE:\n\n\`\`\`\n${rows.map((r) => Object.values(r).join(' ')).join('\n')}\n\`\`\``;
    }
    return { title, sql: displaySql(q), plan: `EXPLAIN:\n\n${markdownTable(plan, o.omitColumns)}\n\n${analyzed}` };
  } catch (e) {
    return { title, sql: displaySql(q), plan: `could not be explained: ${String((e as Error).message).slice(-300)}` };
  }
}
