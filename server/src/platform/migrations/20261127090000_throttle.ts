/**
 * Counters of login and invitation-link throttling (server/src/auth/throttle-store.ts), shared by
 * every kernel process on the database. Keys are SHA-256 hashes: no e-mail nor IP in clear.
 */
import type { Migration } from '@comptoir/sdk';

import { THROTTLE_TABLE } from '../../entities/platform.ts';

export const throttle: Migration = {
  name: '20261127090000_throttle',
  async up(db) {
    await db.schema.createTable(THROTTLE_TABLE, (t) => {
      t.string('throttleKey', 64).primary();
      t.integer('hits').notNullable();
      /** ms since the epoch, as the counters compare them */
      t.bigInteger('windowEnd').notNullable();
      t.bigInteger('lockedAt');
      t.index(['windowEnd'], 'kernel_throttle_window_idx');
      if (db.client.config.client === 'mysql2') {
        t.charset('utf8mb4');
        t.collate('utf8mb4_bin');
      }
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists(THROTTLE_TABLE);
  },
};
