/**
 * Which documents still reference a record about to be deleted, through the declared references
 * whose target is its entity (references.ts `to`). One query per referencing table: an id column
 * compares exactly; a JSON column (a list of ids, the lines of a document) is searched for the
 * quoted id as text — ids are 24 hex characters, so the text cannot match anything else in
 * practice — and each candidate row is then read along the declared path, so the answer is exact
 * on SQLite and MariaDB alike without engine-specific JSON SQL. The scan is limited to the
 * company's rows (`fk_company` is indexed on every company-scoped table).
 */
import type { Knex } from 'knex';
import type { EntityDefinition } from '@comptoir/sdk';
import { fromDb } from './codec.ts';
import { idsAt, type ReferenceIndex, type ResolvedReference } from './references.ts';

const PAGE = 50;

/** The part of a document a column holds, shaped so that the declared path reads it. */
function fragment(ref: ResolvedReference, value: unknown): Record<string, unknown> {
  return ref.column.startsWith('fk_') && ref.steps[0].key === 'fk'
    ? { fk: { [ref.steps[1].key]: value } }
    : { [ref.steps[0].key]: value };
}

/** `row` (the columns of `refs`) names `id` along one of their declared paths. */
function rowNames(row: Record<string, unknown>, refs: ResolvedReference[], id: string): boolean {
  return refs.some((r) => (r.scalarColumn
    ? row[r.column] === id
    : idsAt(fragment(r, fromDb('json', row[r.column])), r.steps).some((x) => x.id === id)));
}

/** The WHERE that finds every candidate row: exact on an id column, a text search in a JSON one. */
function candidates(qb: Knex.QueryBuilder, refs: ResolvedReference[], id: string): void {
  qb.where((w) => {
    for (const r of refs) {
      if (r.scalarColumn) w.orWhere(r.column, id);
      else w.orWhere(r.column, 'like', `%"${id}"%`);
    }
  });
}

/**
 * The rows of `source` (of `companyId` when it is company-scoped) naming `id` through `refs`, in
 * id order, read a page at a time and checked along the declared paths; `select` the columns
 * wanted (the referencing columns are added), at most `limit` rows.
 */
export async function rowsReferencing(
  db: Knex | Knex.Transaction, source: EntityDefinition, refs: ResolvedReference[], id: string, companyId: string | null,
  options: { select?: string[]; limit?: number } = {},
): Promise<Record<string, unknown>[]> {
  const columns = options.select ? [...new Set(['_id', ...options.select, ...refs.map((r) => r.column)])] : ['*'];
  const limit = options.limit ?? Infinity;
  const found: Record<string, unknown>[] = [];
  let after = '';
  for (;;) {
    const qb = db(source.table).select(columns);
    candidates(qb, refs, id);
    if (source.companyScoped && companyId) qb.where('fk_company', companyId);
    const rows: Record<string, unknown>[] = await qb.andWhere('_id', '>', after).orderBy('_id').limit(PAGE);
    for (const row of rows) {
      if (!rowNames(row, refs, id)) continue;
      found.push(row);
      if (found.length >= limit) return found;
    }
    if (rows.length < PAGE) return found;
    after = rows[rows.length - 1]._id as string;
  }
}

async function referencedIn(
  db: Knex | Knex.Transaction, source: EntityDefinition, refs: ResolvedReference[], id: string, companyId: string | null,
): Promise<boolean> {
  if (refs.every((r) => r.scalarColumn)) {
    // an id column compares exactly: the first row found is the answer
    const qb = db(source.table).select('_id');
    candidates(qb, refs, id);
    if (source.companyScoped && companyId) qb.where('fk_company', companyId);
    return (await qb.first()) !== undefined;
  }
  return (await rowsReferencing(db, source, refs, id, companyId, { select: [], limit: 1 })).length > 0;
}

/**
 * The labels (« facture », « devis »…) of the entities whose documents reference `id` through a
 * reference that blocks deletion; empty when the record may go.
 */
export async function referencingLabels(
  db: Knex | Knex.Transaction, index: ReferenceIndex, entity: EntityDefinition, id: string, companyId: string | null,
): Promise<string[]> {
  const bySource = new Map<EntityDefinition, ResolvedReference[]>();
  for (const ref of index.to(entity)) {
    if (!ref.blocksDeletion) continue;
    bySource.set(ref.source, [...(bySource.get(ref.source) ?? []), ref]);
  }
  const labels: string[] = [];
  for (const [source, refs] of bySource) {
    if (await referencedIn(db, source, refs, id, companyId)) labels.push(source.label);
  }
  return labels;
}
