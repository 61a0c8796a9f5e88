/** External purchases over HTTP: totals, paid / unpaid from their payments, links with purchases both ways, isolation. */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { ExternalPurchase, Purchase } from '../schemas/index.ts';
import type { Payment } from '@comptoir/schemas';
import { paymentHash } from '@comptoir/sdk';
import { API, bootKernel, createExternal, createPurchase, ok, pay, secondCompany, tableCounts, unknownId } from './support.ts';

const getExternal = async (k: TestKernel, id: string) => ok<ExternalPurchase>(k.http.get(`${API}/external-purchases/${id}`));
const getPurchase = async (k: TestKernel, id: string) => ok<Purchase>(k.http.get(`${API}/purchases/${id}`));

describe('purchases : achats en ligne', function () {
  this.timeout(60000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('calcule lignes et totaux (livraison comprise) ; payé et restant depuis ses paiements, sans statut', async () => {
    const order = await createExternal(k.http, {
      orderNumber: 'CMD-557301', url: 'https://www.example.com/commandes/557301', inclTaxesDeliveryPrice: 6.9,
      deliveryAddress: { address: '12 rue de la Paix', zipCode: '75002', city: 'Paris' },
      items: [
        { label: 'Thermomètre de cuisson', quantity: 1, vat: 20, inclTaxesPrice: 24.9, thumbnailUrl: 'https://www.example.com/t.jpg' },
        { label: 'Poches à douille', quantity: 2, vat: 20, inclTaxesPrice: 8.5, seller: 'Pâtisserie Direct' },
      ],
      paymentModes: [{ paymentMode: 'cb', amount: 30 }],
    });
    expect(order.items[0]).to.deep.include({ label: 'Thermomètre de cuisson', exclTaxesPrice: 20.75, thumbnailUrl: 'https://www.example.com/t.jpg' });
    expect(order.items[1]).to.deep.include({ seller: 'Pâtisserie Direct', quantity: 2 });
    expect(order.totals).to.deep.equal({ itemsInclTaxesPrice: 41.9, inclTaxesPrice: 48.8, exclTaxesPrice: 41.82 });
    expect(order).to.include({ vatAmount: 6.98, paidAmount: 30, unpaidAmount: 18.8, origin: 'user', hidePurchaseSuggestions: false });
    expect(order).to.not.have.property('status');
    expect(order.paymentModes).to.have.length(1);
    expect(order.paymentModes[0]).to.include({ paymentMode: 'cb', amount: 30 });
    expect(order.deliveryAddress).to.include({ city: 'Paris', delivery: true });

    const settled = await ok<ExternalPurchase>(pay(k.http, `external-purchases/${order._id}`, 18.8, 'paypal'));
    expect(settled).to.include({ paidAmount: 48.8, unpaidAmount: 0 });
    expect(settled.paymentModes.map((m) => [m.paymentMode, m.amount])).to.deep.equal([['cb', 30], ['paypal', 18.8]]);
    const refunded = await ok<ExternalPurchase>(pay(k.http, `external-purchases/${order._id}`, -8.5, 'paypal'));
    expect(refunded).to.include({ paidAmount: 40.3, unpaidAmount: 8.5 });

    // numbered with the « payment external purchase » counter, in their own chain
    const payments = (await ok<{ data: Payment[] }>(k.http.get(`${API}/external-purchases/${order._id}/payments`))).data;
    expect(payments.map((p) => [p.number, p.source, p.fk.externalPurchase])).to.deep.equal([[1, 'external-purchase', order._id], [2, 'external-purchase', order._id], [3, 'external-purchase', order._id]]);
    let previous: string | null = null;
    for (const p of payments) {
      expect(p.hash).to.equal(paymentHash(previous, p));
      previous = p.hash!;
    }
    // a body never writes paymentModes after creation
    const refused = await k.http.put(`${API}/external-purchases/${order._id}`, { paymentModes: [] });
    expect(refused.status).to.equal(400);
    expect((await k.http.delete(`${API}/external-purchases/${order._id}`)).status).to.equal(409);
  });

  it('garde la TVA annoncée par la boutique, la recalcule quand les lignes changent', async () => {
    const order = await createExternal(k.http, { vatAmount: 4.1 });
    expect(order.vatAmount).to.equal(4.1);
    expect((await ok<ExternalPurchase>(k.http.put(`${API}/external-purchases/${order._id}`, { comment: 'Reçu' }))).vatAmount).to.equal(4.1);
    const changed = await ok<ExternalPurchase>(k.http.put(`${API}/external-purchases/${order._id}`, { items: [{ label: 'Balance', vat: 20, inclTaxesPrice: 36 }] }));
    expect(changed).to.include({ vatAmount: 6, unpaidAmount: 36 });
    expect(changed.totals.exclTaxesPrice).to.equal(30);
  });

  it('lie achats et achats en ligne dans les deux sens, dans la même transaction', async () => {
    const purchase = await createPurchase(k.http);
    const other = await createPurchase(k.http);
    const order = await createExternal(k.http, { fk: { purchases: [purchase._id] } });
    expect((await getPurchase(k, purchase._id)).fk.externalPurchases).to.deep.equal([order._id]);

    // from the purchase's side: another order linked, the first kept
    const second = await createExternal(k.http);
    await ok(k.http.put(`${API}/purchases/${other._id}`, { fk: { externalPurchases: [order._id, second._id] } }));
    expect((await getExternal(k, order._id)).fk.purchases).to.have.members([purchase._id, other._id]);
    expect((await getExternal(k, second._id)).fk.purchases).to.deep.equal([other._id]);

    // unlinked from the order's side
    await ok(k.http.put(`${API}/external-purchases/${order._id}`, { fk: { purchases: [other._id] } }));
    expect((await getPurchase(k, purchase._id)).fk.externalPurchases).to.deep.equal([]);
    expect((await getPurchase(k, other._id)).fk.externalPurchases).to.have.members([order._id, second._id]);

    // a deleted side is forgotten by the other
    expect((await k.http.delete(`${API}/external-purchases/${second._id}`)).status).to.equal(204);
    expect((await getPurchase(k, other._id)).fk.externalPurchases).to.deep.equal([order._id]);
    expect((await k.http.delete(`${API}/purchases/${other._id}`)).status).to.equal(204);
    expect((await getExternal(k, order._id)).fk.purchases).to.deep.equal([]);
  });

  it('refuse un lien inconnu ou d’une autre entreprise, sans rien écrire', async () => {
    const other = await secondCompany(k);
    const foreign = await ok<Purchase>(other.post(`${API}/purchases`, {}), 201);
    const mine = await createPurchase(k.http);
    const before = await tableCounts(k);
    for (const [body, field] of [
      [{ shop: 'Boutique', fk: { purchases: [mine._id, foreign._id] } }, 'fk.purchases.1'],
      [{ shop: 'Boutique', fk: { suggestedPurchases: [unknownId] } }, 'fk.suggestedPurchases.0'],
      [{ shop: 'Boutique', orderDate: '2016-12-31T23:59:60Z' }, 'orderDate'],
      [{ shop: 'Boutique', paymentModes: [{ amount: 1.234 }] }, 'paymentModes.0.amount'],
      [{ shop: 'Boutique', items: [{ label: 'x', quantity: 1e300, inclTaxesPrice: 1e300 }] }, 'items.0.inclTaxesPrice'],
      [{ shop: '' }, 'shop'],
    ] as const) {
      const res = await k.http.post(`${API}/external-purchases`, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.details.map((d: { field: string }) => d.field), JSON.stringify(res.body)).to.include(field);
    }
    expect(await tableCounts(k)).to.deep.equal(before);
    const order = await createExternal(other);
    expect((await k.http.get(`${API}/external-purchases/${order._id}`)).status).to.equal(404);
    expect((await pay(k.http, `external-purchases/${order._id}`, 5)).status).to.equal(404);
    expect((await k.http.put(`${API}/purchases/${mine._id}`, { fk: { externalPurchases: [order._id] } })).status).to.equal(400);
    expect((await getExternal({ http: other } as TestKernel, order._id)).fk.purchases).to.deep.equal([]);
  });
});
