/**
 * What an entity's maintained totals are in SQL (README.md here): the `<table>_totals` table, one
 * `g_<column>` per dimension, `s_<column>` and `c_<column>` per summed field, and how a document
 * falls into one group. Checked once per entity: a wrong declaration stops the boot.
 */
import { createHash } from 'node:crypto';
import type { EntityDefinition, TotalsDimension } from '@comptoir/sdk';
import type { StorageKind } from '@comptoir/schemas';
import { entityColumns, getPath } from '../record-codec.ts';
import { toDb } from '../codec.ts';
import type { ColumnSpec } from '../columns.ts';

export interface TotalsDimensionSpec {
  field: string;
  by: TotalsDimension['by'];
  /** the entity's column */
  source: ColumnSpec;
  /** its column in the totals table */
  column: string;
}

export interface TotalsSumSpec {
  field: string;
  source: ColumnSpec;
  /** Σ of the stored integers (money in 1/10 000 €: codec.ts), exact on both engines */
  sum: string;
  /** how many documents have a value (the divisor of an average) */
  count: string;
}

export interface TotalsSpec {
  entity: EntityDefinition;
  /** the entity's table */
  source: string;
  table: string;
  dimensions: TotalsDimensionSpec[];
  sums: TotalsSumSpec[];
  /** changes with the declaration's SQL shape: a new signature rebuilds the table at boot */
  signature: string;
}

/** kinds a `value` dimension may hold: short values compared exactly */
const VALUE_KINDS: ReadonlySet<StorageKind> = new Set<StorageKind>(['string', 'id', 'bool', 'int']);
/** kinds summed exactly (integers in SQL); `number` is a float and would not add up to the cent */
const SUM_KINDS: ReadonlySet<StorageKind> = new Set<StorageKind>(['money', 'int']);

const cache = new WeakMap<EntityDefinition, TotalsSpec | null>();

function fail(entity: EntityDefinition, message: string): never {
  throw new Error(`maintained totals of ${entity.plugin}.${entity.name}: ${message}`);
}

/** The totals of `entity`, or null when it declares none. Throws on a wrong declaration. */
export function totalsSpecOf(entity: EntityDefinition): TotalsSpec | null {
  const known = cache.get(entity);
  if (known !== undefined) return known;
  const spec = entity.totals ? buildSpec(entity) : null;
  cache.set(entity, spec);
  return spec;
}

function buildSpec(entity: EntityDefinition): TotalsSpec {
  const decl = entity.totals!;
  if (!entity.companyScoped) fail(entity, 'only company-scoped entities keep totals');
  const columns = new Map(entityColumns(entity).map((c) => [c.path, c]));
  const column = (field: string) => {
    const c = columns.get(field);
    if (!c || !c.queryable) fail(entity, `"${field}" is not a column of the entity`);
    if ((entity.hidden ?? []).includes(field)) fail(entity, `"${field}" is hidden`);
    return c;
  };
  const seen = new Set<string>();
  const dimensions = decl.groupBy.map((d): TotalsDimensionSpec => {
    const source = column(d.field);
    if (seen.has(d.field)) fail(entity, `"${d.field}" is grouped twice`);
    seen.add(d.field);
    if (d.by === 'value' && !VALUE_KINDS.has(source.kind)) fail(entity, `"${d.field}" (${source.kind}) cannot be grouped by value`);
    if (d.by === 'sign' && !['money', 'int', 'number'].includes(source.kind)) fail(entity, `"${d.field}" is not a number`);
    if (!['value', 'presence', 'sign'].includes(d.by)) fail(entity, `unknown dimension "${String(d.by)}"`);
    return { field: d.field, by: d.by, source, column: `g_${source.column}` };
  });
  if (new Set(decl.sums).size !== decl.sums.length) fail(entity, 'a field is summed twice');
  const sums = decl.sums.map((field): TotalsSumSpec => {
    const source = column(field);
    if (!SUM_KINDS.has(source.kind)) fail(entity, `"${field}" (${source.kind}) cannot be summed exactly`);
    return { field, source, sum: `s_${source.column}`, count: `c_${source.column}` };
  });
  const table = `${entity.table}_totals`;
  const shape = JSON.stringify({
    v: 1,
    d: dimensions.map((d) => [d.column, d.by, d.source.kind]),
    s: sums.map((s) => [s.sum, s.source.kind]),
  });
  const signature = createHash('sha256').update(shape).digest('hex').slice(0, 32);
  return { entity, source: entity.table, table, dimensions, sums, signature };
}

// ---------------------------------------------------------------------------------------------
// A document's group and contribution. Dimension values are normalised to what both drivers give
// back for the totals table's columns (numbers for 0/1 and signs, strings otherwise), so that a
// group computed from a document and one read from SQL have the same key.

export type DimensionValue = string | number | null;

function signOf(v: unknown): DimensionValue {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return n > 0 ? 1 : n < 0 ? -1 : 0;
}

/** a dimension's value from a column's stored (SQL) value */
export function dimensionValue(d: TotalsDimensionSpec, stored: unknown): DimensionValue {
  switch (d.by) {
    case 'presence': return stored === null || stored === undefined ? 0 : 1;
    case 'sign': return signOf(stored);
    case 'value':
      if (stored === null || stored === undefined) return null;
      return d.source.kind === 'bool' || d.source.kind === 'int' ? Number(stored) : String(stored);
  }
}

/** The key of a group in the totals table: its dimension values, as text (hashed if long). */
export function groupKey(values: DimensionValue[]): string {
  const text = JSON.stringify(values);
  return text.length <= 190 ? text : `#${createHash('sha256').update(text).digest('hex')}`;
}

export interface Contribution {
  company: string;
  values: DimensionValue[];
  key: string;
  /** the stored integers of each summed field, null when unset */
  sums: (number | null)[];
}

/** What a document (as the repository holds it, before encoding) adds to its group. */
export function contributionOf(spec: TotalsSpec, doc: Record<string, unknown>): Contribution {
  const company = getPath(doc, 'fk.company');
  if (typeof company !== 'string') throw new Error(`${spec.entity.plugin}.${spec.entity.name}: a document without a company has no totals`);
  const values = spec.dimensions.map((d) => dimensionValue(d, toDb(d.source.kind, getPath(doc, d.field))));
  const sums = spec.sums.map((s) => {
    const v = toDb(s.source.kind, getPath(doc, s.field));
    return v === null ? null : Number(v);
  });
  return { company, values, key: groupKey(values), sums };
}
