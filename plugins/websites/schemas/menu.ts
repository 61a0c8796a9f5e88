/**
 * Menus and their items (spec 001 §3 « Menu », « MenuItem », §2 the path rule, §5 its checks).
 * An item's path is its `alias` when it has one, else its path template (`pathTemplate`, or that
 * of the item named by `fk.path`) whose `:segments` are replaced by the item's settings.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Str, StrEnum, Text } from '@comptoir/schemas';

export const Menu = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  /** the website's main menu (the navigation blocks draw it by default); one per website */
  main: Type.Boolean({ default: false }),
}, { company: Id(), website: Id() });
export type Menu = Static<typeof Menu>;

/** page: a page drawn with its layout; link: an address elsewhere; articles: a group's article list */
export const MENU_ITEM_TYPES = ['page', 'link', 'articles'] as const;
export const CHANGE_FREQS = ['unset', 'always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const;
/** unset: no <lastmod>; item: the item's last change; content: the newest of the item, its layout and its articles */
export const LAST_MOD_OPTIONS = ['unset', 'item', 'content'] as const;

export const SitemapSettings = Type.Object({
  priority: Type.Optional(Type.Number({ minimum: 0, maximum: 1, default: 0.5 })),
  lastModOption: Type.Optional(StrEnum(LAST_MOD_OPTIONS, { default: 'unset' })),
  changeFreq: Type.Optional(StrEnum(CHANGE_FREQS, { default: 'unset' })),
  /** not in the spec: leave the item out of sitemap.xml */
  excluded: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

/** « ${name} »: letters, digits, underscore or hyphen (spec 001 §5) */
export const VARIABLE_PATTERN = '^\\$\\{[A-Za-z0-9_-]+\\}$';

export const VariableSettings = Type.Object({
  /** the collection whose groups make the items (`websites.articles`) */
  pluginId: Type.Optional(Str()),
  groups: Type.Optional(Type.Array(Id(), { default: [], maxItems: 100 })),
  childrenGroupsIncluded: Type.Optional(Type.Boolean({ default: true })),
  /** the group's field giving the sitemap's <lastmod> (`lastModificationDate`) */
  lastModAttr: Type.Optional(Str()),
  /** the group's field that fills the path's segments and the alias's placeholders: `${name}` */
  variable: Type.Optional(Str()),
}, { additionalProperties: false });
export type VariableSettings = Static<typeof VariableSettings>;

export const MenuItem = Entity({
  name: Str({ minLength: 1 }),
  /** shown in the menu (defaults to the name) */
  label: Type.Optional(Str()),
  type: StrEnum(MENU_ITEM_TYPES, { default: 'page' }),
  /** values of the path template's `:segments`; `url` of a link; SEO `title`, `description` */
  settings: Type.Record(Type.String(), Type.Unknown(), { default: {} }),
  position: Type.Integer({ default: 1 }),
  /** the path itself (`/contact`), or with placeholders of a dynamic item (`/boutique/${name}`) */
  alias: Type.Optional(Str()),
  /** not in the spec by name: the path template (`/produits/:categorie`), used without an alias */
  pathTemplate: Type.Optional(Str()),
  dynamic: Type.Boolean({ default: false }),
  sitemapSettings: Type.Optional(SitemapSettings),
  variableSettings: Type.Optional(VariableSettings),
}, {
  company: Id(),
  /** the websites whose home page this item is */
  homeForWebsites: Type.Array(Id(), { default: [], maxItems: 100 }),
  /** another item whose path template this one uses */
  path: Type.Optional(Id()),
  parent: Type.Optional(Id()),
  menu: Id(),
  layout: Type.Optional(Id()),
  wrapLayout: Type.Optional(Id()),
});
export type MenuItem = Static<typeof MenuItem>;
