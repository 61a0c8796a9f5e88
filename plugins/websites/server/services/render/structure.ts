/**
 * The structure of a website, read once and kept (README « Cache »): its home access (company,
 * template, variant, default layouts), its menus as trees (dynamic items expanded), the stored
 * blocks by location, every layout its menu items and page types name, and its page-type layouts.
 * A page that is not in the page cache is then drawn from memory, reading only the articles it
 * shows. Forgotten with the pages on any change of the company's websites data, establishments or
 * groups (server/index.ts), and after `structureTtlMs()` for the changes other processes make.
 * Kept values are shared by concurrent requests: never modified after being built.
 */
import type { CallContext } from '@comptoir/sdk';
import type { Block, HomeAccess, PageLayout, PageTypeDefaultLayout, Website } from '../../../schemas/index.ts';
import type { PAGE_TYPES } from '../../../schemas/index.ts';
import { Layouts, PageTypeLayouts } from '../../entities.ts';
import { homeAccessOf } from '../sites/home-access.ts';
import { TtlCache, structureTtlMs } from './page-cache.ts';
import { loadMenus, loadStoredBlocks, type SiteMenus } from './site-env.ts';

export type PageType = (typeof PAGE_TYPES)[number];

export interface TypedLayout { layout: PageLayout; overrides: Map<string, Record<string, unknown>> }

export interface SiteStructure {
  access: HomeAccess;
  menus: SiteMenus;
  /** stored blocks by location */
  stored: Map<string, Block[]>;
  /** the layouts named by the menu items (page and wrapping layouts) */
  layouts: Map<string, PageLayout>;
  /** the page-type layouts of the website (`article`, `article-list`, `not-found`) */
  pageTypes: Map<PageType, TypedLayout>;
}

export async function loadStructure(ctx: CallContext, website: Website): Promise<SiteStructure> {
  const access = await homeAccessOf(ctx, website);
  const menus = await loadMenus(ctx, website._id);
  const stored = await loadStoredBlocks(ctx);
  const typed = (await ctx.repo(PageTypeLayouts).findMany({ 'fk.website': website._id })) as PageTypeDefaultLayout[];
  const ids = new Set<string>();
  for (const i of menus.items) for (const id of [i.fk.layout, i.fk.wrapLayout]) if (id) ids.add(id);
  for (const t of typed) if (t.fk.layout) ids.add(t.fk.layout);
  const layouts = new Map(((ids.size ? await ctx.repo(Layouts).findByIds([...ids]) : []) as PageLayout[]).map((l) => [l._id, l]));
  const pageTypes = new Map<PageType, TypedLayout>();
  for (const t of typed) {
    const layout = t.fk.layout ? layouts.get(t.fk.layout) : undefined;
    if (layout) pageTypes.set(t.pageType, { layout, overrides: new Map(t.blocksSettingsOverrides.map((o) => [o.blockUUID, o.settings ?? {}])) });
  }
  return { access, menus, stored, layouts, pageTypes };
}

export const structureCache = new TtlCache<SiteStructure>(structureTtlMs);

/** The website's structure from memory, else read (in the site's company) and kept. */
export async function siteStructure(ctx: CallContext, website: Website): Promise<SiteStructure> {
  const key = `${website._id}|${website.metadata.lastModificationDate}`;
  const cached = structureCache.get(key);
  if (cached) return cached;
  const readAt = structureCache.generation;
  const structure = await loadStructure(ctx, website);
  structureCache.set(key, structure, website.fk.company, Date.now(), readAt);
  return structure;
}
