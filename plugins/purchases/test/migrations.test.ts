/** The migration snapshot against the entity schemas: every column there, numbers unique, and `down` undoes `up`. */
import { expect } from 'chai';
import { missingColumns, type TestKernel } from '@comptoir/sdk/testing';
// the kernel's own check (a built-in plugin may reach into the checkout's server)
import { ExternalPurchases, Purchases } from '../server/entities.ts';
import { purchases } from '../server/migrations/20261125110000_purchases.ts';
import { searchIndex } from '../server/migrations/20261204120000_search_index.ts';
import { bootKernel } from './support.ts';

const TABLES = ['purchases_purchases', 'purchases_external_purchases'];

describe('purchases : migrations', function () {
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('a une colonne pour chaque champ des deux entités', async () => {
    expect(await missingColumns(k.db, [Purchases, ExternalPurchases])).to.deep.equal([]);
  });

  it('refuse deux achats de même numéro dans une entreprise (dernier garde-fou sous le compteur)', async () => {
    const row = (id: string) => ({
      _id: id, fk_company: '65f0c0ffee0000000000cccc', number: 7, numberFull: 'A7',
      metadata_creationDate: '2026-01-01T00:00:00.000Z', metadata_lastModificationDate: '2026-01-01T00:00:00.000Z',
    });
    await k.db('purchases_purchases').insert(row('65f0c0ffee0000000000a001'));
    let refused = false;
    try { await k.db('purchases_purchases').insert(row('65f0c0ffee0000000000a002')); } catch { refused = true; }
    expect(refused).to.equal(true);
    await k.db('purchases_purchases').where('_id', '65f0c0ffee0000000000a001').delete();
  });

  it('défait et refait ses tables', async () => {
    await searchIndex.down(k.db);
    expect(await k.db.schema.hasColumn('purchases_purchases', 'providerName__fold')).to.equal(false);
    await purchases.down(k.db);
    for (const t of TABLES) expect(await k.db.schema.hasTable(t)).to.equal(false);
    await purchases.up(k.db);
    await searchIndex.up(k.db);
    expect(await missingColumns(k.db, [Purchases, ExternalPurchases])).to.deep.equal([]);
  });
});
