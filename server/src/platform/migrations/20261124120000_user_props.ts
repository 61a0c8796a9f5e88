/** User properties (platform README « User properties »): definitions, server-wide or per company. */
import type { Migration } from '@comptoir/sdk';
import { createEntityTable } from '@comptoir/sdk';

export const userProps: Migration = {
  name: '20261124120000_user_props',
  async up(db) {
    await createEntityTable(db, 'kernel_user_props', {
      fk_company: 'id', fk_companies: 'json',
      name: 'string', variable: 'string', description: 'text', type: 'string', multiple: 'bool', mask: 'string',
      index: 'bool', filter: 'bool', pluginIdentifier: 'string', fullTextSearch: 'bool', fullTextWeight: 'number',
      editionPlacement: 'string', editionPosition: 'int', listPlacement: 'string', listPosition: 'int',
      cardPlacement: 'string', cardPosition: 'int', container: 'string', required: 'bool', defaultValue: 'json',
      selectOptions: 'json', applyForAllCompanies: 'bool', server: 'bool', allowCompaniesToUseThisProperty: 'bool',
      min: 'number', max: 'number', minValues: 'int', maxValues: 'int',
    }, {
      // every write of a record reads the definitions of its collection and company through this
      indexes: [['pluginIdentifier', 'fk_company', '_id']],
      // one variable per collection and company (server properties: checked by the service)
      unique: [['pluginIdentifier', 'fk_company', 'variable']],
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists('kernel_user_props');
  },
};
