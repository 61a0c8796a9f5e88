/**
 * The tables of « Sites web » (issue 17): websites, page-type layouts and settings, menus and
 * their items, layouts, stored blocks and previews, templates (server-wide), variants, articles.
 * A snapshot: later changes are new migrations.
 */
import { createEntityTable, type Migration } from '@comptoir/sdk';

const TABLES = [
  'websites_websites', 'websites_page_type_layouts', 'websites_page_type_settings', 'websites_menus', 'websites_menu_items',
  'websites_layouts', 'websites_blocks', 'websites_block_previews', 'websites_templates', 'websites_variants', 'websites_articles',
];

export const websites: Migration = {
  name: '20261128100000_websites',
  async up(db) {
    await createEntityTable(db, 'websites_websites', {
      name: 'string', description: 'text', domain: 'string', normalizedDomain: 'string', enabled: 'bool', autoRobots: 'bool',
      robots: 'text', hosting: 'string', https: 'bool', letsEncrypt: 'bool', attachments: 'json', favIconId: 'string', seo: 'json',
      fk_template: 'id', fk_variant: 'id', fk_defaultLayout: 'id', fk_defaultWrapLayout: 'id',
      // a domain names one site of one company: unique across companies (README « Domains »)
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']], unique: [['normalizedDomain']] });
    await createEntityTable(db, 'websites_page_type_layouts', {
      pageType: 'string', blocksSettingsOverrides: 'json', fk_website: 'id', fk_layout: 'id',
    }, { companyScoped: true, unique: [['fk_company', 'fk_website', 'pageType']] });
    await createEntityTable(db, 'websites_page_type_settings', {
      name: 'string', pageTypeId: 'string', useTemplateLayoutIfProvided: 'bool', fk_website: 'id', fk_layout: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'fk_website']] });
    await createEntityTable(db, 'websites_menus', {
      name: 'string', description: 'text', main: 'bool', fk_website: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'fk_website', 'main']] });
    await createEntityTable(db, 'websites_menu_items', {
      name: 'string', label: 'string', type: 'string', settings: 'json', position: 'int', alias: 'string', pathTemplate: 'string',
      dynamic: 'bool', sitemapSettings: 'json', variableSettings: 'json',
      fk_homeForWebsites: 'json', fk_path: 'id', fk_parent: 'id', fk_menu: 'id', fk_layout: 'id', fk_wrapLayout: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'fk_menu', 'position'], ['fk_company', 'alias']] });
    await createEntityTable(db, 'websites_layouts', {
      name: 'string', description: 'text', contents: 'json', displaySettings: 'json', fk_group: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
    await createEntityTable(db, 'websites_blocks', {
      type: 'string', name: 'string', description: 'text', location: 'string', position: 'int', settings: 'json', displaySettings: 'json',
    }, { companyScoped: true, indexes: [['fk_company', 'location', 'position']] });
    await createEntityTable(db, 'websites_block_previews', {
      lastAccess: 'date', block: 'json', fk_website: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'lastAccess']] });
    await createEntityTable(db, 'websites_templates', {
      identifier: 'string', name: 'string', description: 'text', folder: 'string', author: 'string', version: 'string', website: 'string',
      public: 'bool', boostrap: 'string', params: 'json', jsScripts: 'json', cssFiles: 'json', allowEditorScripts: 'bool', fk_companies: 'json',
    }, { unique: [['identifier']] });
    await createEntityTable(db, 'websites_variants', {
      name: 'string', description: 'text', templateIdentifier: 'string', params: 'json',
    }, { companyScoped: true, indexes: [['fk_company', 'templateIdentifier']] });
    await createEntityTable(db, 'websites_articles', {
      writtenDate: 'date', lastEditedDate: 'date', author: 'string', content: 'text', preview: 'text', title: 'string',
      attachments: 'json', alias: 'string', autoGen: 'json', contents: 'json',
      fk_groups: 'json', fk_headerImagesFiles: 'json', fk_attachmentsFiles: 'json',
    }, { companyScoped: true, indexes: [['fk_company', 'writtenDate', '_id']], unique: [['fk_company', 'alias']] });
  },
  async down(db) {
    for (const t of [...TABLES].reverse()) await db.schema.dropTableIfExists(t);
  },
};
