/**
 * Issue 14: the search box of the customers, providers and contacts lists through a full-text
 * index (server/src/db/README.md « Search index »): `contains` on `displayName` asks the index
 * instead of scanning every record. Existing records are indexed here; the entities declare the
 * field (`search`).
 */
import { addSearchIndex, dropSearchIndex, type Migration } from '@comptoir/sdk';

const TABLES = ['contacts_customers', 'contacts_providers', 'contacts_contacts'];

export const searchIndex: Migration = {
  name: '20261204120000_search_index',
  async up(db) {
    for (const table of TABLES) await addSearchIndex(db, table, ['displayName']);
  },
  async down(db) {
    for (const table of TABLES) await dropSearchIndex(db, table, ['displayName']);
  },
};
