/** First table of the « Questionnaires » plugin. A snapshot of the schema: later changes are new migrations. */
import { createEntityTable, type Migration } from '@comptoir/sdk';

export const init: Migration = {
  name: '20261128002434_init',
  async up(db) {
    await createEntityTable(db, 'surveys_items', {
      name: 'string',
      description: 'text',
      price: 'money',
      archived: 'bool',
      archivedAt: 'date',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
  },
  async down(db) {
    await db.schema.dropTableIfExists('surveys_items');
  },
};
