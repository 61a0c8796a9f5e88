/**
 * Menus and menu items (README « Menus », « Paths »). Writes lock the website first
 * (`getForUpdate`), so that two requests cannot both give it a main menu or the same path:
 * - a website has one main menu at most (409);
 * - an item's path follows the rule of paths.ts (French 400, the spec's sentence as the detail);
 * - a parent is an item of the same menu, never the item itself or one of its descendants;
 * - two items of one website never have the same path (409), dynamic items excepted (their paths
 *   depend on groups that change without them).
 */
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type { Menu, MenuItem } from '../../../schemas/index.ts';
import { MenuItems, Menus, Websites } from '../../entities.ts';
import { MAIN_MENU_TAKEN, ORDER_INCOMPLETE, ORDER_OTHER_MENU, PARENT_CYCLE, PARENT_OTHER_MENU, PATH_TAKEN } from '../../messages.ts';
import { checkItemPath, itemPath, normalizePath } from './paths.ts';
import { inheritedTemplate } from './tree.ts';

type Input = Record<string, unknown> & { fk?: Record<string, unknown> };

export function menusService(ctx: CallContext) {
  const menus = ctx.repo(Menus);
  const items = ctx.repo(MenuItems);

  async function checkMain(websiteId: string, main: boolean | undefined, except?: string) {
    await ctx.repo(Websites).getForUpdate(websiteId);
    if (!main) return;
    const other = (await menus.findMany({ 'fk.website': websiteId, main: true })).find((m) => m._id !== except);
    if (other) throw conflict(MAIN_MENU_TAKEN, [{ field: 'main', message: MAIN_MENU_TAKEN }]);
  }

  /** the item as it will be stored, checked against the rules above */
  async function checkItem(next: MenuItem, id?: string) {
    const menu = (await menus.get(next.fk.menu)) as Menu;
    await ctx.repo(Websites).getForUpdate(menu.fk.website);
    const siblings = (await items.findMany({ 'fk.menu': (await menus.findMany({ 'fk.website': menu.fk.website })).map((m) => m._id) })) as MenuItem[];
    const byId = new Map(siblings.map((i) => [i._id, i]));
    if (next.fk.path && !byId.has(next.fk.path)) await items.get(next.fk.path);
    checkItemPath(next, inheritedTemplate(next, byId));
    if (next.fk.parent) {
      const parent = byId.get(next.fk.parent) ?? ((await items.get(next.fk.parent)) as MenuItem);
      if (parent.fk.menu !== next.fk.menu) throw badRequest(PARENT_OTHER_MENU, [{ field: 'fk.parent', message: PARENT_OTHER_MENU }]);
      for (let at: MenuItem | undefined = parent, hops = 0; at && hops < 1000; at = at.fk.parent ? byId.get(at.fk.parent) : undefined, hops++) {
        if (id && at._id === id) throw badRequest(PARENT_CYCLE, [{ field: 'fk.parent', message: PARENT_CYCLE }]);
      }
    }
    if (next.dynamic || next.type === 'link') return;
    const path = itemPath(next, inheritedTemplate(next, byId));
    const clash = siblings.find((i) => i._id !== id && !i.dynamic && i.type !== 'link' && path !== null
      && normalizePath(itemPath(i, inheritedTemplate(i, byId)) ?? '') === normalizePath(path));
    if (clash) throw conflict(PATH_TAKEN(path!), [{ field: next.alias ? 'alias' : 'pathTemplate', message: PATH_TAKEN(path!) }]);
  }

  return {
    async createMenu(input: Input): Promise<Menu> {
      await checkMain(String(input.fk?.website ?? ''), input.main as boolean | undefined);
      return menus.create(input) as Promise<Menu>;
    },
    async updateMenu(id: string, input: Input): Promise<Menu> {
      const existing = (await menus.get(id)) as Menu;
      const website = String(input.fk?.website ?? existing.fk.website);
      await checkMain(website, (input.main as boolean | undefined) ?? existing.main, id);
      return menus.update(id, input.fk ? { ...input, fk: { ...existing.fk, ...input.fk } } : input) as Promise<Menu>;
    },
    async createItem(input: Input): Promise<MenuItem> {
      const prepared = await items.prepareCreate(input);
      await checkItem(prepared.doc as MenuItem);
      return prepared.write() as Promise<MenuItem>;
    },
    async updateItem(id: string, input: Input): Promise<MenuItem> {
      const existing = (await items.getForUpdate(id)) as MenuItem;
      const changes = input.fk ? { ...input, fk: { ...existing.fk, ...input.fk } } : input;
      await checkItem({ ...existing, ...changes } as MenuItem, id);
      return items.update(id, changes, { existing }) as Promise<MenuItem>;
    },
    /**
     * A menu's new order after a drag (README « Menus »): every item of the menu named once with
     * its position and parent, written in one transaction under the website's lock. Parents stay
     * in the menu and never below their own child; paths do not change (an item's path is its
     * alias or template, not its place), so they are not checked again.
     */
    async reorderItems(menuId: string, input: { items: { _id: string; position: number; parent?: string | null }[] }): Promise<MenuItem[]> {
      const menu = (await menus.get(menuId)) as Menu;
      await ctx.repo(Websites).getForUpdate(menu.fk.website);
      const current = (await items.findMany({ 'fk.menu': menuId })) as MenuItem[];
      const byId = new Map(current.map((i) => [i._id, i]));
      const named = new Set(input.items.map((i) => i._id));
      input.items.forEach((i, n) => {
        if (!byId.has(i._id)) throw badRequest(ORDER_OTHER_MENU, [{ field: `items.${n}._id`, message: ORDER_OTHER_MENU }]);
        if (i.parent && !byId.has(i.parent)) throw badRequest(PARENT_OTHER_MENU, [{ field: `items.${n}.parent`, message: PARENT_OTHER_MENU }]);
      });
      if (named.size !== input.items.length || named.size !== current.length) throw badRequest(ORDER_INCOMPLETE, [{ field: 'items', message: ORDER_INCOMPLETE }]);
      const parentOf = new Map(input.items.map((i) => [i._id, i.parent ?? null]));
      input.items.forEach((i, n) => {
        for (let at = parentOf.get(i._id) ?? null, hops = 0; at; at = parentOf.get(at) ?? null, hops++) {
          if (at === i._id || hops > current.length) throw badRequest(PARENT_CYCLE, [{ field: `items.${n}.parent`, message: PARENT_CYCLE }]);
        }
      });
      const out: MenuItem[] = [];
      for (const i of input.items) {
        const existing = byId.get(i._id)!;
        const parent = i.parent ?? undefined;
        if (existing.position === i.position && existing.fk.parent === parent) { out.push(existing); continue; }
        out.push((await items.update(i._id, { position: i.position, fk: { ...existing.fk, parent } }, { existing })) as MenuItem);
      }
      return out;
    },
  };
}
export type MenusService = ReturnType<typeof menusService>;
