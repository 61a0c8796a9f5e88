/**
 * A company's website (spec 001 §3 « Website », « WebsitePageTypeDefaultLayout »,
 * « WebsitePageTypeSettings »). `normalizedDomain` is computed from `domain` by the server
 * (lower case, IDN in ASCII, no port, no trailing dot) and unique across all companies.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Attachments, Entity, Id, Str, StrEnum, Text } from '@comptoir/schemas';

export const HOSTINGS = ['manual', 'managed'] as const;

/** Not in the spec: what search engines and social networks show of the site. */
export const WebsiteSeo = Type.Object({
  title: Type.Optional(Str()),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  keywords: Type.Optional(Str()),
}, { additionalProperties: false });

export const Website = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  domain: Str({ minLength: 1 }),
  normalizedDomain: Str(),
  enabled: Type.Boolean({ default: true }),
  /** true: robots.txt is written by the server (everything allowed, the sitemap named) */
  autoRobots: Type.Boolean({ default: true }),
  /** robots.txt when autoRobots is false */
  robots: Type.Optional(Type.String({ maxLength: 20000 })),
  /** manual: the owner points the domain and the TLS at this server; managed: the server does (later) */
  hosting: StrEnum(HOSTINGS, { default: 'manual' }),
  https: Type.Boolean({ default: false }),
  letsEncrypt: Type.Boolean({ default: true }),
  attachments: Attachments(),
  /** LiteWebsite's favicon: the uuid of an image among `attachments` */
  favIconId: Type.Optional(Str()),
  seo: Type.Optional(WebsiteSeo),
}, {
  company: Id(),
  template: Type.Optional(Id()),
  variant: Type.Optional(Id()),
  defaultLayout: Type.Optional(Id()),
  defaultWrapLayout: Type.Optional(Id()),
});
export type Website = Static<typeof Website>;

export const WebsiteInput = Type.Object({
  name: Type.Optional(Website.properties.name),
  description: Type.Optional(Website.properties.description),
  domain: Type.Optional(Website.properties.domain),
  enabled: Type.Optional(Type.Boolean()),
  autoRobots: Type.Optional(Type.Boolean()),
  robots: Type.Optional(Website.properties.robots),
  hosting: Type.Optional(Website.properties.hosting),
  https: Type.Optional(Type.Boolean()),
  letsEncrypt: Type.Optional(Type.Boolean()),
  attachments: Type.Optional(Website.properties.attachments),
  favIconId: Type.Optional(Str()),
  seo: Type.Optional(WebsiteSeo),
  fk: Type.Optional(Type.Object({
    template: Type.Optional(Id()), variant: Type.Optional(Id()), defaultLayout: Type.Optional(Id()), defaultWrapLayout: Type.Optional(Id()),
  }, { additionalProperties: false })),
}, { additionalProperties: false });
export type WebsiteInput = Static<typeof WebsiteInput>;

/** The kinds of pages that are not menu items: an article, the list of a group's articles, the 404. */
export const PAGE_TYPES = ['article', 'article-list', 'not-found'] as const;
const PageType = StrEnum(PAGE_TYPES);

export const BlockSettingsOverride = Type.Object({
  blockUUID: Str({ minLength: 1 }),
  settings: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { default: {} })),
}, { additionalProperties: false });

/** The layout of a page type on a website, with settings of some of its blocks replaced. */
export const PageTypeDefaultLayout = Entity({
  pageType: PageType,
  blocksSettingsOverrides: Type.Array(BlockSettingsOverride, { default: [], maxItems: 100 }),
}, { company: Id(), website: Id(), layout: Id() });
export type PageTypeDefaultLayout = Static<typeof PageTypeDefaultLayout>;

export const PageTypeSettings = Entity({
  name: Str({ minLength: 1 }),
  pageTypeId: PageType,
  /** the template's own layout for this page type, when it has one, wins over `fk.layout` */
  useTemplateLayoutIfProvided: Type.Boolean({ default: true }),
}, { company: Id(), website: Id(), layout: Type.Optional(Id()) });
export type PageTypeSettings = Static<typeof PageTypeSettings>;
