/**
 * A layout tree drawn to HTML (README « Layouts »): containers, rows, columns, then each content's
 * block with its settings over its type's defaults. A content flagged `main` in a wrapping layout
 * is where the page goes; a node with a `locationName` also draws the stored blocks of that
 * location that their display settings allow here. A block that fails is left out (logged): one
 * broken block never takes the page down.
 */
import { html, rawHtml, type SafeHtml } from '@comptoir/sdk';
import type { Block, DisplaySettings, LayoutContainer, LayoutContent } from '../../../schemas/index.ts';
import { normalizePath } from '../menus/paths.ts';
import { styleAttrs } from './html.ts';
import { withDefaults } from './blocks/settings.ts';
import type { PageEnv, SiteBlock } from './blocks/types.ts';

export interface DrawOptions {
  catalogue: Map<string, SiteBlock>;
  env: PageEnv;
  /** stored blocks by location */
  stored: Map<string, Block[]>;
  /** the page drawn into the wrapping layout's `main` content */
  main?: string;
  /** the menu item shown (display settings by menu item) */
  menuItemId: string | null;
  /** settings replacing those of some contents (page-type layouts' overrides), by content uuid */
  overrides?: Map<string, Record<string, unknown>>;
}

/** Whether display settings let a stored block show on this page (show modes: README « Display settings »). */
export function shown(d: DisplaySettings | undefined, websiteId: string, menuItemId: string | null, path: string): boolean {
  if (!d) return true;
  if (!d.enabled) return false;
  const axis = (mode: string, hit: boolean) => mode === 'default' || (mode === 'include' ? hit : !hit);
  const p = normalizePath(path);
  return axis(d.websiteShowMode ?? 'default', d.fk?.websites?.includes(websiteId) ?? false)
    && axis(d.menuItemShowMode ?? 'default', !!menuItemId && (d.fk?.menuItems?.includes(menuItemId) ?? false))
    && axis(d.pathShowMode ?? 'default', (d.paths ?? []).some((prefix) => p === normalizePath(prefix) || p.startsWith(`${normalizePath(prefix)}/`)));
}

export async function drawBlock(type: string, settings: Record<string, unknown>, o: DrawOptions): Promise<string> {
  const block = o.catalogue.get(type);
  if (!block) return '';
  try {
    return await block.draw(withDefaults(block.params, settings), o.env);
  } catch (err) {
    o.env.ctx.log.warn({ err, block: type }, 'websites: a block failed to draw');
    return '';
  }
}

async function drawContent(c: LayoutContent, o: DrawOptions): Promise<string> {
  if (c.main && o.main !== undefined) return o.main;
  const settings = { ...(c.settings ?? {}), ...(o.overrides?.get(c.uuid) ?? {}) };
  const inner = await drawBlock(c.type, settings, o);
  if (!inner) return '';
  return c.style ? html`<div${styleAttrs(c.style, 'c-block')}>${rawHtml(inner)}</div>`.value : inner;
}

async function drawLocation(name: string | undefined, o: DrawOptions): Promise<string> {
  if (!name) return '';
  const parts: string[] = [];
  for (const b of o.stored.get(name) ?? []) {
    if (!shown(b.displaySettings, o.env.website._id, o.menuItemId, o.env.place.path)) continue;
    parts.push(await drawBlock(b.type, b.settings, o));
  }
  return parts.join('');
}

const colClass = (size: number | undefined) => (size ? `c-col c-col-${size}` : 'c-col');

export async function drawTree(tree: LayoutContainer[] | undefined, o: DrawOptions): Promise<string> {
  const out: SafeHtml[] = [];
  for (const container of tree ?? []) {
    const rows: SafeHtml[] = [];
    for (const row of container.rows ?? []) {
      const cols: SafeHtml[] = [];
      for (const col of row.cols ?? []) {
        const contents = [...(col.contents ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
        const drawn = (await Promise.all(contents.map((c) => drawContent(c, o)))).join('') + await drawLocation(col.locationName, o);
        cols.push(html`<div${styleAttrs(col.style, colClass(col.size))}>${rawHtml(drawn)}</div>`);
      }
      rows.push(html`<div${styleAttrs(row.style, 'c-row')}>${cols}</div>`);
    }
    const located = await drawLocation(container.locationName, o);
    out.push(html`<div${styleAttrs(container.style, container.fluid ? 'c-container-fluid' : 'c-container')}>${rows}${rawHtml(located)}</div>`);
  }
  return out.map((s) => s.value).join('');
}
