/** The demo examples: purchases of the bakery from its providers, numbered, paid and settled like real ones, added once. */
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { ExternalPurchase, Purchase } from '../schemas/index.ts';
import plugin from '../server/index.ts';
import { entryTotals, fetchFec, parseFec } from '../../../test/support/fec.ts';
import { ELIGIBLE_COMPANY, updateCompany } from '../../../test/support/sales.ts';
import { API, bootKernel, ok } from './support.ts';

describe('purchases : exemples de démonstration', function () {
  this.timeout(30000);
  let k: TestKernel;
  // a fixed day, so that the demo's purchases (dated some days back) fall in one fiscal year
  before(async () => { k = await bootKernel({ now: () => new Date('2026-05-04T09:30:00.000Z') }); });
  after(async () => { await k?.stop(); });

  const seed = () => k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => plugin.seedDemo!(ctx), 'purchases');

  it('ajoute farine, beurre et emballages chez leurs fournisseurs, et une commande en ligne, une seule fois', async () => {
    await seed();
    await seed();
    const purchases = (await ok<{ data: Purchase[] }>(k.http.get(`${API}/purchases`, { query: { sort: { field: 'number', ascending: true } } }))).data;
    expect(purchases.map((p) => [p.numberFull, p.providerName, p.status])).to.deep.equal([
      ['0000001', 'Moulin de la Vallée', 'paid'],
      ['0000002', 'Laiterie des Monts', 'partially_paid'],
      ['0000003', 'Emballages du Rhône', 'emitted'],
    ]);
    expect(purchases[0]).to.include({ inclTaxesPrice: 316.78, paidAmount: 316.78, unpaidAmount: 0 });
    const orders = (await ok<{ data: ExternalPurchase[] }>(k.http.get(`${API}/external-purchases`))).data;
    expect(orders).to.have.length(1);
    expect(orders[0]).to.include({ paidAmount: 48.8, unpaidAmount: 0 });
    expect((await ok<{ count: number }>(k.http.get('/api/contacts/providers'))).count).to.equal(3);
  });

  it('met les achats de démonstration dans un FEC équilibré', async () => {
    await updateCompany(k, ELIGIBLE_COMPANY);
    const fec = await fetchFec(k.http, '2026');
    expect(fec.status, JSON.stringify(fec.error)).to.equal(200);
    const { records } = parseFec(fec.text);
    // three purchases (the online order is not linked to any: booked too), four payments to suppliers
    expect(new Set(records.filter((r) => r.JournalCode === 'AC').map((r) => r.EcritureNum)).size).to.equal(4);
    expect(new Set(records.filter((r) => r.JournalCode === 'BQ' && r.CompteNum === '401000').map((r) => r.EcritureNum)).size).to.be.greaterThan(1);
    for (const [num, t] of entryTotals(records)) expect(t.debit.toFixed(2), `écriture ${num}`).to.equal(t.credit.toFixed(2));
  });
});
