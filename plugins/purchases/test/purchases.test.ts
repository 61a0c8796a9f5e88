/** Purchases over HTTP: numbering, engine totals, provider snapshot, payments (numbered, hashed), statuses, isolation. */
import { expect } from 'chai';
import type { TestHttp, TestKernel } from '@comptoir/sdk/testing';
import type { Payment } from '@comptoir/schemas';
import type { Purchase } from '../schemas/index.ts';
// the payments' chain is the invoicing plugin's: its own view says what a hash covers
import { paymentHash } from '@comptoir/sdk';
import { API, bootKernel, createProvider, createPurchase, ok, pay, secondCompany, tableCounts, unknownId } from './support.ts';

describe('purchases : achats', function () {
  this.timeout(60000);
  let k: TestKernel;
  let mill: { _id: string; displayName: string };
  before(async () => {
    k = await bootKernel();
    mill = await createProvider(k.http, {
      company: 'Moulin de la Vallée', vatNumber: 'FR12 345 678 901',
      addresses: [{ address: '2 chemin du Moulin', zipCode: '01000', city: 'Bourg-en-Bresse', country: 'France' }],
    });
  });
  after(async () => { await k?.stop(); });

  it('enregistre un achat numéroté, calculé par le moteur, avec l’instantané du fournisseur', async () => {
    const p = await createPurchase(k.http, {
      fk: { provider: mill._id }, invoiceNumber: 'MV-0412', commandOrder: 'BC-31', dueDate: '2026-06-30T12:00:00.000Z',
      items: [
        { labelPrimary: 'Farine T65', quantity: 12, vat: 5.5, exclTaxesPrice: 18.5 },
        { labelPrimary: 'Livraison', quantity: 1, vat: 20, exclTaxesPrice: 25 },
      ],
    });
    expect(p.number).to.equal(1);
    expect(p.numberFull).to.equal('0000001');
    expect(p).to.include({
      // the company's method, rounded-total: 12 × 19,52 = 234,24 TTC → 222,03 HT at 5,5 %; 25 + 5 at 20 %
      exclTaxesPrice: 247.03, vatAmount: 17.21, inclTaxesPrice: 264.24, status: 'emitted', paidAmount: 0, unpaidAmount: 264.24,
      vatRecoveryPercent: 100, recoverableVatAmount: 17.21, forResale: false, invoiceNumber: 'MV-0412', commandOrder: 'BC-31',
      providerName: 'Moulin de la Vallée', subjectToVAT: true, vatCalculationMethod: 'rounded-total',
    });
    expect(p.items[0]).to.include({ inclTaxesPrice: 19.52, type: 'service' });
    expect(p.items[0].uuid).to.be.a('string');
    expect(p.vatDetails.map((d) => d.vat)).to.deep.equal([5.5, 20]);
    expect(p.provider).to.deep.include({ company: 'Moulin de la Vallée', vatNumber: 'FR12 345 678 901' });
    expect(p.provider?.invoicingAddress).to.include({ city: 'Bourg-en-Bresse' });
    expect(p.fk).to.include({ provider: mill._id });
    expect((await createPurchase(k.http)).numberFull).to.equal('0000002');
  });

  it('suit ses paiements : partiel, payé, remboursé ; chaque paiement numéroté et chaîné', async () => {
    const p = await createPurchase(k.http, { fk: { provider: mill._id }, items: [{ labelPrimary: 'Seigle', quantity: 1, vat: 20, inclTaxesPrice: 120 }] });
    const partly = await ok<Purchase>(pay(k.http, `purchases/${p._id}`, 50, 'check'));
    expect(partly).to.include({ status: 'partially_paid', paidAmount: 50, unpaidAmount: 70 });
    const paid = await ok<Purchase>(pay(k.http, `purchases/${p._id}`, 70));
    expect(paid).to.include({ status: 'paid', paidAmount: 120, unpaidAmount: 0 });
    const refunded = await ok<Purchase>(pay(k.http, `purchases/${p._id}`, -120));
    expect(refunded).to.include({ status: 'refund', paidAmount: 0, unpaidAmount: 120 });

    const payments = (await ok<{ data: Payment[] }>(k.http.get(`${API}/purchases/${p._id}/payments`))).data;
    expect(payments.map((x) => [x.amount, x.mode, x.source])).to.deep.equal([[50, 'check', 'purchase'], [70, 'transfer', 'purchase'], [-120, 'transfer', 'purchase']]);
    expect(payments.every((x) => x.fk.purchase === p._id && x.fk.provider === mill._id && x.fk.invoice === null)).to.equal(true);
    // the « payment purchase » counter of the company, its own chain
    const chain = (await ok<{ data: Payment[] }>(k.http.get(`${API}/payments`, {
      query: { filters: { source: { mode: 'eq', value: 'purchase' } }, sort: { field: 'number', ascending: true } },
    }))).data;
    expect(chain.map((x) => x.number)).to.deep.equal([1, 2, 3]);
    let previous: string | null = null;
    for (const x of chain) {
      expect(x.hash, `paiement ${x.numberFull}`).to.equal(paymentHash(previous, x));
      previous = x.hash!;
    }
    const frozen = await k.http.delete(`${API}/payments/${chain[0]._id}`);
    expect(frozen.status).to.equal(409);
    // owned by purchases since issue 12: invoicing's payments list has the invoice payments only
    expect((await ok<{ data: Payment[] }>(k.http.get('/api/invoicing/payments'))).data.filter((x) => x.source === 'purchase')).to.deep.equal([]);
  });

  it('recalcule totaux et statut à la modification ; change d’instantané avec le fournisseur', async () => {
    const p = await createPurchase(k.http, { fk: { provider: mill._id } });
    await ok(pay(k.http, `purchases/${p._id}`, 78.08));
    const more = await ok<Purchase>(k.http.put(`${API}/purchases/${p._id}`, {
      items: [{ labelPrimary: 'Farine T65', quantity: 8, vat: 5.5, exclTaxesPrice: 18.5 }], vatRecoveryPercent: 50,
    }));
    expect(more).to.include({ inclTaxesPrice: 156.16, vatAmount: 8.14, status: 'partially_paid', paidAmount: 78.08, unpaidAmount: 78.08, recoverableVatAmount: 4.07 });
    const dairy = await createProvider(k.http, { company: 'Laiterie des Monts' });
    const moved = await ok<Purchase>(k.http.put(`${API}/purchases/${p._id}`, { fk: { provider: dairy._id }, dueDate: null }));
    expect(moved.providerName).to.equal('Laiterie des Monts');
    expect(moved).to.not.have.property('dueDate');
    const none = await ok<Purchase>(k.http.put(`${API}/purchases/${p._id}`, { fk: { provider: null } }));
    expect(none).to.not.have.property('provider');
    expect(none.providerName).to.equal(undefined);
  });

  it('enregistre les paiements déjà faits avec l’achat, dans la même transaction', async () => {
    const p = await createPurchase(k.http, { items: [{ labelPrimary: 'Beurre', quantity: 10, vat: 5.5, exclTaxesPrice: 10 }], payments: [{ mode: 'cb', amount: 105.5 }] });
    expect(p).to.include({ status: 'paid', paidAmount: 105.5, unpaidAmount: 0 });
    const before = await tableCounts(k);
    const refused = await k.http.post(`${API}/purchases`, { items: [], payments: [{ amount: 5 }, { amount: 0.001 }] });
    expect(refused.status).to.equal(400);
    expect(refused.body.details[0].field).to.equal('payments.1.amount');
    expect(await tableCounts(k)).to.deep.equal(before);
  });

  it('se supprime sans paiement, jamais avec (409)', async () => {
    const p = await createPurchase(k.http);
    expect((await k.http.delete(`${API}/purchases/${p._id}`)).status).to.equal(204);
    expect((await k.http.get(`${API}/purchases/${p._id}`)).status).to.equal(404);
    const paid = await createPurchase(k.http, { payments: [{ amount: 10 }] });
    const refused = await k.http.delete(`${API}/purchases/${paid._id}`);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.match(/paiements enregistrés/);
  });

  it('refuse les références inconnues (400 nommant le champ) sans rien écrire', async () => {
    const before = await tableCounts(k);
    const cases: [Record<string, unknown>, string][] = [
      [{ fk: { provider: unknownId } }, 'fk.provider'],
      [{ fk: { linkedSales: [unknownId] } }, 'fk.linkedSales.0'],
      [{ fk: { externalPurchases: [unknownId] } }, 'fk.externalPurchases.0'],
      [{ date: '2016-12-31T23:59:60Z' }, 'date'],
      [{ items: [{ labelPrimary: 'Lingot', quantity: 1e20, exclTaxesPrice: 1 }] }, 'exclTaxesPrice'],
      [{ payments: [{ amount: 0 }] }, 'payments.0.amount'],
      [{ items: [{ labelPrimary: 'Farine', exclTaxesPrice: 1 }, { labelPrimary: 'Sucre', exclTaxesPrice: 1, itemId: unknownId }] }, 'items.1.itemId'],
    ];
    for (const [body, field] of cases) {
      const res = await k.http.post(`${API}/purchases`, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.details.map((d: { field: string }) => d.field), JSON.stringify(res.body)).to.include(field);
      expect(res.body.message).to.match(/[«éêè’]/);
    }
    expect((await pay(k.http, `purchases/${unknownId}`, 5)).status).to.equal(404);
    expect(await tableCounts(k)).to.deep.equal(before);
  });

  it('reprend une ligne d’un article du catalogue de l’entreprise', async () => {
    const item = await ok<{ _id: string }>(k.http.post('/api/catalogue/items', { name: 'Sucre en poudre (sac de 25 kg)', vat: 5.5, exclTaxesPrice: 21 }), 201);
    const p = await createPurchase(k.http, { items: [{ itemId: item._id, labelPrimary: 'Sucre en poudre (sac de 25 kg)', quantity: 2, vat: 5.5, exclTaxesPrice: 21, type: 'good' }] });
    expect(p.items[0]).to.include({ itemId: item._id, type: 'good' });
    const other = await secondCompany(k, 'Pâtisserie Voisine');
    const refused = await other.post(`${API}/purchases`, { items: [{ itemId: item._id, labelPrimary: 'Sucre', exclTaxesPrice: 21 }] });
    expect(refused.status).to.equal(400);
    expect(refused.body.details[0].field).to.equal('items.0.itemId');
  });

  it('lie un achat aux factures de vente de l’entreprise', async () => {
    const invoice = await ok<{ _id: string }>(k.http.post('/api/invoicing/invoices', { items: [{ labelPrimary: 'Buffet', vat: 10, inclTaxesPrice: 550 }] }), 201);
    const p = await createPurchase(k.http, { fk: { linkedSales: [invoice._id, invoice._id] } });
    expect(p.fk.linkedSales).to.deep.equal([invoice._id]);
    const other = await secondCompany(k);
    const foreign = await ok<{ _id: string }>(other.post('/api/invoicing/invoices', { items: [{ labelPrimary: 'Autre', vat: 20, inclTaxesPrice: 10 }] }), 201);
    const refused = await k.http.put(`${API}/purchases/${p._id}`, { fk: { linkedSales: [invoice._id, foreign._id] } });
    expect(refused.status).to.equal(400);
    expect(refused.body.details[0].field).to.equal('fk.linkedSales.1');
  });

  it('isole les entreprises : ni lecture, ni paiement, ni fournisseur d’une autre', async () => {
    const p = await createPurchase(k.http, { fk: { provider: mill._id } });
    const other: TestHttp = await secondCompany(k, 'Épicerie Durand');
    expect((await other.get(`${API}/purchases/${p._id}`)).status).to.equal(404);
    expect((await other.put(`${API}/purchases/${p._id}`, { comment: 'x' })).status).to.equal(404);
    expect((await pay(other, `purchases/${p._id}`, 5)).status).to.equal(404);
    expect((await other.get(`${API}/purchases/${p._id}/payments`)).status).to.equal(404);
    expect((await other.get(`${API}/purchases`)).body.count).to.equal(0);
    const theirs = await other.post(`${API}/purchases`, { fk: { provider: mill._id } });
    expect(theirs.status).to.equal(400);
    expect(theirs.body.details[0].field).to.equal('fk.provider');
    // numbering is per company
    expect((await createPurchase(other)).numberFull).to.equal('0000001');
  });

  it('liste avec filtres, tri et totaux', async () => {
    const list = await ok<{ count: number; data: Purchase[]; aggregation: Record<string, { sum: number }> }>(k.http.get(`${API}/purchases`, {
      query: {
        filters: { providerName: { mode: 'contains', value: 'moulin' }, status: { mode: 'in', value: ['emitted', 'partially_paid'] } },
        sort: { field: 'inclTaxesPrice', ascending: false },
        aggregations: [{ name: 'unpaid', field: 'unpaidAmount', sum: true }, { name: 'vat', field: 'recoverableVatAmount', sum: true }],
      },
    }));
    expect(list.count).to.be.greaterThan(0);
    expect(list.data.every((p) => p.providerName === 'Moulin de la Vallée' && ['emitted', 'partially_paid'].includes(p.status))).to.equal(true);
    const unpaid = list.data.reduce((s, p) => s + Math.round(p.unpaidAmount * 100), 0) / 100;
    expect(list.aggregation.unpaid.sum).to.equal(unpaid);
  });
});
