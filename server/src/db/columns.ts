/**
 * How an entity schema maps to SQL columns. One rule for every plugin:
 * - `_id` and each top-level scalar is a column of the same name;
 * - `metadata` and `fk` are flattened (`metadata_creationDate`, `fk_company`) so that they can be
 *   filtered, sorted and indexed;
 * - objects and arrays are JSON columns.
 * The API speaks in paths (`fk.company`), the SQL in column names (`fk_company`).
 */
import type { Knex } from 'knex';
import type { TSchema, TObject } from '@sinclair/typebox';
import type { StorageKind } from '@comptoir/schemas';

export interface ColumnSpec {
  /** the field as the API names it: `name`, `fk.company`, `metadata.creationDate` */
  path: string;
  /** the SQL column */
  column: string;
  kind: StorageKind;
  /** filters, sort and aggregations are refused on JSON columns */
  queryable: boolean;
  /** a value computed in SQL (a user property read out of `userProps`), used in place of `column` */
  expr?: Knex.Raw;
  /** converts a filter value to its SQL form in place of the kind's rule; throws a 400 */
  filterValue?(v: unknown, param: string): unknown;
  /**
   * the field has a search index (entity `search`, README « Search index »): `contains` asks the
   * index for the rows holding the needle's trigrams (`grams`, and the SQLite FTS5 table `fts`)
   * and compares the folded text (`fold`)
   */
  searchIndex?: { table: string; fold: string; grams: string; fts: string };
  /** a list of values (a multiple user property): filters match any item; no sort */
  items?: { from: Knex.Raw; isList: Knex.Raw; item: Knex.Raw };
}

/** The schema without its `null` alternative (`Nullable(X)` is `anyOf [X, null]`). */
function unwrapNullable(s: TSchema): TSchema {
  const alternatives = (s.anyOf ?? s.oneOf) as TSchema[] | undefined;
  if (alternatives) {
    const nonNull = alternatives.filter((a) => a.type !== 'null');
    if (nonNull.length === 1) return unwrapNullable(nonNull[0]);
    if (nonNull.every((a) => a.type === 'string')) return nonNull[0];
    return { type: 'object' } as unknown as TSchema;
  }
  return s;
}

export function kindOf(schema: TSchema): StorageKind {
  const s = unwrapNullable(schema);
  const declared = s['x-kind'] as StorageKind | undefined;
  if (declared) return declared;
  switch (s.type) {
    case 'string':
      if (s.format === 'date-time') return 'date';
      return typeof s.maxLength === 'number' && s.maxLength <= 255 ? 'string' : 'text';
    case 'integer': return 'int';
    case 'number': return 'number';
    case 'boolean': return 'bool';
    default:
      // string enums built with Type.Union of literals
      if (s.const !== undefined && typeof s.const === 'string') return 'string';
      return 'json';
  }
}

const QUERYABLE: Record<StorageKind, boolean> = {
  string: true, text: true, id: true, int: true, number: true, money: true, bool: true, date: true, json: false,
};

export function columnsOf(schema: TObject): ColumnSpec[] {
  const out: ColumnSpec[] = [];
  for (const [key, prop] of Object.entries(schema.properties) as [string, TSchema][]) {
    const inner = unwrapNullable(prop);
    if (inner['x-flatten'] && inner.type === 'object') {
      for (const [sub, subProp] of Object.entries(inner.properties ?? {}) as [string, TSchema][]) {
        const kind = kindOf(subProp);
        out.push({ path: `${key}.${sub}`, column: `${key}_${sub}`, kind, queryable: QUERYABLE[kind] });
      }
      continue;
    }
    const kind = kindOf(prop);
    out.push({ path: key, column: key, kind, queryable: QUERYABLE[kind] });
  }
  return out;
}
