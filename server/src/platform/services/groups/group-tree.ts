/**
 * The tree rules of groups, as plain functions over the groups of one company and one
 * pluginIdentifier (platform README « Groups »). Levels count from 1 (a root).
 * No I/O here: ./groups.ts loads the groups and turns the problems into HTTP errors.
 */
import type { Group, GroupPluginSetting } from '@comptoir/schemas';

export type GroupLike = Pick<Group, '_id' | 'name'> & { fk: { parent?: string | null } };
export type TreeSettings = Pick<GroupPluginSetting, 'mode' | 'maxDepth' | 'multi'>;

/** A rule broken by a placement, with the field it concerns. */
export interface TreeProblem { kind: 'cycle' | 'depth' | 'flat'; field: string; message: string }

export type TreeNode<G extends GroupLike> = G & { depth: number; children: TreeNode<G>[] };

const byName = (a: GroupLike, b: GroupLike) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }) || a._id.localeCompare(b._id);

function index<G extends GroupLike>(groups: readonly G[]) {
  const byId = new Map(groups.map((g) => [g._id, g]));
  const children = new Map<string, G[]>();
  for (const g of groups) {
    const p = g.fk.parent ?? null;
    if (p === null || !byId.has(p)) continue;
    (children.get(p) ?? children.set(p, []).get(p)!).push(g);
  }
  return { byId, children };
}

/** Level of a group: 1 for a root. Stops at a cycle (which the rules never let in) rather than looping. */
export function levelOf(groups: readonly GroupLike[], id: string): number {
  const { byId } = index(groups);
  let level = 1;
  const seen = new Set([id]);
  for (let p = byId.get(id)?.fk.parent ?? null; p !== null && byId.has(p) && !seen.has(p); p = byId.get(p)!.fk.parent ?? null) {
    seen.add(p);
    level++;
  }
  return level;
}

/** The group and every group under it, the group first. */
export function descendantsOf(groups: readonly GroupLike[], id: string): string[] {
  const { children } = index(groups);
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (x: string) => {
    if (seen.has(x)) return;
    seen.add(x);
    out.push(x);
    for (const c of children.get(x) ?? []) visit(c._id);
  };
  visit(id);
  return out;
}

/** Levels a subtree spans: 1 for a group without children. */
export function heightOf(groups: readonly GroupLike[], id: string): number {
  const { children } = index(groups);
  const height = (x: string, seen: Set<string>): number => {
    if (seen.has(x)) return 0;
    seen.add(x);
    return 1 + Math.max(0, ...(children.get(x) ?? []).map((c) => height(c._id, seen)));
  };
  return height(id, new Set());
}

/**
 * Whether `group` (an existing group being moved, or a new one: `null`) may sit under `parentId`
 * given the other groups of its collection and the collection's settings. The parent is known to
 * exist in the same company and collection (checked by the caller, a 400).
 */
export function placementProblem(
  groups: readonly GroupLike[], group: GroupLike | null, parentId: string | null, settings: TreeSettings, pluginIdentifier: string,
): TreeProblem | null {
  if (parentId === null) return null;
  const field = 'fk.parent';
  if (settings.mode === 'flat') {
    return { kind: 'flat', field, message: `Les groupes de « ${pluginIdentifier} » sont sur un seul niveau (mode « flat ») : un groupe n’y a pas de parent.` };
  }
  const parent = groups.find((g) => g._id === parentId)!;
  if (group && descendantsOf(groups, group._id).includes(parentId)) {
    const what = parentId === group._id ? 'lui-même' : `son sous-groupe « ${parent.name} »`;
    return { kind: 'cycle', field, message: `Déplacement impossible : le groupe « ${group.name} » ne peut pas être placé sous ${what}.` };
  }
  const deepest = levelOf(groups, parentId) + (group ? heightOf(groups, group._id) : 1);
  if (deepest > settings.maxDepth) {
    const who = group ? `« ${group.name} » et ses sous-groupes iraient` : 'le nouveau groupe irait';
    return {
      kind: 'depth', field,
      message: `Profondeur maximale dépassée : les groupes de « ${pluginIdentifier} » ont au plus ${settings.maxDepth} niveau${settings.maxDepth > 1 ? 'x' : ''} ; sous « ${parent.name} », ${who} jusqu’au niveau ${deepest}.`,
    };
  }
  return null;
}

/** Whether new settings fit the groups that exist (a lower maxDepth, the flat mode). */
export function settingsProblem(groups: readonly GroupLike[], settings: TreeSettings, pluginIdentifier: string): TreeProblem | null {
  let deepest: { group: GroupLike; level: number } | null = null;
  for (const g of groups) {
    const level = levelOf(groups, g._id);
    if (!deepest || level > deepest.level) deepest = { group: g, level };
  }
  if (!deepest) return null;
  if (settings.mode === 'flat' && deepest.level > 1) {
    return { kind: 'flat', field: 'mode', message: `Mode « flat » impossible : le groupe « ${deepest.group.name} » de « ${pluginIdentifier} » est un sous-groupe (niveau ${deepest.level}) ; remontez d’abord les sous-groupes.` };
  }
  if (deepest.level > settings.maxDepth) {
    return { kind: 'depth', field: 'maxDepth', message: `Profondeur maximale trop faible : le groupe « ${deepest.group.name} » de « ${pluginIdentifier} » est au niveau ${deepest.level}.` };
  }
  return null;
}

/** The groups as a forest: roots and children sorted by name (French order), each with its level. */
export function buildTree<G extends GroupLike>(groups: readonly G[]): TreeNode<G>[] {
  const { byId, children } = index(groups);
  const node = (g: G, depth: number, seen: Set<string>): TreeNode<G> => {
    seen.add(g._id);
    const kids = (children.get(g._id) ?? []).filter((c) => !seen.has(c._id)).sort(byName);
    return { ...g, depth, children: kids.map((c) => node(c, depth + 1, seen)) };
  };
  const roots = groups.filter((g) => (g.fk.parent ?? null) === null || !byId.has(g.fk.parent!)).sort(byName);
  const seen = new Set<string>();
  return roots.map((r) => node(r, 1, seen));
}
