/**
 * What is linked to one record of the active company, gathered from every plugin that declares
 * links to its entity (`kernel.record-links`, sdk/src/record-links.ts), for
 * `GET /api/kernel/links/:plugin/:entity/:id` (platform README « Links between records »).
 *
 * The target record is checked here, by the platform, before any contributor is asked: the
 * entity must be one a loaded plugin declares (company-scoped), and the id a row of its table in
 * the active company, read by primary key — the same look-up the repository makes for a declared
 * reference (server/src/db/references.ts), so that tenant isolation does not depend on each
 * contributor, the owner of the target declares nothing more, and « unknown » and « another
 * company's » answer the same 404.
 */
import type { Knex } from 'knex';
import {
  MAX_LINKED_RECORDS, notFound, recordLinks,
  type CallContext, type Contributed, type EntityDefinition, type LinkedRecord, type RecordLinks, type RecordLinksGroup,
} from '@comptoir/sdk';
import type { Call, LoadedPlugin } from '../../../plugins/call.ts';

export const GROUP_FAILED = 'Ces éléments liés n’ont pas pu être chargés. Réessayez plus tard ; si cela persiste, prévenez votre administrateur.';
const DEFAULT_ORDER = 500;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The company-scoped entity `<plugin>.<name>` of a loaded plugin, or null. */
export function linkableEntity(plugins: Map<string, LoadedPlugin>, plugin: string, name: string): EntityDefinition | null {
  const entity = plugins.get(plugin)?.def.entities?.find((e) => e.name === name);
  return entity?.companyScoped ? entity : null;
}

/** 404 in French unless `id` names a record of `<plugin>.<name>` in the active company. */
export async function checkTarget(ctx: CallContext, plugin: string, name: string, id: string): Promise<EntityDefinition> {
  const entity = linkableEntity(ctx.resolve<Map<string, LoadedPlugin>>('plugins'), plugin, name);
  if (!entity) throw notFound(`Type d’enregistrement inconnu : « ${plugin}.${name} ».`);
  const db = ctx.resolve<Call>('call').opts.db as Knex;
  const row = await db(entity.table).first('_id').where({ _id: id, fk_company: ctx.caller.companyId ?? '' });
  if (!row) throw notFound(`${capitalize(entity.label)} introuvable.`);
  return entity;
}

/** The groups declared for `target` that the caller may see, by `order` then registry order. */
export function visibleLinks(ctx: CallContext, target: string): Contributed<RecordLinks>[] {
  const list = ctx.contributions(recordLinks).filter((c) => c.value.target === target && ctx.can(c.value.permission));
  return list.sort((a, b) => (a.value.order ?? DEFAULT_ORDER) - (b.value.order ?? DEFAULT_ORDER));
}

/** Only the display fields: a contributor that hands back whole documents shows no more than these. */
function displayed(r: LinkedRecord): LinkedRecord {
  return {
    _id: r._id, label: r.label,
    ...(r.path ? { path: r.path } : {}),
    ...(r.date ? { date: r.date } : {}),
    ...(r.amount !== undefined && r.amount !== null ? { amount: String(r.amount) } : {}),
    ...(r.status ? { status: r.status } : {}),
  };
}

/** One group; a contributor that fails does not take the others down (its group says so, in French). */
export async function loadGroup(c: Contributed<RecordLinks>, targetId: string): Promise<RecordLinksGroup> {
  const base = { id: `${c.plugin}.${c.value.key}`, plugin: c.plugin, label: c.value.label };
  try {
    const found = await c.value.find(c.ctx, targetId);
    const items = found.slice(0, MAX_LINKED_RECORDS).map(displayed);
    return { ...base, items, ...(found.length > MAX_LINKED_RECORDS ? { more: true } : {}) };
  } catch (err) {
    c.ctx.log.error({ err, links: base.id }, `record links ${base.id} could not be read`);
    return { ...base, items: [], error: GROUP_FAILED };
  }
}

/** Every group the caller may see for a record already checked, one after the other (they share the call). */
export async function linkedRecords(ctx: CallContext, target: string, targetId: string): Promise<RecordLinksGroup[]> {
  const groups: RecordLinksGroup[] = [];
  for (const c of visibleLinks(ctx, target)) groups.push(await loadGroup(c, targetId));
  return groups;
}
