/**
 * The website builder's extension point for blocks (docs/architecture.md « Extension points »):
 * any plugin adds a block that companies place on their public pages — opening hours from
 * establishments, a booking form, a survey — without depending on the `websites` plugin. The
 * point is declared here, in the SDK, so that a contributor imports nothing of `websites`; its
 * owner (the plugin that declares and reads it) is `websites`: when it is not installed the
 * contributions are left aside.
 *
 * A block renders to HTML on the server, in the contributing plugin's context for the site's
 * company (read-only, no transaction): it reads its own tables and the platform's services. The
 * owner escapes nothing for it: build the HTML with `html` below (every interpolation escaped),
 * and know that the owner sanitises the result again (no script, no inline handler, no style
 * element reaches a visitor).
 */
import { defineExtensionPoint } from './contracts.ts';
import type { CallContext } from './context.ts';

/** Where a block is offered in the editor (spec 001 §2 « Website block placement categories »). */
export const BLOCK_CATEGORIES = ['content', 'navigation', 'presentation', 'presentation_header', 'business'] as const;
export type BlockCategory = (typeof BLOCK_CATEGORIES)[number];

/** The kinds of a block setting (spec 001 §3 « Block setting kinds »). */
export const BLOCK_SETTING_KINDS = [
  'boolean', 'string', 'rich-text', 'id', 'ids', 'date', 'number', 'gradient', 'color', 'custom', 'auto', 'param-section',
] as const;
export type BlockSettingKind = (typeof BLOCK_SETTING_KINDS)[number];

/** A condition on another setting of the same block: `show` hides the param, `highlight` stresses it. */
export interface BlockParamCondition {
  param: string;
  equals?: unknown;
  notEquals?: unknown;
}

/** One setting of a block type, as the editor shows it (a GrapesJS trait) and the renderer reads it. */
export interface BlockParam {
  name: string;
  /** French label */
  label: string;
  kind: BlockSettingKind;
  default?: unknown;
  /** allowed values of a `string` or `number` setting */
  choices?: { value: string | number; label: string }[];
  /** for `id` / `ids`: the collection named (`kernel.establishments`, `websites.articles`) */
  entity?: string;
  min?: number;
  max?: number;
  /** `param-section`: the params it groups */
  params?: BlockParam[];
  show?: BlockParamCondition;
  highlight?: BlockParamCondition;
}

/** What a block knows of where it is drawn. */
export interface BlockPlace {
  companyId: string;
  websiteId: string;
  /** the page's path (`/horaires`) */
  path: string;
  /** the page's query (a list's `page`) */
  query: Record<string, string | undefined>;
  now: Date;
}

/** A block type contributed by a plugin (its identifier is `<plugin>.<identifier>` on pages). */
export interface WebsiteBlockContribution {
  /** kebab-case, unique in the plugin */
  identifier: string;
  /** French name and description, for the editor */
  name: string;
  description?: string;
  category: BlockCategory;
  params: BlockParam[];
  /** HTML of the block with its settings (defaults of `params` already applied) */
  render(ctx: CallContext, settings: Record<string, unknown>, place: BlockPlace): Promise<string> | string;
}

const KEY = /^[a-z][a-z0-9-]*$/;

export const websiteBlocks = defineExtensionPoint<WebsiteBlockContribution>({
  id: 'websites.blocks',
  description: 'A block of the public website pages, rendered to HTML on the server by the contributing plugin',
  validate: (b) => {
    if (typeof b.identifier !== 'string' || !KEY.test(b.identifier)) return `website block: identifier « ${String(b.identifier)} » must be kebab-case`;
    if (typeof b.name !== 'string' || !b.name.trim()) return `website block « ${b.identifier} »: a French name is required`;
    if (!(BLOCK_CATEGORIES as readonly string[]).includes(b.category)) return `website block « ${b.identifier} »: category must be one of ${BLOCK_CATEGORIES.join(', ')}`;
    for (const p of b.params ?? []) {
      if (!(BLOCK_SETTING_KINDS as readonly string[]).includes(p.kind)) return `website block « ${b.identifier} »: param « ${p.name} » has an unknown kind « ${String(p.kind)} »`;
    }
    return typeof b.render === 'function' ? null : `website block « ${b.identifier} »: render(ctx, settings, place) is required`;
  },
});

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside an HTML element or a quoted attribute. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const RAW = Symbol.for('comptoir.html');

/** HTML already built (by `html`): interpolated as is. */
export interface SafeHtml { readonly [RAW]: true; readonly value: string; toString(): string }

export const rawHtml = (value: string): SafeHtml => ({ [RAW]: true, value, toString: () => value });

const isSafe = (v: unknown): v is SafeHtml => !!v && typeof v === 'object' && (v as Record<symbol, unknown>)[RAW] === true;

/**
 * A tagged template that escapes every interpolated value, except what `html` itself (or
 * `rawHtml`) made; a list is joined. `html\`<p>${name}</p>\`` never lets `name` open a tag.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  values.forEach((v, i) => {
    const part = (x: unknown): string => (isSafe(x) ? x.value : Array.isArray(x) ? x.map(part).join('') : escapeHtml(x));
    out += part(v) + strings[i + 1];
  });
  return rawHtml(out);
}
