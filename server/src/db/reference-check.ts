/**
 * The check of every id a document references (EntityDefinition.references), run by the
 * repository on each create and update after schema validation: each id must name a record of
 * the target table — of the document's company when the target is company-scoped. One query per
 * referenced table, only for ids that the write adds (an update that keeps its references costs
 * nothing). A wrong id is a French 400 naming the field; nothing is written. Targets whose deletion
 * references block are read `FOR SHARE` on MySQL/MariaDB (`locksTarget`), so that a concurrent
 * deletion never leaves the new document naming nothing.
 */
import type { Knex } from 'knex';
import { badRequest, type EntityDefinition, type ErrorDetail } from '@comptoir/sdk';
import { engineOf } from './connect.ts';
import { isLocked } from './locked-rows.ts';
import { idsAt, type ReferenceIndex, type ResolvedReference } from './references.ts';

/** Ids per look-up: well under SQLite's bound values and MariaDB's packet. */
const IDS_PER_QUERY = 1000;

interface Wanted { id: string; field: string; ref: ResolvedReference }

/** « aucun client de cette entreprise », « aucune facture de cette entreprise », « aucun utilisateur » */
export function noneOf(target: EntityDefinition): string {
  return `${target.feminine ? 'aucune' : 'aucun'} ${target.label}${target.companyScoped ? ' de cette entreprise' : ''}`;
}

function reason(w: Wanted): string {
  if (!w.ref.target) {
    const plugin = w.ref.targetName.slice(0, w.ref.targetName.indexOf('.'));
    return `aucun enregistrement « ${w.ref.targetName} » ne porte l’identifiant ${w.id} (le plugin « ${plugin} » n’est pas installé)`;
  }
  return `${noneOf(w.ref.target)} ne porte l’identifiant ${w.id}`;
}

/** The ids `doc` references that `before` did not, grouped by target. */
function addedIds(refs: ResolvedReference[], doc: Record<string, unknown>, before: Record<string, unknown> | null): Map<string, Wanted[]> {
  const byTarget = new Map<string, Wanted[]>();
  for (const ref of refs) {
    const had = before ? new Set(idsAt(before, ref.steps).map((x) => x.id)) : null;
    for (const { id, field } of idsAt(doc, ref.steps)) {
      if (had?.has(id)) continue;
      const list = byTarget.get(ref.targetName) ?? [];
      list.push({ id, field, ref });
      byTarget.set(ref.targetName, list);
    }
  }
  return byTarget;
}

/**
 * Whether the target rows must be read `FOR SHARE`: the target's deletion is refused while a
 * document names it (an archivable entity, `repository.remove`), and one of these references
 * blocks it. Otherwise nothing protects the id between this read and the commit, and nothing needs
 * to: a target whose deletion ignores references may go, as it always could.
 */
export function locksTarget(target: EntityDefinition, wanted: readonly { ref: Pick<ResolvedReference, 'blocksDeletion'> }[]): boolean {
  return !!target.archive && wanted.some((w) => w.ref.blocksDeletion);
}

/** Which of the wanted ids name a record of `target` (of `companyId` when it is company-scoped). */
async function existingIds(db: Knex | Knex.Transaction, target: EntityDefinition, companyId: string | null, wanted: Wanted[]): Promise<Set<string>> {
  const owner = target.companyScoped ? companyId : null;
  const all = [...new Set(wanted.map((w) => w.id))];
  // rows this transaction holds locked are there until it ends (locked-rows.ts): no query for them
  const found = new Set(all.filter((id) => isLocked(db, target.table, owner, id)));
  const ids = all.filter((id) => !found.has(id));
  // a batch (`createMany`) may name many: IDS_PER_QUERY a query
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const qb = db(target.table).select('_id').whereIn('_id', ids.slice(i, i + IDS_PER_QUERY));
    if (target.companyScoped) qb.where('fk_company', companyId ?? '');
    // A deletion locks its row, then looks for documents naming it: under READ COMMITTED it cannot
    // see this one before it commits, and a plain read here takes no lock — both would commit, and
    // the document would name nothing. Shared, the lock lets other documents name the record at
    // the same time and makes its deletion wait for them (then see them: 409), or this read wait
    // for the deletion (then find nothing: 400). SQLite has one writer: nothing to lock.
    if (locksTarget(target, wanted) && engineOf(db as Knex) === 'mysql') qb.forShare();
    for (const r of await qb as { _id: string }[]) found.add(r._id);
  }
  return found;
}

/**
 * 400 unless every id `doc` adds names a record of its target. `companyId`: the company the
 * document belongs to (its `fk.company`), which company-scoped targets must share.
 */
export async function checkReferences(
  db: Knex | Knex.Transaction, index: ReferenceIndex, entity: EntityDefinition, companyId: string | null,
  doc: Record<string, unknown>, before: Record<string, unknown> | null,
): Promise<void> {
  return checkReferencesOfMany(db, index, entity, companyId, [doc], before);
}

/**
 * `checkReferences` for several new documents of one company at once (`repository.createMany`):
 * one query per referenced table for all of them, each distinct id looked up once.
 */
export async function checkReferencesOfMany(
  db: Knex | Knex.Transaction, index: ReferenceIndex, entity: EntityDefinition, companyId: string | null,
  docs: Record<string, unknown>[], before: Record<string, unknown> | null = null,
): Promise<void> {
  const refs = index.from(entity);
  if (refs.length === 0) return;
  const problems: Wanted[] = [];
  const byTarget = new Map<string, Wanted[]>();
  for (const doc of docs) {
    for (const [target, list] of addedIds(refs, doc, before)) {
      const all = byTarget.get(target);
      if (all) { for (const w of list) all.push(w); } else byTarget.set(target, list);
    }
  }
  for (const wanted of byTarget.values()) {
    const target = wanted[0].ref.target;
    const found = target ? await existingIds(db, target, companyId, wanted) : new Set<string>();
    for (const w of wanted) if (!found.has(w.id)) problems.push(w);
  }
  if (problems.length === 0) return;
  const details: ErrorDetail[] = problems.map((w) => ({ field: w.field, message: reason(w) }));
  const first = problems[0];
  const more = problems.length > 1 ? ` (et ${problems.length - 1} autre(s) référence(s) inconnue(s))` : '';
  throw badRequest(`${first.field} : ${reason(first)}.${more}`, details);
}
