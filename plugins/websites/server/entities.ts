/**
 * The entities of « Sites web » (README « Entities »). Schemas are in schemas/; columns in
 * migrations/20261128100000_websites.ts.
 */
import { defineEntity } from '@comptoir/sdk';
import {
  Article, Block, BlockPreview, Menu, MenuItem, PageLayout, PageTypeDefaultLayout, PageTypeSettings, Template, TemplateVariant, Website,
} from '../schemas/index.ts';
import { normalizeDomain } from './services/sites/domains.ts';

export const PLUGIN_ID = 'websites';

export const Websites = defineEntity({
  plugin: PLUGIN_ID, name: 'websites', table: 'websites_websites', schema: Website, companyScoped: true, label: 'site web',
  // compared with the request's Host: computed whoever writes the domain (the service refuses a bad one first)
  derive: (doc) => ({ normalizedDomain: normalizeDomain(doc.domain) ?? doc.domain.trim().toLowerCase() }),
  references: {
    'fk.template': 'websites.templates', 'fk.variant': 'websites.variants',
    'fk.defaultLayout': 'websites.layouts', 'fk.defaultWrapLayout': 'websites.layouts',
  },
});

export const PageTypeLayouts = defineEntity({
  plugin: PLUGIN_ID, name: 'page-type-layouts', table: 'websites_page_type_layouts', schema: PageTypeDefaultLayout, companyScoped: true,
  label: 'mise en page par type de page', feminine: true,
  references: { 'fk.website': { entity: 'websites.websites', blocksDeletion: false }, 'fk.layout': 'websites.layouts' },
});

export const PageTypeSettingsEntity = defineEntity({
  plugin: PLUGIN_ID, name: 'page-type-settings', table: 'websites_page_type_settings', schema: PageTypeSettings, companyScoped: true,
  label: 'réglage de type de page',
  references: { 'fk.website': { entity: 'websites.websites', blocksDeletion: false }, 'fk.layout': 'websites.layouts' },
});

export const Menus = defineEntity({
  plugin: PLUGIN_ID, name: 'menus', table: 'websites_menus', schema: Menu, companyScoped: true, label: 'menu',
  references: { 'fk.website': 'websites.websites' },
});

export const MenuItems = defineEntity({
  plugin: PLUGIN_ID, name: 'menu-items', table: 'websites_menu_items', schema: MenuItem, companyScoped: true, label: 'élément de menu',
  references: {
    'fk.menu': 'websites.menus', 'fk.parent': 'websites.menu-items', 'fk.path': 'websites.menu-items',
    'fk.layout': 'websites.layouts', 'fk.wrapLayout': 'websites.layouts',
    'fk.homeForWebsites': { entity: 'websites.websites', blocksDeletion: false },
  },
});

export const Layouts = defineEntity({
  plugin: PLUGIN_ID, name: 'layouts', table: 'websites_layouts', schema: PageLayout, companyScoped: true, label: 'mise en page', feminine: true,
  references: { 'fk.group': 'kernel.groups' },
});

export const Blocks = defineEntity({
  plugin: PLUGIN_ID, name: 'blocks', table: 'websites_blocks', schema: Block, companyScoped: true, label: 'bloc',
});

export const BlockPreviews = defineEntity({
  plugin: PLUGIN_ID, name: 'block-previews', table: 'websites_block_previews', schema: BlockPreview, companyScoped: true, label: 'aperçu de bloc',
  noActivity: true, userProps: false,
  references: { 'fk.website': { entity: 'websites.websites', blocksDeletion: false } },
});

/** Server-wide: the templates every company (public) or some companies may use. */
export const Templates = defineEntity({
  plugin: PLUGIN_ID, name: 'templates', table: 'websites_templates', schema: Template, companyScoped: false, label: 'modèle de site',
  references: { 'fk.companies': { entity: 'kernel.companies', blocksDeletion: false } },
});

export const Variants = defineEntity({
  plugin: PLUGIN_ID, name: 'variants', table: 'websites_variants', schema: TemplateVariant, companyScoped: true, label: 'variante de modèle', feminine: true,
});

export const Articles = defineEntity({
  plugin: PLUGIN_ID, name: 'articles', table: 'websites_articles', schema: Article, companyScoped: true, label: 'article',
  references: {
    'fk.groups': { entity: 'kernel.groups', blocksDeletion: false },
    'fk.headerImagesFiles': { entity: 'kernel.files', blocksDeletion: false },
    'fk.attachmentsFiles': { entity: 'kernel.files', blocksDeletion: false },
  },
});

export const ENTITIES = [Websites, PageTypeLayouts, PageTypeSettingsEntity, Menus, MenuItems, Layouts, Blocks, BlockPreviews, Templates, Variants, Articles];
