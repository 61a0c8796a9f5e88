/**
 * The path of a menu item (spec 001 §2, §5, §8; README « Paths »), plain functions over plain data:
 * - an alias, when present, is the path (it must start with « / »);
 * - otherwise the path template (the item's `pathTemplate`, or that of the item named by
 *   `fk.path`) must start with « / » — else the spec's « Path must start with / (slash) » — and each
 *   segment starting with « : » is replaced by the item's setting of that name;
 * - a dynamic item takes, for each of its groups, the group's field named by its variable
 *   (`${name}`): in its alias's `${…}` placeholders and its template's `:segments`.
 */
import { badRequest } from '@comptoir/sdk';
import {
  ALIAS_SLASH, BAD_ALIAS_PLACEHOLDER, BAD_SEGMENT, BAD_VARIABLE, DYNAMIC_NEEDS_GROUPS, LINK_URL, NO_PATH, PATH_MUST_START_WITH_SLASH,
  PATH_TEMPLATE_SLASH, missingSegment,
} from '../../messages.ts';

export interface PathItem {
  type?: string;
  alias?: string;
  pathTemplate?: string;
  settings?: Record<string, unknown>;
  dynamic?: boolean;
  variableSettings?: { groups?: string[]; variable?: string };
}

const SEGMENT_NAME = /^[A-Za-z0-9_-]+$/;
const VARIABLE = /^\$\{([A-Za-z0-9_-]+)\}$/;
const PLACEHOLDER = /\$\{([^}]*)\}/g;

/** `https://…`, `mailto:`, `tel:` or a path of the site: the addresses a link may point to */
export const isLinkTarget = (url: unknown): url is string => typeof url === 'string' && /^(https?:\/\/[^\s"'<>]+|mailto:[^\s"'<>]+|tel:[+0-9 .()-]+|\/[^\s"'<>]*)$/i.test(url);

/** the name in `${name}`, or null */
export const variableName = (variable: string | undefined): string | null => (variable ? VARIABLE.exec(variable)?.[1] ?? null : null);

/** A value made a path segment: lower case, accents folded, anything else `-`. */
export function slugify(value: unknown): string {
  return String(value ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120);
}

/** The segment names of a template (`/produits/:categorie/:id` → categorie, id); a bare « : » is refused. */
export function templateSegments(template: string): string[] {
  const out: string[] = [];
  for (const part of template.split('/')) {
    if (!part.startsWith(':')) continue;
    const name = part.slice(1);
    if (!SEGMENT_NAME.test(name)) throw badRequest(BAD_SEGMENT, [{ field: 'pathTemplate', message: BAD_SEGMENT }]);
    out.push(name);
  }
  return out;
}

/** The checks of an item as written (400 naming the field, the spec's sentence as the detail where it applies). */
export function checkItemPath(item: PathItem, inheritedTemplate?: string): void {
  if (item.type === 'link') {
    if (!isLinkTarget(item.settings?.url)) throw badRequest(LINK_URL, [{ field: 'settings.url', message: LINK_URL }]);
    return;
  }
  if (item.dynamic) {
    const vs = item.variableSettings;
    if (!vs?.groups?.length) throw badRequest(DYNAMIC_NEEDS_GROUPS, [{ field: 'variableSettings.groups', message: DYNAMIC_NEEDS_GROUPS }]);
    if (!variableName(vs.variable)) throw badRequest(BAD_VARIABLE, [{ field: 'variableSettings.variable', message: BAD_VARIABLE }]);
  }
  if (item.alias !== undefined && item.alias !== '') {
    if (!item.alias.startsWith('/')) throw badRequest(ALIAS_SLASH, [{ field: 'alias', message: PATH_MUST_START_WITH_SLASH }]);
    for (const m of item.alias.matchAll(PLACEHOLDER)) {
      if (!item.dynamic || !SEGMENT_NAME.test(m[1])) throw badRequest(BAD_ALIAS_PLACEHOLDER, [{ field: 'alias', message: BAD_ALIAS_PLACEHOLDER }]);
    }
    return;
  }
  const template = item.pathTemplate || inheritedTemplate;
  if (template === undefined || template === '') throw badRequest(NO_PATH, [{ field: 'pathTemplate', message: NO_PATH }]);
  if (!template.startsWith('/')) throw badRequest(PATH_TEMPLATE_SLASH, [{ field: 'pathTemplate', message: PATH_MUST_START_WITH_SLASH }]);
  const segments = templateSegments(template);
  if (item.dynamic) return;
  for (const name of segments) {
    const v = item.settings?.[name];
    if (v === undefined || v === null || v === '') throw badRequest(missingSegment(name), [{ field: `settings.${name}`, message: missingSegment(name) }]);
  }
}

/**
 * The path of a checked item (null for a link). `value` is the group field of a dynamic item's
 * expansion: it fills every `:segment` and `${…}` placeholder.
 */
export function itemPath(item: PathItem, inheritedTemplate?: string, value?: unknown): string | null {
  if (item.type === 'link') return null;
  if (item.alias) {
    return value === undefined ? item.alias : item.alias.replace(PLACEHOLDER, () => slugify(value));
  }
  const template = item.pathTemplate || inheritedTemplate || '/';
  return template.split('/').map((part) => {
    if (!part.startsWith(':')) return part;
    const v = value !== undefined ? value : item.settings?.[part.slice(1)];
    return encodeURIComponent(value !== undefined ? slugify(v) : String(v));
  }).join('/');
}

/** `/Contact/` → `/contact`: how paths are compared (the request's and the items'). */
export function normalizePath(p: string): string {
  const trimmed = p.replace(/\/+$/, '');
  return (trimmed || '/').toLowerCase();
}
