/**
 * Issue 15, the signed export (README « Signed export »): one signing key per company. The key is
 * made under the company's counters; this unique index is the last guard.
 */
import type { Migration } from '@comptoir/sdk';

const INDEX = 'pos_signing_keys_fk_company_algorithm_unique';

export const signingKeyUnique: Migration = {
  name: '20261215100000_signing_key_unique',
  async up(db) {
    await db.schema.alterTable('pos_signing_keys', (t) => { t.unique(['fk_company', 'algorithm'], { indexName: INDEX }); });
  },
  async down(db) {
    await db.schema.alterTable('pos_signing_keys', (t) => { t.dropUnique(['fk_company', 'algorithm'], INDEX); });
  },
};
