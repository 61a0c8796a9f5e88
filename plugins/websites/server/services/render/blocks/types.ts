/**
 * What a block of the public pages is, for the renderer: the built-in catalogue (spec 001 §9) and
 * the blocks other plugins contribute (`websiteBlocks` of the SDK) take the same shape.
 */
import type { BlockParam, BlockPlace, CallContext } from '@comptoir/sdk';
import type { MenuEntry } from '../../menus/tree.ts';
import type { Article, Website } from '../../../../schemas/index.ts';

/** What the blocks of one page may read, loaded once per page. */
export interface PageEnv {
  /** the websites plugin's context, as the system in the site's company */
  ctx: CallContext;
  website: Website;
  companyName: string;
  place: BlockPlace;
  /** the template lets editors' scripts through (raw HTML blocks) */
  allowScripts: boolean;
  /** a menu as a tree: the website's main menu when `menuId` is absent */
  menu(menuId?: string): Promise<MenuEntry[]>;
  /** the company's published articles, newest first, of these groups (all when empty), `limit` at most */
  articles(groups: string[], limit: number): Promise<Article[]>;
  article(id: string): Promise<Article | null>;
  /** the group a page lists (an « articles » menu entry), for the blog block */
  listGroup: string | null;
}

export interface SiteBlock {
  identifier: string;
  name: string;
  description?: string;
  category: string;
  params: BlockParam[];
  /** `websites` for the catalogue, else the contributing plugin */
  plugin: string;
  draw(settings: Record<string, unknown>, env: PageEnv): Promise<string> | string;
}
