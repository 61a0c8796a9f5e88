/**
 * The platform suite's floor: a bare Koa + knex server on the same database (no authentication,
 * no validation beyond reading the parameters, rows sent as the database returns them), with the
 * SQL written by hand for exactly the suite's requests:
 * - `/customers`: page 1 of a company's customers filtered on one user property (`eq` or
 *   `between`) and sorted by it then `_id`: the ids from the property's index —
 *   `(fk_company, <value>)`, on SQLite an index on the kernel's own expression, on MariaDB the
 *   generated column — LIMIT quantity + 1, joined back for the page's rows (deferred join); the
 *   count by the same index. Without the index (`indexed=0`), the same statements over the JSON
 *   expression: what any hand-written SQL must do then;
 * - `/notifications/unread` and `/notifications`: a user's kept notifications, by the two indexes
 *   of the centre — the unread count from `(fk_company, fk_user, liveOnly, read, date)`, the page
 *   newest first from `(fk_company, fk_user, liveOnly, date, _id)`, the count by the same;
 * - `/attachment/…`: the stored bytes of a variant sent by koa-send from DATA_DIR/files.
 * The value expression is the kernel's (`valueSql`): reading a JSON value with a type guard has no
 * cheaper correct form, and only the same expression can use SQLite's index on it.
 */
import Koa from 'koa';
import send from 'koa-send';
import type { Knex } from 'knex';
import { generatedColumnName, valueSql, type SqlKind } from '../../../server/src/db/user-prop-sql.ts';
import type { Engine } from '../database.ts';
import { listen, param, rowsOf, type Floor, type Row } from '../floor.ts';
import { encodeCursor } from '../http.ts';

export interface PlatformFloorOptions {
  db: Knex;
  engine: Engine;
  companyId: string;
  /** the user whose notification centre is measured */
  userId: string;
  /** DATA_DIR/files */
  filesRoot: string;
  /** the user properties the lists filter on: variable → SQL kind */
  props: Record<string, SqlKind>;
}

type Filter = { mode: 'eq' | 'between'; value: unknown };

/** The value of `variable` in alias `t`: the generated column when indexed on MariaDB, else the kernel's expression. */
function valueOf(o: PlatformFloorOptions, alias: string, variable: string, indexed: boolean): string {
  const kind = o.props[variable];
  if (!kind) throw new Error(`floor: unknown property ${variable}`);
  return o.engine === 'mysql' && indexed ? `${alias}.${generatedColumnName(variable, kind)}` : valueSql(o.engine, alias, variable, kind);
}

async function customers(o: PlatformFloorOptions, query: Record<string, unknown>) {
  const pagination = (param(query, 'pagination') ?? {}) as { quantity?: number };
  const sort = param(query, 'sort') as { field: string; ascending?: boolean };
  const filters = param(query, 'filters') as Record<string, Filter>;
  const indexed = query.indexed !== '0';
  const quantity = pagination.quantity ?? 50;
  const [[path, filter]] = Object.entries(filters);
  const variable = path.replace(/^userProps\./, '');
  const sortVariable = sort.field.replace(/^userProps\./, '');
  const dir = sort.ascending === false ? ' DESC' : '';
  const v = valueOf(o, 't', variable, indexed);
  const where = ['t.fk_company = ?'];
  const args: unknown[] = [o.companyId];
  if (filter.mode === 'eq') {
    where.push(`${v} = ?`);
    args.push(filter.value);
  } else {
    const [lo, hi] = filter.value as [unknown, unknown];
    where.push(`${v} >= ?`, `${v} <= ?`);
    args.push(lo, hi);
  }
  const s = valueOf(o, 't', sortVariable, indexed);
  // the sort value is read again from the joined row: MariaDB 10.11 answers NULL for a derived
  // table's column over a utf8mb4_bin generated column filtered by `=` (connection in general_ci)
  const sr = valueOf(o, 'r', sortVariable, indexed);
  const page = `SELECT r.*, ${sr} AS __sort FROM (SELECT t._id FROM contacts_customers t WHERE ${where.join(' AND ')}`
    + ` ORDER BY ${s}${dir}, t._id${dir} LIMIT ${quantity + 1}) p JOIN contacts_customers r ON r._id = p._id ORDER BY ${sr}${dir}, r._id${dir}`;
  const count = `SELECT COUNT(*) AS n FROM contacts_customers t WHERE ${where.join(' AND ')}`;
  const [fetched, totals] = await Promise.all([o.db.raw(page, args as Knex.Value[]), o.db.raw(count, args as Knex.Value[])]);
  const all = rowsOf(o.engine, fetched);
  const rows = all.slice(0, quantity);
  const last = rows[rows.length - 1];
  return {
    data: rows,
    count: Number(rowsOf(o.engine, totals)[0]?.n ?? 0),
    next: all.length > quantity && last ? encodeCursor({ f: sort.field, a: sort.ascending !== false, v: last.__sort ?? null, i: last._id }) : null,
    aggregation: {},
  };
}

async function notifications(o: PlatformFloorOptions, query: Record<string, unknown>) {
  const pagination = (param(query, 'pagination') ?? {}) as { quantity?: number };
  const quantity = pagination.quantity ?? 50;
  const where = 't.fk_company = ? AND t.fk_user = ? AND t.liveOnly = ?';
  const args = [o.companyId, o.userId, 0];
  const page = `SELECT r.* FROM (SELECT t._id FROM kernel_notifications t WHERE ${where} ORDER BY t.date DESC, t._id DESC LIMIT ${quantity + 1})`
    + ' p JOIN kernel_notifications r ON r._id = p._id ORDER BY r.date DESC, r._id DESC';
  const [fetched, totals] = await Promise.all([
    o.db.raw(page, args),
    o.db.raw(`SELECT COUNT(*) AS n FROM kernel_notifications t WHERE ${where}`, args),
  ]);
  const all = rowsOf(o.engine, fetched);
  const rows = all.slice(0, quantity);
  const last: Row | undefined = rows[rows.length - 1];
  return {
    data: rows,
    count: Number(rowsOf(o.engine, totals)[0]?.n ?? 0),
    next: all.length > quantity && last ? encodeCursor({ f: 'date', a: false, v: last.date ?? null, i: last._id }) : null,
    aggregation: {},
  };
}

async function unread(o: PlatformFloorOptions) {
  const r = await o.db.raw('SELECT COUNT(*) AS n FROM kernel_notifications WHERE fk_company = ? AND fk_user = ? AND liveOnly = ? AND `read` = ?'
    .replace('`read`', o.engine === 'mysql' ? '`read`' : '"read"'), [o.companyId, o.userId, 0, 0]);
  return { count: Number(rowsOf(o.engine, r)[0]?.n ?? 0) };
}

export async function startPlatformFloor(o: PlatformFloorOptions): Promise<Floor> {
  const app = new Koa();
  // autocannon closes its connections when the time is up, mid-answer: not errors of the floor
  app.silent = true;
  app.use(async (ctx) => {
    const query = ctx.query as Record<string, unknown>;
    if (ctx.path === '/customers') ctx.body = await customers(o, query);
    else if (ctx.path === '/notifications/unread') ctx.body = await unread(o);
    else if (ctx.path === '/notifications') ctx.body = await notifications(o, query);
    else if (ctx.path.startsWith('/attachment/')) {
      // the kernel's storage key is the path after /attachment/ (folder/subfolder/filename/variant)
      await send(ctx, ctx.path.slice('/attachment/'.length), { root: o.filesRoot, immutable: true, maxage: 31_536_000_000 });
      ctx.type = 'image/jpeg';
    } else {
      ctx.status = 404;
      ctx.body = { status: 404 };
    }
  });
  return listen(app, o.db);
}
