/**
 * What may be paid on a purchase or an online order (issue 11, item 5, as on invoices): a refund
 * never takes back more than was paid, paying more than what remains needs `confirmOverpayment`,
 * and a purchase with something left to pay is never « paid ». Refusals are 409 in French and
 * change nothing.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { ExternalPurchase, Purchase } from '../schemas/index.ts';
import { totalBelowPaid } from '../server/messages.ts';
import { API, bootKernel, createExternal, createPurchase, ok, tableCounts } from './support.ts';

describe('purchases : paiements plafonnés et trop-payé confirmé', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  const figures = (p: Purchase) => ({ paidAmount: p.paidAmount, unpaidAmount: p.unpaidAmount, status: p.status });

  it('un achat de 120 € : 1 000 € refusés sans confirmation, acceptés confirmés ; un remboursement au-delà du payé refusé', async () => {
    const p = await createPurchase(k.http, { items: [{ labelPrimary: 'Four', quantity: 1, vat: 20, inclTaxesPrice: 120 }] });
    const before = await tableCounts(k);
    const refused = await k.http.post(`${API}/purchases/${p._id}/payments`, { amount: 1000, mode: 'transfer' });
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal('Ce paiement dépasse de 880,00 € le reste à payer (120,00 €) : confirmez le trop-payé pour l’enregistrer quand même.');
    expect(await tableCounts(k)).to.deep.equal(before);
    const over = await ok<Purchase>(k.http.post(`${API}/purchases/${p._id}/payments`, { amount: 1000, mode: 'transfer', confirmOverpayment: true }));
    expect(figures(over)).to.deep.equal({ paidAmount: 1000, unpaidAmount: -880, status: 'paid' });
    const tooMuch = await k.http.post(`${API}/purchases/${p._id}/payments`, { amount: -5000, mode: 'transfer' });
    expect(tooMuch.status).to.equal(409);
    expect(tooMuch.body.message).to.equal('Impossible d’enregistrer un remboursement de 5 000,00 € : seuls 1 000,00 € ont été payés.');
    const back = await ok<Purchase>(k.http.post(`${API}/purchases/${p._id}/payments`, { amount: -900, mode: 'transfer' }));
    // something is owed again: never « paid »
    expect(figures(back)).to.deep.equal({ paidAmount: 100, unpaidAmount: 20, status: 'partially_paid' });
  });

  it('les paiements donnés à la création suivent la même règle, dans l’ordre (409 nommant le dépassement, rien d’enregistré)', async () => {
    const before = await tableCounts(k);
    const refused = await k.http.post(`${API}/purchases`, {
      items: [{ labelPrimary: 'Sucre', quantity: 1, vat: 5.5, inclTaxesPrice: 50 }], payments: [{ amount: 30 }, { amount: 30 }],
    });
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal('Ce paiement dépasse de 10,00 € le reste à payer (20,00 €) : confirmez le trop-payé pour l’enregistrer quand même.');
    expect(await tableCounts(k)).to.deep.equal(before);
    const ok2 = await createPurchase(k.http, {
      items: [{ labelPrimary: 'Sucre', quantity: 1, vat: 5.5, inclTaxesPrice: 50 }], payments: [{ amount: 30 }, { amount: 30, confirmOverpayment: true }],
    });
    expect(figures(ok2)).to.deep.equal({ paidAmount: 60, unpaidAmount: -10, status: 'paid' });
  });

  it('un achat en ligne : même plafond, même confirmation (à la création comme après)', async () => {
    const refused = await k.http.post(`${API}/external-purchases`, {
      shop: 'Boutique', items: [{ label: 'Moule', quantity: 1, vat: 20, inclTaxesPrice: 24.9 }], paymentModes: [{ amount: 30 }],
    });
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.match(/^Ce paiement dépasse de 5,10 € le reste à payer \(24,90 €\)/);
    const order = await createExternal(k.http, { paymentModes: [{ amount: 24.9, paymentMode: 'cb' }] });
    expect(order).to.include({ paidAmount: 24.9, unpaidAmount: 0 });
    const refund = await k.http.post(`${API}/external-purchases/${order._id}/payments`, { amount: -30 });
    expect(refund.status).to.equal(409);
    expect(refund.body.message).to.equal('Impossible d’enregistrer un remboursement de 30,00 € : seuls 24,90 € ont été payés.');
    const back = await ok<ExternalPurchase>(k.http.post(`${API}/external-purchases/${order._id}/payments`, { amount: -24.9 }));
    expect(back).to.include({ paidAmount: 0, unpaidAmount: 24.9 });
  });

  it('un achat modifié sous ce qui a déjà été payé : 409 en français sans confirmOverpayment, accepté confirmé (issue 11, revue)', async () => {
    const p = await createPurchase(k.http, { items: [{ labelPrimary: 'Four', quantity: 1, vat: 20, inclTaxesPrice: 100 }], payments: [{ amount: 80 }] });
    const before = await k.http.get(`${API}/purchases/${p._id}`);
    const refused = await k.http.put(`${API}/purchases/${p._id}`, { items: [{ labelPrimary: 'Four', quantity: 1, vat: 20, inclTaxesPrice: 50 }] });
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(totalBelowPaid({ excess: 30, total: 50, paid: 80 }, 'purchase'));
    expect(refused.body.message).to.equal('Le nouveau total de cet achat (50,00 €) est inférieur à ce qui a déjà été payé (80,00 €) : confirmez le trop-payé de 30,00 € pour l’enregistrer quand même, ou enregistrez d’abord le remboursement du fournisseur.');
    expect(refused.body.details).to.deep.equal([{ field: 'confirmOverpayment', message: 'trop-payé de 30 €' }]);
    expect((await k.http.get(`${API}/purchases/${p._id}`)).body).to.deep.equal(before.body);
    // down to what was paid: nothing to confirm
    expect(figures(await ok<Purchase>(k.http.put(`${API}/purchases/${p._id}`, { items: [{ labelPrimary: 'Four', quantity: 1, vat: 20, inclTaxesPrice: 80 }] }))))
      .to.deep.equal({ paidAmount: 80, unpaidAmount: 0, status: 'paid' });
    const confirmed = await ok<Purchase>(k.http.put(`${API}/purchases/${p._id}`, { items: [{ labelPrimary: 'Four', quantity: 1, vat: 20, inclTaxesPrice: 50 }], confirmOverpayment: true }));
    expect(figures(confirmed)).to.deep.equal({ paidAmount: 80, unpaidAmount: -30, status: 'paid' });
    expect(confirmed).to.not.have.property('confirmOverpayment');
    // an overpaid purchase edited otherwise needs no new confirmation
    expect((await k.http.put(`${API}/purchases/${p._id}`, { comment: 'Avoir demandé au fournisseur' })).status).to.equal(200);
    expect((await k.http.put(`${API}/purchases/${p._id}`, { items: [{ labelPrimary: 'Four', quantity: 1, vat: 20, inclTaxesPrice: 49 }] })).status).to.equal(409);
  });

  it('un achat en ligne modifié sous ce qui a été payé (livraison comprise) : même règle', async () => {
    const order = await createExternal(k.http, { items: [{ label: 'Moule', quantity: 1, vat: 20, inclTaxesPrice: 40 }], inclTaxesDeliveryPrice: 10, paymentModes: [{ amount: 50 }] });
    const refused = await k.http.put(`${API}/external-purchases/${order._id}`, { inclTaxesDeliveryPrice: 0 });
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(totalBelowPaid({ excess: 10, total: 40, paid: 50 }, 'order'));
    const confirmed = await ok<ExternalPurchase>(k.http.put(`${API}/external-purchases/${order._id}`, { inclTaxesDeliveryPrice: 0, confirmOverpayment: true }));
    expect(confirmed).to.include({ paidAmount: 50, unpaidAmount: -10 });
  });
});
