/**
 * Lists of a collection carrying user properties: `userProps.<variable>` becomes a column the
 * filters, the sort and the aggregations can name, typed by its definition (numbers compare as
 * numbers, booleans as booleans, dates as YYYY-MM-DD), and `search` looks through the properties
 * flagged `fullTextSearch`, ranked by their `fullTextWeight`. A variable no definition of the
 * company declares is a 400 naming it (list-query.ts).
 */
import type { Knex } from 'knex';
import type { EntityDefinition } from '@comptoir/sdk';
import { userPropFamily, type UserProp } from '@comptoir/schemas';
import type { StorageKind } from '@comptoir/schemas';
import { badRequest } from '@comptoir/sdk';
import type { ColumnSpec } from './columns.ts';
import { engineOf } from './connect.ts';
import type { ListParams } from './list-params.ts';
import { containsRaw, runList, type ListPage, type ListSpec } from './list-query.ts';
import { collectionOf, definitionsFor } from './user-props.ts';
import { indexedColumn } from './user-prop-indexes.ts';
import { itemSql, itemsSource, sqlKindOf, valueSql } from './user-prop-sql.ts';

const PREFIX = 'userProps.';
/** at most this many words in a search: each one is a condition over every full-text property */
const MAX_WORDS = 8;

const KIND: Record<ReturnType<typeof userPropFamily>, StorageKind> = {
  line: 'string', long: 'text', number: 'number', boolean: 'bool', date: 'string',
};

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** A date filter: YYYY-MM-DD as stored, or an instant taken as its day in Paris; '' = no date (NULL). */
function dateFilterValue(v: unknown, param: string): string | null {
  if (v === '') return null;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const d = typeof v === 'string' && v.length >= 10 ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime())) {
    const message = `Filtre « ${param.replace(/^filters\./, '')} » : date invalide (AAAA-MM-JJ attendu).`;
    throw badRequest(message, [{ field: param, message }]);
  }
  return PARIS_DAY.format(d);
}

async function columnOf(db: Knex | Knex.Transaction, table: string, def: UserProp): Promise<ColumnSpec> {
  const engine = engineOf(db as Knex);
  const kind = sqlKindOf(def.type);
  const family = userPropFamily(def.type);
  const base: ColumnSpec = {
    path: `${PREFIX}${def.variable}`, column: `${PREFIX}${def.variable}`, kind: KIND[family], queryable: true,
    ...(family === 'date' ? { filterValue: dateFilterValue } : {}),
  };
  if (def.multiple) {
    const { from, isList } = itemsSource(engine, table, def.variable);
    return { ...base, items: { from: db.raw(from), isList: db.raw(isList), item: db.raw(itemSql(engine, kind)) } };
  }
  const generated = def.index ? await indexedColumn(db, table, { variable: def.variable, kind }) : null;
  return { ...base, expr: generated ? db.raw('??', [`${table}.${generated}`]) : db.raw(valueSql(engine, table, def.variable, kind)) };
}

/** `search`: every word in one of the full-text properties; relevance = Σ weights of the matches. */
function searchOf(db: Knex | Knex.Transaction, columns: Map<string, { col: ColumnSpec; def: UserProp }>, text: string): NonNullable<ListSpec['search']> | undefined {
  const props = [...columns.values()].filter(({ def }) => def.fullTextSearch);
  if (props.length === 0) return undefined;
  const k = db as Knex;
  const matchOf = ({ col }: { col: ColumnSpec }, word: string): Knex.Raw => {
    if (!col.items) return containsRaw(k, col.expr!, word);
    return k.raw(`EXISTS (SELECT * FROM ? WHERE ? AND ?)`, [col.items.from, col.items.isList, containsRaw(k, col.items.item, word)]);
  };
  const words = [...new Set(text.split(/\s+/).filter(Boolean))].slice(0, MAX_WORDS);
  const terms = words.map((w) => props.map((p) => ({ match: matchOf(p, w), weight: p.def.fullTextWeight })));
  return {
    where: (qb) => {
      for (const alternatives of terms) qb.whereRaw(`(${alternatives.map(() => '?').join(' OR ')})`, alternatives.map((a) => a.match));
    },
    score: k.raw(`(${terms.flat().map(() => 'CASE WHEN ? THEN ? ELSE 0 END').join(' + ')})`,
      terms.flat().flatMap((a) => [a.match, a.weight])),
  };
}

/** The fields of the list parameters that name a user property. */
function namedVariables(params: ListParams): Set<string> {
  const paths = [...params.filters.map((f) => f.field), params.sort.field, ...params.aggregations.map((a) => a.field)];
  return new Set(paths.filter((p) => p.startsWith(PREFIX)).map((p) => p.slice(PREFIX.length)));
}

export async function listWithUserProps(
  db: Knex | Knex.Transaction, entity: EntityDefinition, companyId: string, spec: ListSpec, params: ListParams,
): Promise<ListPage> {
  const named = namedVariables(params);
  if (named.size === 0 && params.search === undefined) return runList(db as Knex, spec, params);
  const defs = await definitionsFor(db, collectionOf(entity), companyId);
  const wanted = defs.filter((d) => named.has(d.variable) || (params.search !== undefined && d.fullTextSearch));
  const columns = new Map<string, { col: ColumnSpec; def: UserProp }>();
  for (const def of wanted) columns.set(def.variable, { col: await columnOf(db, entity.table, def), def });
  const extra = [...columns.values()].map((c) => c.col);
  const search = params.search === undefined ? undefined : searchOf(db, columns, params.search);
  return runList(db as Knex, { ...spec, columns: [...spec.columns, ...extra], search }, params);
}
