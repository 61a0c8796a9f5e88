/** The table of « Pourboires ». A snapshot of the schema: later changes are new migrations. */
import { createEntityTable, type Migration } from '@comptoir/sdk';

export const init: Migration = {
  name: '20261127120000_init',
  async up(db) {
    await createEntityTable(db, 'tip_jar_tips', {
      amount: 'money',
      date: 'date',
      note: 'string',
    }, { companyScoped: true, indexes: [['fk_company', 'date', '_id']] });
  },
  async down(db) {
    await db.schema.dropTableIfExists('tip_jar_tips');
  },
};
