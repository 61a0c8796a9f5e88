/**
 * Runs a list (http README « Lists ») in two SQL queries whatever the parameters (one for a page by a
 * cursor that carries its walk's totals): the page, and the count
 * with the aggregations. Both engines get the same SQL apart from the `contains` expression, so that
 * SQLite and MariaDB answer the same rows in the same order.
 */
import type { Knex } from 'knex';
import { Decimal } from 'decimal.js';
import type { StorageKind } from '@comptoir/schemas';
import { badRequest } from '@comptoir/sdk';
import type { ColumnSpec } from './columns.ts';
import { trigramWords } from '@comptoir/sdk';
import { dateToDb, fold, moneyFromDb, toDb } from './codec.ts';
import { applyKeyset, decodeCursor, digestQuery, encodeCursor, openTotals, sealTotals, type Cursor } from './cursor.ts';
import { isObjectIdString, type FilterMode, type FilterParam, type ListParams } from './list-params.ts';
import { maintainedTotalsQuery, type FilterTools, type TotalsSource } from './totals/read.ts';
import { flushTotals } from './totals/store.ts';

export interface ListSpec {
  table: string;
  columns: ColumnSpec[];
  /** adds the WHERE conditions every query of this list must carry, such as `fk_company = ?` */
  scope: (qb: Knex.QueryBuilder) => void;
  /** what `search` means for this list: its condition and its relevance (sort field `_score`) */
  search?: { where: (qb: Knex.QueryBuilder) => void; score: Knex.Raw };
  /** the entity's maintained totals, which answer the count and sums of the lists they can (totals/README.md) */
  totals?: TotalsSource;
}

export interface ListPage {
  /** raw DB rows, every column, in list order */
  rows: Record<string, unknown>[];
  /** rows matching the filters, ignoring pagination */
  count: number;
  /** the cursor after the last row of this page, null when no row follows */
  next: string | null;
  aggregation: Record<string, { sum?: number; avg?: number }>;
}

type Engine = 'sqlite' | 'mysql';
type Where = (qb: Knex.QueryBuilder) => void;

const NUMERIC: ReadonlySet<StorageKind> = new Set<StorageKind>(['int', 'number', 'money']);
/** kinds a `contains` filter can search: their SQL value is text */
const TEXTUAL: ReadonlySet<StorageKind> = new Set<StorageKind>(['string', 'text', 'id', 'date']);
/** `in` lists are bound one parameter per value: bounded to stay far from engine limits */
const MAX_IN = 1000;

/** The relevance of a `search`, a sort field of lists that have one. */
export const SCORE = '_score';

/** Every entity table has `_id` (createEntityTable), even if a spec does not list it. */
const ID_COLUMN: ColumnSpec = { path: '_id', column: '_id', kind: 'id', queryable: true };

export function engineOf(db: Knex): Engine {
  const client = (db.client as { config?: { client?: unknown } }).config?.client;
  return client === 'mysql2' || client === 'mysql' ? 'mysql' : 'sqlite';
}

function fail(field: string, message: string): never {
  throw badRequest(message, [{ field, message }]);
}

function resolveColumn(columns: Map<string, ColumnSpec>, path: string, param: string): ColumnSpec {
  const col = columns.get(path) ?? (path === '_id' ? ID_COLUMN : undefined);
  if (!col && path === SCORE) fail(param, `Le tri « ${SCORE} » (pertinence) demande le paramètre « search ».`);
  if (!col && path.startsWith('userProps.')) fail(param, `Propriété inconnue : « ${path} » (aucune propriété de ce nom pour cette liste).`);
  if (!col) fail(param, `Champ inconnu : « ${path} ».`);
  if (!col.queryable) fail(param, `Le champ « ${path} » ne peut servir ni de filtre, ni de tri, ni d'agrégation.`);
  return col;
}

// ---------------------------------------------------------------------------------------------
// Filter values: checked against the column kind, then converted to their DB form (codec.toDb)

function parseBool(v: unknown): boolean | undefined {
  if (v === true || v === 1 || v === 'true' || v === '1') return true;
  if (v === false || v === 0 || v === 'false' || v === '0') return false;
  return undefined;
}

/** The DB value of a non-null filter value for `col`; a value of the wrong kind is a 400. */
function dbValue(col: ColumnSpec, v: unknown): unknown {
  const param = `filters.${col.path}`;
  if (col.filterValue) return col.filterValue(v, param);
  switch (col.kind) {
    case 'id':
      if (!isObjectIdString(v)) fail(param, `Filtre « ${col.path} » : identifiant invalide (24 caractères hexadécimaux attendus).`);
      return v.toLowerCase();
    case 'int': case 'number': case 'money': {
      const ok = (typeof v === 'number' && Number.isFinite(v))
        || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));
      if (!ok) fail(param, `Filtre « ${col.path} » : un nombre est attendu.`);
      // a numeric string goes to decimal.js as written: '0.1' stays exactly 0.1 euro
      return toDb(col.kind, typeof v === 'string' ? v.trim() : v);
    }
    case 'bool': {
      const b = parseBool(v);
      if (b === undefined) fail(param, `Filtre « ${col.path} » : true ou false est attendu.`);
      return toDb('bool', b);
    }
    case 'date': {
      let d: string | undefined;
      if (typeof v === 'string' || typeof v === 'number') {
        try { d = dateToDb(v); } catch { d = undefined; }
      }
      // outside years 0000-9999 the ISO form is not fixed-width and would not sort as text
      if (d === undefined || d.length !== 24) fail(param, `Filtre « ${col.path} » : date invalide.`);
      return d;
    }
    default:
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
        fail(param, `Filtre « ${col.path} » : une valeur simple est attendue.`);
      }
      // bound as text: MySQL would otherwise compare a string column with a number numerically
      return String(v);
  }
}

/** As dbValue, but `null` stays null (eq/neq/in match NULL with it). */
const dbValueOrNull = (col: ColumnSpec, v: unknown) => (v === null ? null : dbValue(col, v));

function requireValue(col: ColumnSpec, v: unknown, mode: FilterMode): unknown {
  if (v === undefined || (Array.isArray(v) && mode !== 'in')) {
    fail(`filters.${col.path}`, `Filtre « ${col.path} » : le mode « ${mode} » demande une valeur simple.`);
  }
  return v;
}

/** `%`, `_` and `\` are literal in a search: escaped for `LIKE ... ESCAPE '\'`. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The SQL of `contains`. SQLite folds with the registered `comptoir_fold` (codec.fold). MariaDB's
 * utf8mb4_unicode_ci ignores case and accents but its LIKE compares character by character, so
 * ligatures that fold into two letters (œ, æ, ß) are expanded first, as fold() does.
 */
function containsSql(engine: Engine): string {
  // SQLite's LIKE already ignores ASCII case, so folding (a JS call per row) is only needed for
  // values holding a non-ASCII character: same rows, a fraction of the calls (bench/README.md)
  if (engine === 'sqlite') return "(?? LIKE ? ESCAPE ? OR (?? GLOB '*[^ -~]*' AND comptoir_fold(??) LIKE ? ESCAPE ?))";
  let expr = '??';
  for (const [from, to] of [['ß', 'ss'], ['æ', 'ae'], ['Æ', 'ae'], ['œ', 'oe'], ['Œ', 'oe']]) {
    expr = `REPLACE(${expr}, '${from}', '${to}')`;
  }
  return `${expr} COLLATE utf8mb4_unicode_ci LIKE ? ESCAPE ?`;
}

/** The bindings of containsSql for `target` (a column name or a SQL expression) and a folded pattern. */
function containsBindings(engine: Engine, target: string | Knex.Raw, pattern: string): Knex.RawBinding[] {
  return engine === 'sqlite' ? [target, pattern, '\\', target, target, pattern, '\\'] : [target, pattern, '\\'];
}

/** `target` contains `text`, ignoring case and accents, as one SQL condition (full-text search). */
export function containsRaw(db: Knex, target: string | Knex.Raw, text: string): Knex.Raw {
  const engine = engineOf(db);
  return db.raw(containsSql(engine), containsBindings(engine, target, `%${escapeLike(fold(text) ?? '')}%`));
}

/** at most this many trigram words are asked of the index: the folded text decides anyway */
const MAX_INDEX_WORDS = 12;

/**
 * `contains` on a field with a search index (README « Search index »): the rows whose folded text
 * holds the folded needle. From 3 characters the index gives the rows holding every trigram of the
 * needle (a superset), the comparison of the folded text keeps the right ones; shorter needles
 * have no trigram and scan the folded text (a plain LIKE, no function call per row).
 */
function indexedContains(index: NonNullable<ColumnSpec['searchIndex']>, needle: string, engine: Engine): Where {
  const like = `%${escapeLike(needle)}%`;
  const words = trigramWords(needle);
  // spread over the needle: the first and last trigrams are kept, as many as allowed between them
  const asked = words.length <= MAX_INDEX_WORDS ? words
    : Array.from({ length: MAX_INDEX_WORDS }, (_, i) => words[Math.round((i * (words.length - 1)) / (MAX_INDEX_WORDS - 1))]);
  const { table } = index;
  return (qb) => {
    if (asked.length > 0) {
      if (engine === 'sqlite') {
        qb.whereRaw(`??.rowid IN (SELECT rowid FROM ?? WHERE ?? MATCH ?)`, [table, index.fts, index.fts, asked.map((w) => `"${w}"`).join(' AND ')]);
      } else {
        qb.whereRaw('MATCH(??) AGAINST (? IN BOOLEAN MODE)', [`${table}.${index.grams}`, asked.map((w) => `+${w}`).join(' ')]);
      }
    }
    qb.whereRaw('?? LIKE ? ESCAPE ?', [`${table}.${index.fold}`, like, '\\']);
  };
}

/** Whether `f` is a `contains` answered by a search index (a needle of 3 characters or more). */
function searchDrives(f: FilterParam, columns: Map<string, ColumnSpec>): boolean {
  const col = columns.get(f.field);
  if (!col?.searchIndex || f.mode !== 'contains') return false;
  if (typeof f.value !== 'string' && typeof f.value !== 'number') return false;
  return trigramWords(fold(f.value) ?? '').length > 0;
}

/**
 * A filter on a list of values (a multiple user property): true when an item matches, as
 * `EXISTS (SELECT * FROM <items> WHERE <filter on the item>)`; `neq` and `exists: false` when none.
 */
function compileItemsFilter(f: FilterParam, col: ColumnSpec, engine: Engine): Where | null {
  const { from, isList, item } = col.items!;
  const itemCol: ColumnSpec = { ...col, expr: item, items: undefined };
  const exists = (inner: Where | null, negate: boolean): Where => (qb) => {
    const sub = function (this: Knex.QueryBuilder) { this.select('*').from(from).whereRaw(isList); if (inner) inner(this); };
    if (negate) qb.whereNotExists(sub);
    else qb.whereExists(sub);
  };
  if (f.mode === 'exists' && f.explicitMode) {
    const b = f.value === undefined ? true : parseBool(f.value);
    if (b === undefined) fail(`filters.${col.path}`, `Filtre « ${col.path} » : le mode « exists » demande true ou false.`);
    return exists(null, !b);
  }
  if (f.mode === 'neq') return exists(compileFilter({ ...f, mode: 'eq' }, itemCol, engine), true);
  const inner = compileFilter(f, itemCol, engine);
  return inner && exists(inner, false);
}

/** The mode a filter runs with: no mode given, identifiers, numbers and booleans are matched exactly, not searched as text. */
function modeOf(f: FilterParam, col: ColumnSpec): FilterMode {
  return !f.explicitMode && f.mode === 'contains' && !(TEXTUAL.has(col.kind) && col.kind !== 'id') ? 'eq' : f.mode;
}

/** The WHERE of one filter, or null when it restricts nothing (an empty search). */
function compileFilter(f: FilterParam, col: ColumnSpec, engine: Engine): Where | null {
  if (col.items) return compileItemsFilter(f, col, engine);
  // knex takes a Raw wherever it takes a column name; its types only say string
  const c = (col.expr ?? col.column) as string;
  const param = `filters.${col.path}`;
  const mode = modeOf(f, col);
  switch (mode) {
    case 'contains': {
      if (!TEXTUAL.has(col.kind)) fail(param, `Filtre « ${col.path} » : le mode « contains » ne s'applique qu'aux textes.`);
      const v = f.value;
      if (v === undefined || v === null || v === '') return null;
      if (typeof v !== 'string' && typeof v !== 'number') fail(param, `Filtre « ${col.path} » : un texte est attendu.`);
      if (col.searchIndex) return indexedContains(col.searchIndex, fold(v) ?? '', engine);
      const pattern = `%${escapeLike(fold(v) ?? '')}%`;
      return (qb) => qb.whereRaw(containsSql(engine), containsBindings(engine, c, pattern));
    }
    case 'eq': {
      const v = dbValueOrNull(col, requireValue(col, f.value, mode));
      return v === null ? (qb) => qb.whereNull(c) : (qb) => qb.where(c, '=', v as Knex.Value);
    }
    case 'neq': {
      const v = dbValueOrNull(col, requireValue(col, f.value, mode));
      // NULL differs from any value: kept, as a document without the field would be
      return v === null
        ? (qb) => qb.whereNotNull(c)
        : (qb) => qb.where((w) => w.where(c, '<>', v as Knex.Value).orWhereNull(c));
    }
    case 'in': {
      if (!Array.isArray(f.value)) fail(param, `Filtre « ${col.path} » : le mode « in » demande une liste de valeurs.`);
      if (f.value.length > MAX_IN) fail(param, `Filtre « ${col.path} » : au plus ${MAX_IN} valeurs.`);
      // a value may stand for NULL (the empty text of a date property)
      const mapped = f.value.map((v) => dbValueOrNull(col, v) as Knex.Value);
      const values = mapped.filter((v) => v !== null);
      const withNull = values.length < mapped.length;
      return (qb) => qb.where((w) => {
        w.whereIn(c, values);
        if (withNull) w.orWhereNull(c);
      });
    }
    case 'gt': case 'gte': case 'lt': case 'lte': {
      const bound = f.valueIsDate ? (mode.startsWith('g') ? f.startDate : f.endDate) ?? f.value : f.value;
      if (bound === undefined || bound === null || Array.isArray(bound)) {
        fail(param, `Filtre « ${col.path} » : le mode « ${mode} » demande une valeur.`);
      }
      const v = dbValue(col, bound) as Knex.Value;
      if (v === null) fail(param, `Filtre « ${col.path} » : le mode « ${mode} » demande une valeur.`);
      const op = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[mode];
      return (qb) => qb.where(c, op, v);
    }
    case 'between': {
      const pair = Array.isArray(f.value) ? f.value : undefined;
      if (!f.valueIsDate && (!pair || pair.length !== 2)) {
        fail(param, `Filtre « ${col.path} » : le mode « between » demande deux bornes [début, fin].`);
      }
      const lo = (f.valueIsDate ? f.startDate ?? pair?.[0] : pair?.[0]) ?? null;
      const hi = (f.valueIsDate ? f.endDate ?? pair?.[1] : pair?.[1]) ?? null;
      // a missing bound leaves that side open; both missing says nothing: refused
      if (lo === null && hi === null) fail(param, `Filtre « ${col.path} » : le mode « between » demande au moins une borne.`);
      const vlo = lo === null ? null : (dbValue(col, lo) as Knex.Value);
      const vhi = hi === null ? null : (dbValue(col, hi) as Knex.Value);
      if (vlo === null && vhi === null) fail(param, `Filtre « ${col.path} » : le mode « between » demande au moins une borne.`);
      return (qb) => {
        if (vlo !== null) qb.where(c, '>=', vlo);
        if (vhi !== null) qb.where(c, '<=', vhi);
      };
    }
    case 'exists': {
      const b = f.value === undefined ? true : parseBool(f.value);
      if (b === undefined) fail(param, `Filtre « ${col.path} » : le mode « exists » demande true ou false.`);
      return b ? (qb) => qb.whereNotNull(c) : (qb) => qb.whereNull(c);
    }
  }
}

/** The filter compiler as the maintained totals use it on their own columns (totals/read.ts). */
const filterTools = (engine: Engine): FilterTools => ({
  compile: (f, col) => compileFilter(f, col, engine),
  dbValue, modeOf, parseBool,
});

// ---------------------------------------------------------------------------------------------
// Aggregations: integer sums and counts from SQL, arithmetic in decimal.js (exact, engine-neutral)

interface CompiledAggregation { name: string; col: ColumnSpec; sum: boolean; avg: boolean; currency: boolean }

function aggregate(a: CompiledAggregation, rawSum: unknown, rawCount: unknown): { sum?: number; avg?: number } {
  // mysql2 answers SUM as a DECIMAL string, SQLite as a number; SUM of no value is NULL
  const total = new Decimal(rawSum === null || rawSum === undefined ? 0 : String(rawSum));
  const sum = a.col.kind === 'money' ? moneyFromDb(total) : total;
  const n = Number(rawCount);
  const out: { sum?: number; avg?: number } = {};
  if (a.sum) out.sum = sum.toNumber();
  if (a.avg) {
    const avg = n === 0 ? new Decimal(0) : sum.div(n);
    out.avg = (a.currency ? avg.toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : avg).toNumber();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

export async function runList(db: Knex, spec: ListSpec, params: ListParams): Promise<ListPage> {
  const engine = engineOf(db);
  const columns = new Map(spec.columns.map((c) => [c.path, c]));
  if (params.search !== undefined) {
    if (!spec.search) fail('search', 'La recherche (« search ») n’est pas disponible pour cette liste : aucune propriété n’y est indexée en texte intégral.');
    columns.set(SCORE, { path: SCORE, column: SCORE, kind: 'number', queryable: true, expr: spec.search.score });
  }

  const resolved = params.filters.map((f) => ({ f, col: resolveColumn(columns, f.field, `filters.${f.field}`) }));
  const filters = resolved
    .map(({ f, col }) => compileFilter(f, col, engine))
    .filter((w): w is Where => w !== null);
  const sortCol = resolveColumn(columns, params.sort.field, 'sort');
  if (sortCol.items) fail('sort', `Tri impossible sur « ${sortCol.path} » : la propriété a plusieurs valeurs.`);
  const aggregations: CompiledAggregation[] = params.aggregations.map((a) => {
    const col = resolveColumn(columns, a.field, 'aggregations');
    if (!NUMERIC.has(col.kind) || col.items || col.path === SCORE) fail('aggregations', `Agrégation « ${a.name} » : le champ « ${a.field} » n'est pas numérique.`);
    return { name: a.name, col, sum: a.sum, avg: a.avg, currency: a.mode === 'currency' };
  });
  const { quantity, page } = params.pagination;
  const cursor: Cursor | null = params.pagination.cursor
    ? decodeCursor(params.pagination.cursor, params.sort, sortCol.kind)
    : null;

  const where = (qb: Knex.QueryBuilder) => {
    spec.scope(qb);
    for (const w of filters) w(qb);
    if (params.search !== undefined) spec.search!.where(qb);
  };
  // a computed sort value (user property, relevance) is read in SQL and carried by the cursor
  const sortExpr = sortCol.expr;
  const order = (qb: Knex.QueryBuilder, prefix: string) => {
    const dir = params.sort.ascending ? 'asc' : 'desc';
    // `_id` breaks ties so that pages and cursors never skip nor repeat a row
    qb.orderBy(sortExpr ?? `${prefix}${sortCol.column}`, dir);
    if (sortCol.column !== '_id') qb.orderBy(`${prefix}_id`, dir);
  };

  // Deferred join: the subquery reads only (sort, _id), which an index on the sort column covers
  // (InnoDB secondary indexes carry the primary key), so MariaDB neither scans the table nor sorts;
  // whole rows are then read for this page only. One more row tells whether a next page exists.
  // SQLite has no statistics on an application's tables: it would walk the company's index and
  // test every row against the search index's rowids (O(company)); reading the table only by the
  // rowids the search index gives makes the search O(matches) (README « Search index »)
  const bySearch = engine === 'sqlite' && params.filters.some((f) => searchDrives(f, columns));
  const from = (): Knex.QueryBuilder => (bySearch ? db.from(db.raw('?? NOT INDEXED', [spec.table])) : db(spec.table));
  const ids = from().select('_id');
  where(ids);
  if (cursor) applyKeyset(ids, sortExpr ?? sortCol.column, cursor);
  order(ids, '');
  ids.limit(quantity + 1);
  if (!cursor && page > 1) ids.offset((page - 1) * quantity);
  const t = spec.table;
  const pageQuery = db
    .select(`${t}.*`)
    .from(ids.as('__page'))
    .join(t, `${t}._id`, '__page._id');
  if (sortExpr) pageQuery.select(db.raw('? as ??', [sortExpr, '__sort']));
  order(pageQuery, `${t}.`);

  // the count and sums from the entity's maintained totals when they can answer (totals/read.ts),
  // otherwise over the matching documents
  const maintained = spec.totals && params.search === undefined
    ? maintainedTotalsQuery(db, spec.totals, resolved, aggregations, filterTools(engine))
    : null;
  const totals = maintained ?? from().select(db.raw('count(*) as ??', ['__count']));
  if (!maintained) {
    aggregations.forEach((a, i) => {
      const target = a.col.expr ?? a.col.column;
      totals.select(db.raw('sum(??) as ??', [target, `__s${i}`]), db.raw('count(??) as ??', [target, `__n${i}`]));
    });
    where(totals);
  }

  // a walk by cursor reuses the totals of its first page when they belong to this very query
  const { sql: totalsSql, bindings: totalsBindings } = totals.toSQL();
  const queryDigest = digestQuery(totalsSql, totalsBindings);
  const carried = cursor ? openTotals(cursor.totals, queryDigest) : null;
  // this transaction's own writes are in the totals before it reads them (totals/store.ts)
  if (maintained && !carried) await flushTotals(db, spec.totals!.spec);
  const [fetched, totalRows] = await Promise.all([
    pageQuery as Promise<Record<string, unknown>[]>,
    carried ? Promise.resolve(null) : (totals as Promise<Record<string, unknown>[]>),
  ]);
  const t0: Record<string, unknown> = carried
    ? Object.fromEntries([['__count', carried.count], ...aggregations.flatMap((_, i) => [[`__s${i}`, carried.sums[i]], [`__n${i}`, carried.counts[i]]])])
    : (totalRows?.[0] ?? {});
  const sealed = sealTotals({
    query: queryDigest,
    count: Number(t0.__count ?? 0),
    sums: aggregations.map((_, i) => (t0[`__s${i}`] ?? null) as string | number | null),
    counts: aggregations.map((_, i) => (t0[`__n${i}`] ?? null) as string | number | null),
  });

  const rows = fetched.slice(0, quantity);
  const last = rows[rows.length - 1];
  const next = fetched.length > quantity && last
    ? encodeCursor({
      field: params.sort.field,
      ascending: params.sort.ascending,
      value: ((sortExpr ? last.__sort : last[sortCol.column]) ?? null) as string | number | null,
      id: String(last._id),
      totals: sealed,
    })
    : null;

  const aggregation: ListPage['aggregation'] = {};
  aggregations.forEach((a, i) => { aggregation[a.name] = aggregate(a, t0[`__s${i}`], t0[`__n${i}`]); });
  return { rows, count: Number(t0.__count ?? 0), next, aggregation };
}
