/** The demo examples: the bakery's categories, current account, a few operations classified by its rules, once. */
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import plugin from '../server/index.ts';
import { API, bootKernel, expectConsistent, ok } from './support.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON answers
type Json = any;

describe('banking: demo examples', function () {
  this.timeout(30000);
  let k: TestKernel;
  before(async () => { k = await bootKernel({ now: () => new Date('2026-05-20T09:30:00.000Z') }); });
  after(async () => { await k?.stop(); });

  const seed = () => k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => plugin.seedDemo!(ctx), 'banking');

  it('adds an account, its operations, categories, rules and a contract, once; the rules classified the electricity', async () => {
    await seed();
    await seed();
    const accounts = (await ok(k.http.get(`${API}/accounts`))).data;
    expect(accounts).to.have.length(1);
    const ops = (await ok(k.http.get(`${API}/operations`, { query: { sort: { field: 'dateOperation', ascending: true } } }))).data;
    expect(ops).to.have.length(8);
    // 8420.35 typed, then the operations of the last two months
    expect(accounts[0].balance).to.equal(10334.16);
    const edf = ops.filter((o: Json) => o.label === 'Électricité (EDF)');
    expect(edf.map((o: Json) => [o.dateOperation.slice(0, 10), o.amount, o.transactionMode])).to.deep.equal([['2026-04-05', -312.48, 'debit'], ['2026-05-05', -298.12, 'debit']]);
    expect(ops.find((o: Json) => o.label.startsWith('Carte MOULINS'))).to.deep.include({ label: 'Carte MOULINS BOURGEOIS', transactionMode: 'cb' });
    expect((await ok(k.http.get(`${API}/rules`))).count).to.equal(2);
    expect((await ok(k.http.get(`${API}/contracts`))).data[0].nextPayments[0]).to.equal('2026-06-10');
    expect((await ok(k.http.get(`${API}/months`))).data.map((m: Json) => m.date)).to.deep.equal(['2026-04', '2026-05']);
    await expectConsistent(k);
  });
});
