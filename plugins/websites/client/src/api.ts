/** What the screens know of the API of « Sites web » (mounted under /api/websites). */

/** The collections, as the shell's API client and useList take them (without /api). */
export const WEBSITES = '/websites/websites';
export const MENUS = '/websites/menus';
export const MENU_ITEMS = '/websites/menu-items';
export const ARTICLES = '/websites/articles';
export const TEMPLATES = '/websites/templates';
export const VARIANTS = '/websites/variants';
export const LAYOUTS = '/websites/layouts';
export const BLOCK_TYPES = '/websites/block-types';
export const READ = 'websites.websites.read';
export const MANAGE = 'websites.websites.manage';
export const WRITE_ARTICLES = 'websites.articles.write';

/** Types only: the remote bundles no schema. */
export type { Article, Menu, MenuItem, PageLayout, Template, TemplateVariant, Website } from '../../schemas/index.ts';

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}
