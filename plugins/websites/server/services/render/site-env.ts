/**
 * What one public page reads of its site, loaded once per page (README « Rendering »): the
 * website's menus as trees (dynamic items expanded from their groups), stored blocks by location,
 * and the company's articles on demand. Reads only, as the system in the site's company.
 */
import type { CallContext } from '@comptoir/sdk';
import type { Article, Block, Menu, MenuItem } from '../../../schemas/index.ts';
import { Articles, Blocks, MenuItems, Menus } from '../../entities.ts';
import { groups as kernelGroups } from '../deps.ts';
import { menuTree, type GroupInfo, type MenuEntry } from '../menus/tree.ts';

export interface SiteMenus {
  menus: Menu[];
  items: MenuItem[];
  trees: Map<string, MenuEntry[]>;
  mainMenuId: string | null;
}

/** The groups a dynamic item expands to: its groups and, when asked, their subgroups (missing ones skipped). */
export async function groupsOfItem(ctx: CallContext, item: MenuItem): Promise<GroupInfo[]> {
  const vs = item.variableSettings;
  if (!vs) return [];
  const svc = kernelGroups(ctx);
  const ids: string[] = [];
  for (const id of vs.groups ?? []) {
    try {
      ids.push(...(vs.childrenGroupsIncluded ? await svc.descendants(id) : [id]));
    } catch { /* a group deleted since */ }
  }
  const out: GroupInfo[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const g = await svc.get(id);
      out.push({ ...(g as unknown as Record<string, unknown>), _id: g._id, name: g.name, lastModificationDate: g.metadata.lastModificationDate });
    } catch { /* idem */ }
  }
  return out;
}

export async function loadMenus(ctx: CallContext, websiteId: string): Promise<SiteMenus> {
  const menus = (await ctx.repo(Menus).findMany({ 'fk.website': websiteId })) as Menu[];
  const items = menus.length ? (await ctx.repo(MenuItems).findMany({ 'fk.menu': menus.map((m) => m._id) })) as MenuItem[] : [];
  const groups = new Map<string, GroupInfo[]>();
  for (const item of items.filter((i) => i.dynamic)) groups.set(item._id, await groupsOfItem(ctx, item));
  const trees = new Map<string, MenuEntry[]>();
  for (const m of menus) trees.set(m._id, menuTree(items.filter((i) => i.fk.menu === m._id), (i) => groups.get(i._id) ?? []));
  const main = menus.find((m) => m.main) ?? [...menus].sort((a, b) => a._id.localeCompare(b._id))[0];
  return { menus, items, trees, mainMenuId: main?._id ?? null };
}

export async function loadStoredBlocks(ctx: CallContext): Promise<Map<string, Block[]>> {
  const blocks = (await ctx.repo(Blocks).findMany({}, { limit: 500 })) as Block[];
  const out = new Map<string, Block[]>();
  for (const b of blocks.sort((a, b2) => a.position - b2.position)) {
    if (b.location) out.set(b.location, [...(out.get(b.location) ?? []), b]);
  }
  return out;
}

/** The company's published articles (written at or before `now`), newest first, of these groups (all when empty). */
export async function publishedArticles(ctx: CallContext, now: Date, groups: string[], limit: number): Promise<Article[]> {
  const res = await ctx.repo(Articles).list({
    filters: { writtenDate: { mode: 'lte', value: now.toISOString() } },
    sort: { field: 'writtenDate', ascending: false },
    pagination: { quantity: 500, page: 1 },
  });
  const rows = res.data as Article[];
  const wanted = groups.length ? rows.filter((a) => a.fk.groups.some((g) => groups.includes(g))) : rows;
  return wanted.slice(0, limit);
}
