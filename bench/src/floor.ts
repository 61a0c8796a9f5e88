/**
 * The floor: a bare Koa + knex server on the same database, answering the benchmark's requests
 * with the best SQL we can write by hand for exactly those requests, and nothing else (no auth,
 * no validation beyond reading the parameters, no document decoding). The kernel's ratio against
 * it is what its generality costs.
 *
 * The SQL, per request shape:
 * - page: the ids of the page from the covering (name, _id) index, membership checked by a
 *   correlated EXISTS on the unique (fk_company, fk_user) profile index, LIMIT quantity + 1
 *   (then OFFSET, or the keyset `name > ? OR (name = ? AND _id > ?)` of a cursor), joined back to
 *   the table for the whole rows of this page only (deferred join);
 * - totals: one query, COUNT(*) (plus SUM and COUNT of the aggregated column) with the same
 *   conditions; without a text filter, the member count comes straight from the profile index.
 * - `contains` on SQLite: plain LIKE (ASCII case-insensitive) first, and the accent-folding
 *   function only for names that hold a non-ASCII character: the same rows as
 *   `comptoir_fold(name) LIKE ?`, with a fraction of the JavaScript calls. On MariaDB, the kernel's
 *   expression (utf8mb4_unicode_ci with ligatures expanded), which has no cheaper equivalent.
 */
import http from 'node:http';
import Koa from 'koa';
import type { Knex } from 'knex';
import { Decimal } from 'decimal.js';
import { fold } from '../../server/src/db/codec.ts';
import { escapeLike } from '../../server/src/db/list-query.ts';
import { foldColumn, ftsTable, gramsColumn, trigramWords } from '@comptoir/sdk';
import type { Engine } from './database.ts';
import { decodeCursor, encodeCursor } from './http.ts';

export interface FloorOptions {
  db: Knex;
  engine: Engine;
  /** the company whose members /users lists */
  companyId: string;
  /** the user whose companies /companies lists */
  ownerId: string;
  /** the body of /health, identical to the kernel's */
  health: unknown;
}

export interface Floor {
  url: string;
  db: Knex;
  close(): Promise<void>;
}

export type Row = Record<string, unknown>;

interface ListRequest {
  quantity: number;
  page: number;
  cursor: { v: string; i: string } | null;
  search: string | null;
  aggregate: { name: string; sum: boolean; avg: boolean } | null;
}

/** A list parameter of the query string (each value JSON-encoded, http README « Lists »). */
export function param(query: Record<string, unknown>, name: string): unknown {
  const raw = query[name];
  return typeof raw === 'string' && raw !== '' ? JSON.parse(raw) : undefined;
}

/** Reads only what the benchmark sends: pagination, a `contains` on name, an aggregation of capital. */
function readList(query: Record<string, unknown>): ListRequest {
  const pagination = (param(query, 'pagination') ?? {}) as { quantity?: number; page?: number; cursor?: string };
  const filters = (param(query, 'filters') ?? {}) as { name?: { value?: string } };
  const aggregations = (param(query, 'aggregations') ?? []) as { name: string; sum?: boolean; avg?: boolean }[];
  let cursor: ListRequest['cursor'] = null;
  if (pagination.cursor) {
    const c = decodeCursor<{ v: string; i: string }>(pagination.cursor);
    cursor = { v: c.v, i: c.i };
  }
  const a = aggregations[0];
  return {
    quantity: pagination.quantity ?? 50,
    page: pagination.page ?? 1,
    cursor,
    search: filters.name?.value ? `%${escapeLike(fold(filters.name.value) ?? '')}%` : null,
    aggregate: a ? { name: a.name, sum: a.sum !== false, avg: a.avg !== false } : null,
  };
}

const MYSQL_CONTAINS = (col: string) =>
  `REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(${col}, 'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe') COLLATE utf8mb4_unicode_ci LIKE ? ESCAPE '\\\\'`;
const SQLITE_CONTAINS = (col: string) =>
  `(${col} LIKE ? ESCAPE '\\' OR (${col} GLOB '*[^ -~]*' AND comptoir_fold(${col}) LIKE ? ESCAPE '\\'))`;

/** `col` contains the folded `pattern` (`%…%`, LIKE-escaped): the SQL and its bound values. */
export function contains(engine: Engine, col: string, pattern: string): [string, string[]] {
  return engine === 'sqlite' ? [SQLITE_CONTAINS(col), [pattern, pattern]] : [MYSQL_CONTAINS(col), [pattern]];
}

/**
 * `contains` on a field with a search index (server/src/db/README.md « Search index »), by hand:
 * the rows holding every trigram word of the folded needle — from the FTS5 table on SQLite, the
 * FULLTEXT index on MariaDB — whose folded text holds the needle; a needle of fewer than 3
 * characters scans the folded text. `t` is the table's alias, `table` its name.
 */
export function indexedContains(engine: Engine, table: string, column: string, folded: string): [string, string[]] {
  const like = `%${escapeLike(folded)}%`;
  const words = trigramWords(folded).slice(0, 12);
  const verify = `t.${foldColumn(column)} LIKE ? ESCAPE ?`;
  if (words.length === 0) return [verify, [like, '\\']];
  if (engine === 'sqlite') {
    const fts = ftsTable(table, column);
    return [`t.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?) AND ${verify}`, [words.map((w) => `"${w}"`).join(' AND '), like, '\\']];
  }
  return [`MATCH(t.${gramsColumn(column)}) AGAINST (? IN BOOLEAN MODE) AND ${verify}`, [words.map((w) => `+${w}`).join(' '), like, '\\']];
}

/** The rows of a `knex.raw` answer (mysql2 answers [rows, fields]). */
export const rowsOf = (engine: Engine, r: unknown): Row[] => (engine === 'mysql' ? (r as [Row[]])[0] : (r as Row[]));

/**
 * The page, for `where` (on alias `t`, with its bound values `args`) sorted by `sort.column` then
 * `_id`: the ids from the index that serves filter and sort, LIMIT quantity + 1 (the one more says
 * whether there is a next page), then OFFSET or the keyset of the cursor, joined back to the table
 * for the rows of this page only (deferred join).
 */
export function pageStatement(
  table: string, where: string[], args: unknown[], sort: { column: string; descending: boolean },
  req: { quantity: number; page: number; cursor: { v: unknown; i: unknown } | null },
): [string, unknown[]] {
  const c = sort.column;
  const dir = sort.descending ? ' DESC' : '';
  const after = sort.descending ? '<' : '>';
  const pageWhere = [...where];
  const pageArgs = [...args];
  if (req.cursor) {
    pageWhere.push(`(t.${c} ${after} ? OR (t.${c} = ? AND t._id ${after} ?))`);
    pageArgs.push(req.cursor.v, req.cursor.v, req.cursor.i);
  }
  const offset = !req.cursor && req.page > 1 ? ` OFFSET ${(req.page - 1) * req.quantity}` : '';
  const sql = `SELECT r.* FROM (SELECT t._id FROM ${table} t WHERE ${pageWhere.join(' AND ')}`
    + ` ORDER BY t.${c}${dir}, t._id${dir} LIMIT ${req.quantity + 1}${offset}) p JOIN ${table} r ON r._id = p._id ORDER BY r.${c}${dir}, r._id${dir}`;
  return [sql, pageArgs];
}

const cursorOf = (row: Row | undefined) => (row ? encodeCursor({ f: 'name', a: true, v: row.name, i: row._id }) : null);

/** rows of `table` matching `member` (a correlated EXISTS on alias `t`), one page and the totals */
async function list(
  o: FloorOptions, table: 'kernel_users' | 'kernel_companies', member: [string, string[]],
  memberCount: [string, string[]] | null, req: ListRequest, sumColumn: string | null,
) {
  const where: string[] = [member[0]];
  const whereArgs: unknown[] = [...member[1]];
  if (req.search) {
    const [sql, args] = contains(o.engine, 't.name', req.search);
    where.push(sql);
    whereArgs.push(...args);
  }
  const [pageSql, pageArgs] = pageStatement(table, where, whereArgs, { column: 'name', descending: false }, req);

  let totalsSql: string;
  let totalsArgs: unknown[];
  if (!req.search && !sumColumn && memberCount) {
    [totalsSql, totalsArgs] = memberCount;
  } else {
    const sums = sumColumn ? `, SUM(t.${sumColumn}) AS s, COUNT(t.${sumColumn}) AS nc` : '';
    totalsSql = `SELECT COUNT(*) AS n${sums} FROM ${table} t WHERE ${where.join(' AND ')}`;
    totalsArgs = whereArgs;
  }
  const [fetched, totals] = await Promise.all([
    o.db.raw(pageSql, pageArgs as Knex.Value[]),
    o.db.raw(totalsSql, totalsArgs as Knex.Value[]),
  ]);
  const all = rowsOf(o.engine, fetched);
  const t = rowsOf(o.engine, totals)[0] ?? {};
  const rows = all.slice(0, req.quantity);
  for (const r of rows) delete r.password;
  const answer: Row = {
    data: rows,
    count: Number(t.n),
    next: all.length > req.quantity ? cursorOf(rows[rows.length - 1]) : null,
    aggregation: {},
  };
  if (req.aggregate && sumColumn) {
    const sum = new Decimal(String(t.s ?? 0)).div(10_000);
    const n = Number(t.nc ?? 0);
    const out: Row = {};
    if (req.aggregate.sum) out.sum = sum.toNumber();
    if (req.aggregate.avg) out.avg = (n === 0 ? new Decimal(0) : sum.div(n).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)).toNumber();
    answer.aggregation = { [req.aggregate.name]: out };
  }
  return answer;
}

export async function startFloor(o: FloorOptions): Promise<Floor> {
  const app = new Koa();
  const usersMember: [string, string[]] = [
    'EXISTS (SELECT 1 FROM kernel_user_company_profiles m WHERE m.fk_company = ? AND m.fk_user = t._id)', [o.companyId],
  ];
  const usersCount: [string, string[]] = ['SELECT COUNT(*) AS n FROM kernel_user_company_profiles WHERE fk_company = ?', [o.companyId]];
  const companiesMember: [string, string[]] = [
    'EXISTS (SELECT 1 FROM kernel_user_company_profiles m WHERE m.fk_user = ? AND m.fk_company = t._id)', [o.ownerId],
  ];
  const companiesCount: [string, string[]] = ['SELECT COUNT(*) AS n FROM kernel_user_company_profiles WHERE fk_user = ?', [o.ownerId]];

  app.use(async (ctx) => {
    const query = ctx.query as Record<string, unknown>;
    switch (ctx.path) {
      case '/health':
        ctx.body = o.health;
        return;
      case '/users':
        ctx.body = await list(o, 'kernel_users', usersMember, usersCount, readList(query), null);
        return;
      case '/companies': {
        const req = readList(query);
        ctx.body = await list(o, 'kernel_companies', companiesMember, companiesCount, req, req.aggregate ? 'capital' : null);
        return;
      }
      default:
        ctx.status = 404;
        ctx.body = { status: 404 };
    }
  });
  return listen(app, o.db);
}

/** The floor's Koa app served on 127.0.0.1 (a free port), with its knex handle. */
export async function listen(app: Koa, db: Knex): Promise<Floor> {
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
