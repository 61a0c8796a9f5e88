/** The migration snapshot against the entity schemas, and `down` undoes `up`; the demo seed. */
import { expect } from 'chai';
import { migrationRoundTrip, missingColumns, type TestKernel } from '@comptoir/sdk/testing';
import { Bookers, Bookings, Rooms } from '../server/entities.ts';
import { booking } from '../server/migrations/20261128010000_booking.ts';
import { bootKernel } from './support.ts';

const ENTITIES = [Rooms, Bookers, Bookings];

describe('booking : migrations', function () {
  this.timeout(180_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('a une colonne pour chaque champ de ses entités', async () => {
    expect(await missingColumns(k.db, ENTITIES)).to.deep.equal([]);
  });

  it('défait et refait ses tables', async () => {
    expect(await migrationRoundTrip(k.db, ENTITIES, [booking])).to.deep.equal({ tablesLeft: [], missing: [] });
  });
});
