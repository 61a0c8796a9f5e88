/** Backups of the server (platform README « Backups »): server-wide, no company. */
import type { Migration } from '@comptoir/sdk';
import { createEntityTable } from '@comptoir/sdk';

export const backups: Migration = {
  name: '20261124140100_backups',
  async up(db) {
    await createEntityTable(db, 'kernel_backups', {
      name: 'string', serverName: 'string', date: 'date', storageSize: 'int', databaseSize: 'int',
    }, { unique: [['name']], indexes: [['date', '_id']] });
  },
  async down(db) {
    await db.schema.dropTableIfExists('kernel_backups');
  },
};
