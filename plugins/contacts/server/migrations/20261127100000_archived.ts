/**
 * Archived customers, providers and contacts (README « Archiving »): a boolean column, false for
 * every existing record, indexed behind fk_company with the list's default order, so that the
 * default list (archived ones left out) stays one index range.
 */
import type { Migration } from '@comptoir/sdk';

const TABLES = ['contacts_customers', 'contacts_providers', 'contacts_contacts'] as const;
const indexName = (table: string) => `${table}_archived_idx`;

export const archived: Migration = {
  name: '20261127100000_archived',
  async up(db) {
    for (const table of TABLES) {
      await db.schema.alterTable(table, (t) => {
        t.boolean('archived').notNullable().defaultTo(false);
        t.index(['fk_company', 'archived', 'displayName', '_id'], indexName(table));
      });
    }
  },
  async down(db) {
    for (const table of TABLES) {
      await db.schema.alterTable(table, (t) => {
        t.dropIndex(['fk_company', 'archived', 'displayName', '_id'], indexName(table));
        t.dropColumn('archived');
      });
    }
  },
};
