/** The migration snapshot against the entity schemas: every column there, one site per domain across companies, and `down` undoes `up`. */
import { expect } from 'chai';
import { migrationRoundTrip, missingColumns, type TestKernel } from '@comptoir/sdk/testing';
import { ENTITIES } from '../server/entities.ts';
import { websites } from '../server/migrations/20261128100000_websites.ts';
import { bootKernel } from './support.ts';

describe('websites : migrations', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('a une colonne pour chaque champ de ses entités', async () => {
    expect(await missingColumns(k.db, ENTITIES)).to.deep.equal([]);
  });

  it('refuse deux sites du même domaine, même dans deux entreprises (dernier garde-fou sous le service)', async () => {
    const row = (id: string, company: string) => ({
      _id: id, fk_company: company, name: 'x', domain: 'x.fr', normalizedDomain: 'x.fr',
      metadata_creationDate: '2026-01-01T00:00:00.000Z', metadata_lastModificationDate: '2026-01-01T00:00:00.000Z',
    });
    await k.db('websites_websites').insert(row('65f0c0ffee0000000000a001', '65f0c0ffee0000000000cccc'));
    let refused = false;
    try { await k.db('websites_websites').insert(row('65f0c0ffee0000000000a002', '65f0c0ffee0000000000dddd')); } catch { refused = true; }
    expect(refused).to.equal(true);
    await k.db('websites_websites').where('_id', '65f0c0ffee0000000000a001').delete();
  });

  it('défait et refait ses tables', async () => {
    expect(await migrationRoundTrip(k.db, ENTITIES, [websites])).to.deep.equal({ tablesLeft: [], missing: [] });
  });
});
