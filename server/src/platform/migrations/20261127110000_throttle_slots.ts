/**
 * Throttling slots (server/src/auth/throttle-store.ts `takeSlot`): when the next password check of
 * a throttled key may run. Past its free checks a key lets one check through at a time; the row of
 * its slot keeps `nextAt` (ms since the epoch), `hits` counting the slots taken.
 */
import type { Migration } from '@comptoir/sdk';
import { THROTTLE_TABLE } from '../../entities/platform.ts';

export const throttleSlots: Migration = {
  name: '20261127110000_throttle_slots',
  async up(db) {
    await db.schema.alterTable(THROTTLE_TABLE, (t) => {
      t.bigInteger('nextAt');
    });
  },
  async down(db) {
    await db.schema.alterTable(THROTTLE_TABLE, (t) => {
      t.dropColumn('nextAt');
    });
  },
};
