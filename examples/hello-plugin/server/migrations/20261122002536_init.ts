/** First table of the « Bonjour » plugin. A snapshot of the schema: later changes are new migrations. */
import { createEntityTable, type Migration } from '@comptoir/sdk';

export const init: Migration = {
  name: '20261122002536_init',
  async up(db) {
    await createEntityTable(db, 'hello_people', {
      name: 'string',
      note: 'text',
      greetings: 'int',
      lastGreetedAt: 'date',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
  },
  async down(db) {
    await db.schema.dropTableIfExists('hello_people');
  },
};
