/** Documents of the files browser (platform README « Files and attachments »: File). */
import type { Migration } from '@comptoir/sdk';
import { createEntityTable } from '@comptoir/sdk';

export const files: Migration = {
  name: '20261124130000_files',
  async up(db) {
    await createEntityTable(db, 'kernel_files', {
      name: 'string', description: 'text', type: 'string', attachments: 'json', size: 'number', fk_group: 'id',
    }, {
      companyScoped: true,
      // the browser lists by name, by size, by date, and by group
      indexes: [['fk_company', 'name', '_id'], ['fk_company', 'size', '_id'], ['fk_company', 'fk_group', '_id']],
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists('kernel_files');
  },
};
