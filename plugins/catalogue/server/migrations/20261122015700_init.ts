/**
 * The catalogue items table. A snapshot of the schema: later changes are new migrations.
 * Indexed behind fk_company (a company's page is one index range): what lists sort and filter on —
 * name, enabled, type, both prices.
 */
import { createEntityTable, type Migration } from '@comptoir/sdk';

export const init: Migration = {
  name: '20261122015700_init',
  async up(db) {
    await createEntityTable(db, 'catalogue_items', {
      name: 'string',
      keywords: 'string',
      shortDescription: 'text',
      longDescription: 'text',
      vat: 'number',
      exclTaxesPrice: 'money',
      inclTaxesPrice: 'money',
      enabled: 'bool',
      type: 'string',
      seoAlias: 'string',
      seoTitle: 'string',
      seoDescription: 'text',
      salesCount: 'number',
      priceIfNotSubjectToVat: 'string',
      attachments: 'json',
      fk_groups: 'json',
    }, {
      companyScoped: true,
      indexes: [
        ['fk_company', 'name', '_id'],
        ['fk_company', 'enabled', 'name'],
        ['fk_company', 'type', '_id'],
        ['fk_company', 'exclTaxesPrice', '_id'],
        ['fk_company', 'inclTaxesPrice', '_id'],
      ],
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists('catalogue_items');
  },
};
