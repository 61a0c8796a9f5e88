/**
 * Groups of the active company (platform README « Groups »): writes that keep each collection's
 * tree valid (./group-tree.ts), the per-collection settings, and `kernel.groups`, the service
 * other plugins use to check the `fk.groups` of their records.
 *
 * Group writes of a company are serialised on its company row (SELECT … FOR UPDATE on MySQL;
 * SQLite has one writer), so that two concurrent moves cannot build a cycle between them.
 */
import type { Knex } from 'knex';
import { badRequest, conflict, type CallContext, type KernelGroups } from '@comptoir/sdk';
import { DEFAULT_GROUP_SETTINGS, type Group, type GroupPluginSetting, type GroupPluginSettingInput } from '@comptoir/schemas';
import { Groups, GroupSettings } from '../../../entities/platform.ts';
import { engineOf } from '../../../db/connect.ts';
import type { Call } from '../../../plugins/call.ts';
import type { LoadedPlugin } from '../../../plugins/call.ts';
import { carriesUserProps } from '../../../db/user-props.ts';
import { buildTree, descendantsOf, placementProblem, settingsProblem, type TreeProblem, type TreeSettings } from './group-tree.ts';

type Body = Record<string, unknown> & { fk?: { parent?: string | null } };

/**
 * The collections records can be grouped in: `<plugin>.<entity>` of the business records of every
 * loaded plugin, the same ones that carry user properties (company-scoped, not settings, logs or
 * messages): grouping sessions or notifications would mean nothing to anyone.
 */
export function groupableCollections(ctx: CallContext): string[] {
  const plugins = ctx.resolve<Map<string, LoadedPlugin>>('plugins');
  return [...plugins.values()].flatMap(({ def }) => (def.entities ?? []).filter(carriesUserProps).map((e) => `${def.id}.${e.name}`)).sort();
}

function assertCollection(ctx: CallContext, pluginIdentifier: string) {
  if (!groupableCollections(ctx).includes(pluginIdentifier)) {
    throw badRequest(`Collection inconnue : « pluginIdentifier » : aucun module chargé ne déclare « ${pluginIdentifier} ».`, [{ field: 'pluginIdentifier', message: 'collection inconnue' }]);
  }
}

async function lockCompanyGroups(ctx: CallContext) {
  const db = ctx.resolve<Call>('call').opts.db as Knex;
  if (engineOf(db) === 'mysql') await db('kernel_companies').select('_id').where('_id', ctx.caller.companyId).forUpdate();
}

const asConflict = (p: TreeProblem) => conflict(p.message, [{ field: p.field, message: p.kind === 'cycle' ? 'déplacement circulaire' : p.kind === 'depth' ? 'profondeur maximale dépassée' : 'mode sans sous-groupes' }]);

export async function storedSettings(ctx: CallContext, pluginIdentifier: string): Promise<GroupPluginSetting | null> {
  return ctx.repo(GroupSettings).findOne({ pluginIdentifier }) as Promise<GroupPluginSetting | null>;
}

/** The settings of a collection: stored, or the defaults (tree, 5 levels, several groups per record). */
export async function settingsOf(ctx: CallContext, pluginIdentifier: string): Promise<TreeSettings> {
  const s = await storedSettings(ctx, pluginIdentifier);
  return s ? { mode: s.mode, maxDepth: s.maxDepth, multi: s.multi } : { ...DEFAULT_GROUP_SETTINGS };
}

const groupsOf = async (ctx: CallContext, pluginIdentifier: string) =>
  (await ctx.repo(Groups).findMany({ pluginIdentifier })) as Group[];

/** The parent named in a body: a group of the company and of the same collection (400 otherwise). */
async function checkParent(ctx: CallContext, parentId: string | null, pluginIdentifier: string): Promise<void> {
  if (parentId === null) return;
  const parent = (await ctx.repo(Groups).find(parentId)) as Group | null;
  if (!parent) throw badRequest('Groupe invalide : « fk.parent » : groupe parent introuvable.', [{ field: 'fk.parent', message: 'groupe parent introuvable' }]);
  if (parent.pluginIdentifier !== pluginIdentifier) {
    throw badRequest(`Groupe invalide : « fk.parent » : le groupe « ${parent.name} » classe « ${parent.pluginIdentifier} », pas « ${pluginIdentifier} ».`, [{ field: 'fk.parent', message: 'groupe parent d’une autre collection' }]);
  }
}

export async function createGroup(ctx: CallContext, body: Body): Promise<Group> {
  const pluginIdentifier = body.pluginIdentifier as string;
  assertCollection(ctx, pluginIdentifier);
  await lockCompanyGroups(ctx);
  const parentId = body.fk?.parent ?? null;
  await checkParent(ctx, parentId, pluginIdentifier);
  const problem = placementProblem(await groupsOf(ctx, pluginIdentifier), null, parentId, await settingsOf(ctx, pluginIdentifier), pluginIdentifier);
  if (problem) throw asConflict(problem);
  return ctx.repo(Groups).create(body) as Promise<Group>;
}

export async function updateGroup(ctx: CallContext, id: string, changes: Body): Promise<Group> {
  await lockCompanyGroups(ctx);
  const group = (await ctx.repo(Groups).get(id)) as Group;
  if (changes.fk && 'parent' in changes.fk) {
    const parentId = changes.fk.parent ?? null;
    if (parentId !== (group.fk.parent ?? null)) {
      await checkParent(ctx, parentId, group.pluginIdentifier);
      const problem = placementProblem(await groupsOf(ctx, group.pluginIdentifier), group, parentId, await settingsOf(ctx, group.pluginIdentifier), group.pluginIdentifier);
      if (problem) throw asConflict(problem);
    }
  }
  return ctx.repo(Groups).update(id, changes) as Promise<Group>;
}

/**
 * A group with subgroups is refused (409 naming how many): deleting a branch by accident would
 * silently empty many records. The records that held the group lose it: their plugin listens to
 * `kernel.group.deleted` (the contacts plugin does).
 */
export async function removeGroup(ctx: CallContext, id: string): Promise<void> {
  await lockCompanyGroups(ctx);
  const group = (await ctx.repo(Groups).get(id)) as Group;
  const children = await ctx.repo(Groups).count({ 'fk.parent': id });
  if (children > 0) {
    throw conflict(`Le groupe « ${group.name} » contient ${children} sous-groupe${children > 1 ? 's' : ''} : supprimez-les ou déplacez-les d’abord.`, [{ field: '_id', message: 'groupe avec sous-groupes', children }]);
  }
  await ctx.repo(Groups).remove(id);
}

/** Creates or changes the settings of a collection; refused (409) when the groups there would not fit. */
export async function saveSettings(ctx: CallContext, input: GroupPluginSettingInput): Promise<GroupPluginSetting> {
  const { pluginIdentifier, ...changes } = input;
  assertCollection(ctx, pluginIdentifier);
  await lockCompanyGroups(ctx);
  const stored = await storedSettings(ctx, pluginIdentifier);
  const next: TreeSettings = { ...(stored ?? DEFAULT_GROUP_SETTINGS), ...changes };
  const problem = settingsProblem(await groupsOf(ctx, pluginIdentifier), next, pluginIdentifier);
  if (problem) throw asConflict(problem);
  const repo = ctx.repo(GroupSettings);
  if (stored) return repo.update(stored._id, changes) as Promise<GroupPluginSetting>;
  return repo.create({ pluginIdentifier, ...next }) as Promise<GroupPluginSetting>;
}

/** GET /api/kernel/groups/tree: one collection's forest with its settings, or every group of the company. */
export async function groupTree(ctx: CallContext, pluginIdentifier: string | undefined) {
  if (pluginIdentifier === undefined) {
    return { pluginIdentifier: null, settings: null, data: buildTree((await ctx.repo(Groups).findMany({})) as Group[]) };
  }
  return { pluginIdentifier, settings: await settingsOf(ctx, pluginIdentifier), data: buildTree(await groupsOf(ctx, pluginIdentifier)) };
}

/** `kernel.groups`, for the plugins whose records carry `fk.groups`. */
export function groups(ctx: CallContext): KernelGroups {
  return {
    get: async (id) => (await ctx.repo(Groups).get(id)) as Group,
    settings: (pluginIdentifier) => settingsOf(ctx, pluginIdentifier),
    async check(pluginIdentifier, ids, field = 'fk.groups') {
      if (ids === undefined || ids === null) return [];
      const invalid = (at: string, message: string, sentence: string) =>
        badRequest(`Groupes invalides : « ${at} » : ${sentence}.`, [{ field: at, message }]);
      if (!Array.isArray(ids)) throw invalid(field, 'liste attendue', 'une liste d’identifiants de groupes est attendue');
      const found = new Map(((await ctx.repo(Groups).findByIds(ids)) as Group[]).map((g) => [g._id, g]));
      const seen = new Set<string>();
      ids.forEach((id, i) => {
        const g = found.get(id);
        if (!g) throw invalid(`${field}.${i}`, 'groupe introuvable', `groupe introuvable (${String(id)})`);
        if (g.pluginIdentifier !== pluginIdentifier) throw invalid(`${field}.${i}`, 'groupe d’une autre collection', `le groupe « ${g.name} » classe « ${g.pluginIdentifier} », pas « ${pluginIdentifier} »`);
        if (seen.has(id)) throw invalid(`${field}.${i}`, 'groupe en double', `le groupe « ${g.name} » est donné deux fois`);
        seen.add(id);
      });
      if (ids.length > 1 && !(await settingsOf(ctx, pluginIdentifier)).multi) {
        throw invalid(field, 'un seul groupe permis', `un seul groupe est permis pour « ${pluginIdentifier} » (${ids.length} donnés)`);
      }
      return [...ids];
    },
    async descendants(id) {
      const group = (await ctx.repo(Groups).get(id)) as Group;
      return descendantsOf(await groupsOf(ctx, group.pluginIdentifier), id);
    },
  };
}
