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

interface ReadShape {
  /** the flattened objects (`fk`, `metadata`) */
  flattened: string[];
  /** the columns read, without then with the hidden ones */
  visible: ColumnSpec[];
  all: ColumnSpec[];
  /** the fields whose schema allows null, top-level and inside `fk` / `metadata` (stripNulls) */
  nullable: Set<string>;
  nullableIn: Record<string, Set<string>>;
}

type PropSchema = { type?: string; anyOf?: unknown[]; 'x-flatten'?: boolean; properties?: Record<string, PropSchema> };
const allowsNull = (s?: PropSchema) =>
  !!s && (s.type === 'null' || (Array.isArray(s.anyOf) && s.anyOf.some((a) => (a as { type?: string }).type === 'null')));

const shapeCache = new WeakMap<EntityDefinition, ReadShape>();

/** What reading a row of `entity` needs from its schema, worked out once per entity (every list row is read with it). */
function readShape(entity: EntityDefinition): ReadShape {
  let shape = shapeCache.get(entity);
  if (!shape) {
    const props = entity.schema.properties as Record<string, PropSchema>;
    const hidden = new Set(entity.hidden ?? []);
    const all = entityColumns(entity);
    const nullableIn: Record<string, Set<string>> = {};
    for (const k of ['fk', 'metadata']) {
      nullableIn[k] = new Set(Object.entries(props[k]?.properties ?? {}).filter(([, s]) => allowsNull(s)).map(([sk]) => sk));
    }
    shape = {
      flattened: Object.entries(props).filter(([, p]) => p['x-flatten']).map(([k]) => k),
      visible: all.filter((c) => !hidden.has(c.path)),
      all,
      nullable: new Set(Object.entries(props).filter(([, s]) => allowsNull(s)).map(([k]) => k)),
      nullableIn,
    };
    shapeCache.set(entity, shape);
  }
  return shape;
}

/** `hidden` fields are dropped unless `raw`; absent optional values stay absent (not null). */
export function decodeRow<T>(entity: EntityDefinition, row: Record<string, unknown>, raw = false): T {
  const doc: Record<string, unknown> = {};
  const shape = readShape(entity);
  // a flattened object without columns (`fk: {}` of a company) is still there, as the schema says
  for (const key of shape.flattened) doc[key] = {};
  for (const c of raw ? shape.all : shape.visible) placeColumn(doc, c, row);
  const nested = raw ? [] : nestedHidden(entity);
  return (nested.length ? omitPaths(doc, nested) : doc) as T;
}

/** One column's value at its place in the record (`fk.x` inside `fk`); absent extradata and userProps stay absent. */
function placeColumn(doc: Record<string, unknown>, c: ColumnSpec, row: Record<string, unknown>): void {
  const v = fromDb(c.kind, row[c.column]);
  const dot = c.path.indexOf('.');
  if (dot < 0) {
    if (v === null && (c.path === 'extradata' || c.path === 'userProps')) return;
    doc[c.path] = v;
  } else {
    const parent = c.path.slice(0, dot);
    ((doc[parent] ??= {}) as Record<string, unknown>)[c.path.slice(dot + 1)] = v;
  }
}

/**
 * A projected row (list `fields`, http README « Lists ») decoded as decodeRow would, but only the
 * given columns (projectionOf in list-query.ts: never a hidden one): each asked field has the value
 * it has in the whole record.
 */
export function decodeColumns<T>(entity: EntityDefinition, row: Record<string, unknown>, columns: readonly ColumnSpec[]): T {
  const doc: Record<string, unknown> = {};
  for (const c of columns) placeColumn(doc, c, row);
  const nested = nestedHidden(entity);
  return (nested.length ? omitPaths(doc, nested) : doc) as T;
}

/** Drops `null` values of optional fields that the schema does not allow as null. */
export function stripNulls(entity: EntityDefinition, doc: Record<string, unknown>): Record<string, unknown> {
  const { nullable, nullableIn } = readShape(entity);
  for (const k in doc) {
    const v = doc[k];
    if (v === null && !nullable.has(k)) delete doc[k];
    else if ((k === 'fk' || k === 'metadata') && v && typeof v === 'object') {
      const inner = v as Record<string, unknown>;
      for (const sk in inner) {
        if (inner[sk] === null && !nullableIn[k].has(sk)) delete inner[sk];
      }
    }
  }
  return doc;
}
