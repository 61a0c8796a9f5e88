/** Establishments of a company and their opening hours (platform README « Establishments and opening hours »). */
import type { Migration } from '@comptoir/sdk';
import { createEntityTable } from '@comptoir/sdk';

export const establishments: Migration = {
  name: '20261122170000_establishments',
  async up(db) {
    await createEntityTable(db, 'kernel_establishments', {
      name: 'string', description: 'text', address: 'json', website: 'string', tels: 'json',
      regularHours: 'json', specialHours: 'json',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
  },
  async down(db) {
    await db.schema.dropTableIfExists('kernel_establishments');
  },
};
