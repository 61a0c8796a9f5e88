/** Entity document <-> table row, through the column list derived from the schema. */
import type { EntityDefinition } from '@comptoir/sdk';
import { columnsOf, type ColumnSpec } from './columns.ts';
import { foldColumn, foldText, ftsTable, gramsColumn, gramsText } from '@comptoir/sdk';
import { toDb, fromDb } from './codec.ts';

const columnsCache = new WeakMap<EntityDefinition, ColumnSpec[]>();

export function entityColumns(entity: EntityDefinition): ColumnSpec[] {
  let cols = columnsCache.get(entity);
  if (!cols) { cols = columnsOf(entity.schema); columnsCache.set(entity, cols); }
  return cols;
}

export function getPath(doc: Record<string, unknown>, path: string): unknown {
  const dot = path.indexOf('.');
  if (dot < 0) return doc[path];
  const parent = doc[path.slice(0, dot)] as Record<string, unknown> | undefined;
  return parent?.[path.slice(dot + 1)];
}

/**
 * The columns a list may filter, sort or aggregate on: never a hidden one (a `contains` filter on
 * `password` would read a hash out one character at a time).
 */
export function listColumns(entity: EntityDefinition): ColumnSpec[] {
  const hidden = new Set(entity.hidden ?? []);
  const searched = new Set(entity.search ?? []);
  return entityColumns(entity).filter((c) => !hidden.has(c.path)).map((c) => (searched.has(c.path)
    ? { ...c, searchIndex: { table: entity.table, fold: foldColumn(c.column), grams: gramsColumn(c.column), fts: ftsTable(entity.table, c.column) } }
    : c));
}

/** The columns of the search index (`<field>__fold`, `<field>__grams`) of a searchable entity. */
export function searchColumns(entity: EntityDefinition): string[] {
  return (entity.search ?? []).flatMap((f) => [foldColumn(f), gramsColumn(f)]);
}

/**
 * A copy of `doc` without the given paths; a dotted path (`auth.pass`) reaches inside an object,
 * copying each object on the way so that `doc` itself is left untouched.
 */
export function omitPaths<T extends Record<string, unknown>>(doc: T, paths: readonly string[]): T {
  const copy: Record<string, unknown> = { ...doc };
  for (const p of paths) {
    const keys = p.split('.');
    let node: Record<string, unknown> | null = copy;
    for (const key of keys.slice(0, -1)) {
      const child: unknown = node[key];
      if (!child || typeof child !== 'object' || Array.isArray(child)) { node = null; break; }
      node = node[key] = { ...(child as Record<string, unknown>) };
    }
    if (node) delete node[keys[keys.length - 1]];
  }
  return copy as T;
}

const nestedHiddenCache = new WeakMap<EntityDefinition, string[]>();

/** Hidden paths inside a JSON column (`auth.pass`), which dropping columns does not cover. */
function nestedHidden(entity: EntityDefinition): string[] {
  let paths = nestedHiddenCache.get(entity);
  if (!paths) {
    const columns = new Set(entityColumns(entity).map((c) => c.path));
    paths = (entity.hidden ?? []).filter((h) => !columns.has(h));
    nestedHiddenCache.set(entity, paths);
  }
  return paths;
}

export function encodeRow(entity: EntityDefinition, doc: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const c of entityColumns(entity)) row[c.column] = toDb(c.kind, getPath(doc, c.path));
  // the search index's text (README « Search index »), whoever writes the row
  for (const f of entity.search ?? []) {
    const folded = foldText(doc[f]);
    row[foldColumn(f)] = folded;
    row[gramsColumn(f)] = gramsText(folded);
  }
  return row;
}

/** `hidden` fields are dropped unless `raw`; absent optional values stay absent (not null). */
export function decodeRow<T>(entity: EntityDefinition, row: Record<string, unknown>, raw = false): T {
  const doc: Record<string, unknown> = {};
  // a flattened object without columns (`fk: {}` of a company) is still there, as the schema says
  for (const [key, prop] of Object.entries(entity.schema.properties) as [string, { 'x-flatten'?: boolean }][]) {
    if (prop['x-flatten']) doc[key] = {};
  }
  const hidden = raw ? null : new Set(entity.hidden ?? []);
  for (const c of entityColumns(entity)) {
    if (hidden?.has(c.path)) continue;
    const v = fromDb(c.kind, row[c.column]);
    const dot = c.path.indexOf('.');
    if (dot < 0) {
      if (v === null && (c.path === 'extradata' || c.path === 'userProps')) continue;
      doc[c.path] = v;
    } else {
      const parent = c.path.slice(0, dot);
      ((doc[parent] ??= {}) as Record<string, unknown>)[c.path.slice(dot + 1)] = v;
    }
  }
  const nested = raw ? [] : nestedHidden(entity);
  return (nested.length ? omitPaths(doc, nested) : doc) as T;
}

/** Drops `null` values of optional fields that the schema does not allow as null. */
export function stripNulls(entity: EntityDefinition, doc: Record<string, unknown>): Record<string, unknown> {
  const props = entity.schema.properties as Record<string, { type?: string; anyOf?: unknown[]; properties?: Record<string, { type?: string; anyOf?: unknown[] }> }>;
  const nullable = (s?: { type?: string; anyOf?: unknown[] }) =>
    !!s && (s.type === 'null' || (Array.isArray(s.anyOf) && s.anyOf.some((a) => (a as { type?: string }).type === 'null')));
  for (const [k, v] of Object.entries(doc)) {
    if (v === null && !nullable(props[k])) delete doc[k];
    else if ((k === 'fk' || k === 'metadata') && v && typeof v === 'object') {
      for (const [sk, sv] of Object.entries(v as Record<string, unknown>)) {
        if (sv === null && !nullable(props[k]?.properties?.[sk])) delete (v as Record<string, unknown>)[sk];
      }
    }
  }
  return doc;
}
