/** The migration snapshot against the entity schemas, and `down` undoes `up`. */
import { expect } from 'chai';
import { migrationRoundTrip, missingColumns, type TestKernel } from '@comptoir/sdk/testing';
import { Counters, Results, Surveys } from '../server/entities.ts';
import { surveys } from '../server/migrations/20261128002434_surveys.ts';
import { bootKernel } from './support.ts';

const ENTITIES = [Surveys, Results, Counters];

describe('surveys : migrations', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('a une colonne pour chaque champ de ses entités', async () => {
    expect(await missingColumns(k.db, ENTITIES)).to.deep.equal([]);
  });

  it('défait et refait ses tables', async () => {
    expect(await migrationRoundTrip(k.db, ENTITIES, [surveys])).to.deep.equal({ tablesLeft: [], missing: [] });
  });
});
