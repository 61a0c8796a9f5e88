/** First table of the « Catalogue » plugin. A snapshot of the schema: later changes are new migrations. */
import { createEntityTable, type Migration } from '@comptoir/sdk';

export const init: Migration = {
  name: '20261122015700_init',
  async up(db) {
    await createEntityTable(db, 'catalogue_items', {
      name: 'string',
      description: 'text',
      price: 'money',
      archived: 'bool',
      archivedAt: 'date',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
  },
  async down(db) {
    await db.schema.dropTableIfExists('catalogue_items');
  },
};
