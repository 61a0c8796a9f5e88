/**
 * Credit notes, corrective invoices and duplicates: drafts made from an existing invoice, the
 * credit info kept on the source, and the compensation recorded when a credit note is emitted.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import type { Payment } from '@comptoir/schemas';
import { API, bootKernel, createCustomer, emit, emitted, makeEligible, pay, updateCompany } from './support.ts';

const threeLines = {
  items: [
    { labelPrimary: 'Gâteau d’anniversaire', quantity: 1, vat: 5.5, inclTaxesPrice: 42 },
    { labelPrimary: 'Bougies', quantity: 2, vat: 20, inclTaxesPrice: 3.5 },
    { labelPrimary: 'Livraison', quantity: 1, vat: 20, exclTaxesPrice: 10 },
  ],
};

describe('invoicing : avoirs, factures correctives et duplication', function () {
  let k: TestKernel;
  let customerId: string;
  const clock = new Date('2026-04-02T09:00:00.000Z');

  before(async () => {
    k = await bootKernel({ now: () => clock });
    await makeEligible(k);
    customerId = (await createCustomer(k.http, { name: 'Lefèvre', firstname: 'Anne' }))._id;
  });
  after(async () => { await k?.stop(); });

  const paymentsOf = async (invoiceId: string): Promise<Payment[]> => (await k.http.get(`${API}/payments`, {
    query: { filters: { 'fk.invoice': { mode: 'eq', value: invoiceId, valueIsObjectId: true } }, sort: { field: 'number', ascending: true } },
  })).body.data;

  it('fait un avoir de toutes les lignes : quantités opposées, lien vers la facture, crédit noté sur la source', async () => {
    const source = await emitted(k.http, { ...threeLines, fk: { receiverCustomer: customerId } });
    expect(source.inclTaxesPrice).to.equal(61);
    const res = await k.http.post(`${API}/invoices/${source._id}/credit`);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const credit = res.body as Invoice;
    expect(credit).to.not.have.property('numberFull');
    expect(credit.items.map((l) => l.quantity)).to.deep.equal([-1, -2, -1]);
    expect(credit.items.map((l) => l.uuid)).to.deep.equal(source.items.map((l) => l.uuid));
    expect(credit).to.include({ inclTaxesPrice: -61, exclTaxesPrice: -55.64, vatAmount: -5.36, headerTitle: 'Avoir' });
    expect(credit.headerMessage).to.equal(`Avoir sur la facture n° ${source.numberFull} du 02/04/2026.`);
    expect(credit.fk).to.include({ sourceInvoice: source._id, receiverCustomer: customerId });
    expect(credit.receiver).to.deep.equal(source.receiver);

    const after = (await k.http.get(`${API}/invoices/${source._id}`)).body as Invoice;
    expect(after.itemsCredit).to.deep.equal([
      { inclTaxesAmount: 42, uuid: source.items[0].uuid, creditInvoiceId: credit._id },
      { inclTaxesAmount: 7, uuid: source.items[1].uuid, creditInvoiceId: credit._id },
      { inclTaxesAmount: 12, uuid: source.items[2].uuid, creditInvoiceId: credit._id },
    ]);
    // everything is credited: a second credit note is refused
    const again = await k.http.post(`${API}/invoices/${source._id}/credit`);
    expect(again.status).to.equal(409);
    expect(again.body.message).to.equal('Toutes les lignes de cette facture ont déjà fait l’objet d’un avoir.');
  });

  it('fait un avoir des lignes choisies, et refuse (409) de créditer deux fois la même ligne', async () => {
    const source = await emitted(k.http, threeLines);
    const [cake, candles, delivery] = source.items;
    const first = await k.http.post(`${API}/invoices/${source._id}/credit`, { items: [delivery.uuid] });
    expect(first.status).to.equal(201);
    expect(first.body.items).to.have.length(1);
    expect(first.body.inclTaxesPrice).to.equal(-12);
    const twice = await k.http.post(`${API}/invoices/${source._id}/credit`, { items: [candles.uuid, delivery.uuid] });
    expect(twice.status).to.equal(409);
    expect(twice.body.message).to.equal('La ligne « Livraison » a déjà fait l’objet d’un avoir.');
    // the rest, without naming it
    const rest = await k.http.post(`${API}/invoices/${source._id}/credit`);
    expect(rest.status).to.equal(201);
    expect(rest.body.items.map((l: { uuid: string }) => l.uuid)).to.deep.equal([cake.uuid, candles.uuid]);

    // deleting a credit note draft gives its lines back
    expect((await k.http.delete(`${API}/invoices/${first.body._id}`)).status).to.equal(204);
    const source2 = (await k.http.get(`${API}/invoices/${source._id}`)).body as Invoice;
    expect(source2.itemsCredit.map((c) => c.uuid)).to.deep.equal([cake.uuid, candles.uuid]);
    expect((await k.http.post(`${API}/invoices/${source._id}/credit`, { items: [delivery.uuid] })).status).to.equal(201);
  });

  it('refuse l’avoir d’un brouillon ou d’un avoir (409)', async () => {
    const draft = await k.http.post(`${API}/invoices`, threeLines);
    expect((await k.http.post(`${API}/invoices/${draft.body._id}/credit`)).status).to.equal(409);
    const source = await emitted(k.http, threeLines);
    const credit = await emit(k.http, (await k.http.post(`${API}/invoices/${source._id}/credit`)).body._id);
    const ofCredit = await k.http.post(`${API}/invoices/${credit._id}/credit`);
    expect(ofCredit.status).to.equal(409);
    expect(ofCredit.body.message).to.equal('Un avoir ne peut pas lui-même faire l’objet d’un avoir.');
  });

  it('émet l’avoir avec le compteur des factures et compense le reste dû de la facture source', async () => {
    const source = await emitted(k.http, { ...threeLines, fk: { receiverCustomer: customerId } });
    await pay(k.http, source._id, 20);
    const draft = (await k.http.post(`${API}/invoices/${source._id}/credit`)).body as Invoice;
    const events: Array<{ name: string; payload: { _id: string; amount?: number } }> = [];
    const offs = ['invoicing.invoice.emitted', 'invoicing.payment.recorded', 'invoicing.invoice.paid']
      .map((name) => k.kernel.events.on(name, (e: (typeof events)[number]) => { events.push(e); }));
    const credit = await emit(k.http, draft._id);
    for (let i = 0; i < 50 && events.length < 4; i++) await new Promise((r) => setTimeout(r, 20));
    for (const off of offs) off();
    expect(events.map((e) => [e.name, e.payload._id, e.payload.amount])).to.deep.equal([
      ['invoicing.invoice.emitted', credit._id, undefined],
      ['invoicing.payment.recorded', events[1].payload._id, 41],
      ['invoicing.payment.recorded', events[2].payload._id, -41],
      ['invoicing.invoice.paid', source._id, undefined],
    ]);
    expect(credit.number).to.equal(source.number! + 1);
    expect(credit.hash).to.match(/^[0-9a-f]{64}$/);
    // source: 61 owed, 20 paid, 41 left: the credit note of 61 settles the 41
    expect(credit).to.include({ inclTaxesPrice: -61, paidAmount: -41, unpaidAmount: -20, status: 'partially_paid' });
    const settledSource = (await k.http.get(`${API}/invoices/${source._id}`)).body as Invoice;
    expect(settledSource).to.include({ paidAmount: 61, unpaidAmount: 0, status: 'paid' });

    const onSource = await paymentsOf(source._id);
    expect(onSource.map((p) => [p.mode, p.amount])).to.deep.equal([['cb', 20], ['credit-compensation', 41]]);
    expect(onSource[1].fk).to.include({ invoiceCredit: credit._id, customer: customerId });
    const onCredit = await paymentsOf(credit._id);
    expect(onCredit.map((p) => [p.mode, p.amount])).to.deep.equal([['credit-compensation', -41]]);
    expect(onCredit[0].fk).to.include({ invoiceCredit: credit._id, sourceInvoice: source._id });

    // the 20 left on the credit note are refunded to the customer
    const refunded = await pay(k.http, credit._id, -20, 'transfer');
    expect(refunded).to.include({ paidAmount: -61, unpaidAmount: 0, status: 'paid' });
  });

  it('prépare une facture corrective : en-tête « Facture corrective », lien vers la facture corrigée, copie nettoyée', async () => {
    // unpaid: an invoice paid in part is not replaced (corrective-replacement.test.ts)
    const source = await emitted(k.http, { ...threeLines, fk: { receiverCustomer: customerId } });
    const res = await k.http.post(`${API}/invoices/${source._id}/corrective`);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const corrective = res.body as Invoice;
    expect(corrective.headerTitle).to.equal('Facture corrective');
    expect(corrective.headerMessage).to.equal(`Cette facture annule et remplace la facture n° ${source.numberFull} du 02/04/2026.`);
    expect(corrective.fk).to.include({ sourceInvoice: source._id, receiverCustomer: customerId });
    expect(corrective).to.not.have.any.keys('number', 'numberFull', 'hash');
    expect(corrective).to.include({ status: 'emitted', paidAmount: 0, unpaidAmount: 61 });
    expect(corrective.items.map((l) => l.labelPrimary)).to.deep.equal(source.items.map((l) => l.labelPrimary));

    await updateCompany(k, { correctiveInvoiceCustomMessage: 'Annule la facture ${numberFull} émise le ${date} (erreur de quantité).' });
    const custom = (await k.http.post(`${API}/invoices/${source._id}/corrective`)).body as Invoice;
    expect(custom.headerMessage).to.equal(`Annule la facture ${source.numberFull} émise le 02/04/2026 (erreur de quantité).`);

    const ofDraft = await k.http.post(`${API}/invoices/${corrective._id}/corrective`);
    expect(ofDraft.status).to.equal(409);
  });

  it('duplique une facture en brouillon : sans numéro, empreinte, liens ni crédit, datée de maintenant', async () => {
    const source = await emitted(k.http, { ...threeLines, comment: 'Commande n° 12', fk: { receiverCustomer: customerId, fromQuotation: null } });
    await k.http.post(`${API}/invoices/${source._id}/credit`, { items: [source.items[0].uuid] });
    await pay(k.http, source._id, 5);
    const res = await k.http.post(`${API}/invoices/${source._id}/duplicate`);
    expect(res.status).to.equal(201);
    const copy = res.body as Invoice;
    expect(copy._id).to.not.equal(source._id);
    expect(copy).to.not.have.any.keys('number', 'numberFull', 'hash');
    expect(copy).to.include({ comment: 'Commande n° 12', inclTaxesPrice: 61, status: 'emitted', paidAmount: 0, unpaidAmount: 61 });
    expect(copy.itemsCredit).to.deep.equal([]);
    expect(copy.attachments).to.deep.equal([]);
    expect(copy.date).to.equal(clock.toISOString());
    expect(copy.fk).to.include({ receiverCustomer: customerId, sourceInvoice: null, fromQuotation: null });
    // a draft: editable
    expect((await k.http.put(`${API}/invoices/${copy._id}`, { comment: 'Commande n° 13' })).status).to.equal(200);
  });
});
