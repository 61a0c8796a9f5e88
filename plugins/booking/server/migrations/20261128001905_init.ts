/** First table of the « Réservations » plugin. A snapshot of the schema: later changes are new migrations. */
import { createEntityTable, type Migration } from '@comptoir/sdk';

export const init: Migration = {
  name: '20261128001905_init',
  async up(db) {
    await createEntityTable(db, 'booking_items', {
      name: 'string',
      description: 'text',
      price: 'money',
      archived: 'bool',
      archivedAt: 'date',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
  },
  async down(db) {
    await db.schema.dropTableIfExists('booking_items');
  },
};
