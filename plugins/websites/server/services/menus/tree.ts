/**
 * A menu as a tree (README « Menus »): items under their parent, by position then name; dynamic
 * items expanded into one entry per group (the group and, with `childrenGroupsIncluded`, its
 * subgroups), each with the path and label the group gives it. Plain functions over plain data.
 */
import type { MenuItem } from '../../../schemas/index.ts';
import { itemPath, variableName } from './paths.ts';

export interface GroupInfo { _id: string; name: string; lastModificationDate?: string; [field: string]: unknown }

export interface MenuEntry {
  /** the item's id; an expanded dynamic entry: `<item id>:<group id>` */
  key: string;
  item: MenuItem;
  label: string;
  /** null for a link */
  path: string | null;
  /** a link's address */
  url: string | null;
  /** a dynamic entry's group */
  group: GroupInfo | null;
  children: MenuEntry[];
}

const byPosition = (a: MenuItem, b: MenuItem) => a.position - b.position || a.name.localeCompare(b.name, 'fr');

/** The template an item inherits through `fk.path` (one step: the named item's own template). */
export function inheritedTemplate(item: MenuItem, byId: Map<string, MenuItem>): string | undefined {
  return item.fk.path ? byId.get(item.fk.path)?.pathTemplate : undefined;
}

/**
 * The tree of one menu's items. `groupsOf(item)` answers the groups of a dynamic item (already
 * expanded to subgroups when asked); an item whose parent is missing is placed at the top.
 */
export function menuTree(items: MenuItem[], groupsOf: (item: MenuItem) => GroupInfo[]): MenuEntry[] {
  const byId = new Map(items.map((i) => [i._id, i]));
  const childrenOf = new Map<string | null, MenuItem[]>();
  for (const item of items) {
    const parent = item.fk.parent && byId.has(item.fk.parent) ? item.fk.parent : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), item]);
  }
  const seen = new Set<string>();
  const build = (parent: string | null): MenuEntry[] => {
    const out: MenuEntry[] = [];
    for (const item of [...(childrenOf.get(parent) ?? [])].sort(byPosition)) {
      if (seen.has(item._id)) continue; // a cycle written around the API: drawn once
      seen.add(item._id);
      const children = build(item._id);
      const template = inheritedTemplate(item, byId);
      const url = item.type === 'link' ? String(item.settings.url ?? '') : null;
      if (item.dynamic) {
        const field = variableName(item.variableSettings?.variable) ?? 'name';
        for (const group of groupsOf(item)) {
          out.push({
            key: `${item._id}:${group._id}`, item, label: String(group.name), path: itemPath(item, template, group[field] ?? group.name),
            url, group, children: [],
          });
        }
        continue;
      }
      out.push({ key: item._id, item, label: item.label || item.name, path: itemPath(item, template), url, group: null, children });
    }
    return out;
  };
  return build(null);
}

/** Every entry of a tree, depth first. */
export function flatten(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => [e, ...flatten(e.children)]);
}
