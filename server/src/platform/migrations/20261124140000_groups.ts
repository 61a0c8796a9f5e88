/** Groups of records and their per-collection settings (platform README « Groups »). */
import type { Migration } from '@comptoir/sdk';
import { createEntityTable } from '@comptoir/sdk';

export const groups: Migration = {
  name: '20261124140000_groups',
  async up(db) {
    await createEntityTable(db, 'kernel_groups', {
      pluginIdentifier: 'string', name: 'string', description: 'text', color: 'string', fk_parent: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'pluginIdentifier', 'fk_parent'], ['fk_company', 'fk_parent']] });
    await createEntityTable(db, 'kernel_group_settings', {
      pluginIdentifier: 'string', mode: 'string', maxDepth: 'int', multi: 'bool',
    }, { companyScoped: true, unique: [['fk_company', 'pluginIdentifier']] });
  },
  async down(db) {
    await db.schema.dropTableIfExists('kernel_group_settings');
    await db.schema.dropTableIfExists('kernel_groups');
  },
};
