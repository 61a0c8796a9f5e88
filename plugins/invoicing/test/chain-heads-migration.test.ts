/**
 * Migration 20261125130000 (SQLite and MariaDB): the columns of the chain heads and of the chart,
 * `down` then `up`, and the heads filled from the documents already chained, so that a company
 * emitting before the upgrade has its chain's end vouched for from then on.
 */
import { expect } from 'chai';
import { missingColumns, type TestKernel } from '@comptoir/sdk/testing';
import { AccountingSettingsEntity, ChainHeads } from '../server/entities.ts';
import { chainHeadsAndAccounting } from '../server/migrations/20261125130000_chain_heads_and_accounting.ts';
import { API, bootKernel, emitted, makeEligible, pay } from './support.ts';

describe('invoicing : migration des têtes de chaîne et du plan comptable', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
  });
  after(async () => { await k?.stop(); });

  it('a une colonne pour chaque champ, et remplit les têtes depuis les documents déjà chaînés', async () => {
    expect(await missingColumns(k.db, [ChainHeads, AccountingSettingsEntity])).to.deep.equal([]);
    const first = await emitted(k.http);
    const second = await emitted(k.http);
    await pay(k.http, first._id, 1, 'cash');
    const payment = (await k.http.get(`${API}/payments`)).body.data[0];
    const heads = async () => (await k.db('invoicing_chain_heads').where('fk_company', k.admin.companyId).orderBy('chain'))
      .map((h: Record<string, unknown>) => [h.chain, h.lastId, Number(h.lastNumber), h.lastNumberFull, h.lastHash]);
    const written = await heads();
    expect(written).to.deep.equal([
      ['invoice', second._id, second.number, second.numberFull, second.hash],
      ['payment', payment._id, payment.number, payment.numberFull, payment.hash],
    ]);

    await chainHeadsAndAccounting.down(k.db);
    expect(await k.db.schema.hasTable('invoicing_chain_heads')).to.equal(false);
    expect(await k.db.schema.hasTable('invoicing_accounting_settings')).to.equal(false);
    await chainHeadsAndAccounting.up(k.db);
    expect(await heads()).to.deep.equal(written);
    expect(await missingColumns(k.db, [ChainHeads, AccountingSettingsEntity])).to.deep.equal([]);
    expect((await k.http.get(`${API}/integrity`)).body).to.deep.equal({ valid: true, checked: 3, firstBroken: null });
  });
});
