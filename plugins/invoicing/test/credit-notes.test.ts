/**
 * The sign of a total (issue 11, item 12): an invoice is never negative — a discount line is fine
 * while the total stays ≥ 0 — and a credit note is made from an invoice or, explicitly, alone with
 * its reason (`creditReason`). Refused at save (400) and at emission (409) with a French message;
 * a credit note's PDF prints no payment terms.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import { EMPTY_CREDIT_NOTE, negativeInvoice, positiveCreditNote } from '../server/messages.ts';
import { fetchPdfText } from '../../../test/support/pdf.ts';
import { API, BUYER_ADDRESS, bootKernel, createDraft, emit, emitted, makeEligible, tableCounts, updateCompany } from './support.ts';

const TERMS = 'Paiement à 30 jours. Pénalités de retard : trois fois le taux d’intérêt légal.';

describe('invoicing : total négatif et avoirs (issue 11)', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
    await updateCompany(k, { invoiceFreeData: TERMS });
  });
  after(async () => { await k?.stop(); });

  it('une quantité négative sur une nouvelle facture est refusée (400, rien d’enregistré), à la création comme à la modification', async () => {
    const before = await tableCounts(k);
    const refused = await k.http.post(`${API}/invoices`, { items: [{ labelPrimary: 'Retour', quantity: -2, vat: 20, inclTaxesPrice: 30 }] });
    expect(refused.status).to.equal(400);
    expect(refused.body.code).to.equal('VALIDATION');
    expect(refused.body.message).to.equal(negativeInvoice(-60));
    expect(refused.body.message).to.equal('Le total d’une facture ne peut pas être négatif (-60,00 €) : pour rembourser un client, faites un avoir depuis la facture concernée (« Faire un avoir »), ou un avoir seul en indiquant son motif. Une ligne de remise reste possible tant que le total reste positif ou nul.');
    expect(refused.body.details).to.deep.equal([{ field: 'items', message: 'total positif ou nul attendu' }]);
    expect(await tableCounts(k)).to.deep.equal(before);
    const draft = await createDraft(k.http);
    const edit = await k.http.put(`${API}/invoices/${draft._id}`, { items: [{ labelPrimary: 'Retour', quantity: -1, vat: 20, inclTaxesPrice: 30 }] });
    expect(edit.status).to.equal(400);
    expect((await k.http.get(`${API}/invoices/${draft._id}`)).body.items).to.deep.equal(draft.items);
  });

  it('une ligne de remise reste possible tant que le total reste positif ou nul', async () => {
    const invoice = await emitted(k.http, {
      items: [{ labelPrimary: 'Pièce montée', vat: 5.5, inclTaxesPrice: 100 }, { labelPrimary: 'Remise fidélité', quantity: -1, vat: 5.5, inclTaxesPrice: 10 }],
    });
    expect(invoice).to.include({ inclTaxesPrice: 90, status: 'emitted' });
    const free = await emitted(k.http, {
      items: [{ labelPrimary: 'Échantillon', vat: 20, inclTaxesPrice: 5 }, { labelPrimary: 'Offert', quantity: -1, vat: 20, inclTaxesPrice: 5 }],
    });
    expect(free).to.include({ inclTaxesPrice: 0, status: 'paid' });
  });

  it('un brouillon négatif d’avant (sans motif) ne peut pas être émis (409) et ne prend pas de numéro', async () => {
    const draft = await createDraft(k.http);
    // what POST /invoices accepted before issue 11
    await k.db('invoicing_invoices').where('_id', draft._id).update({
      items: JSON.stringify([{ ...draft.items[0], quantity: -2 }]), inclTaxesPrice: -738,
    });
    const company = (await k.http.get(`/api/kernel/companies/${k.admin.companyId}`)).body;
    const refused = await k.http.post(`${API}/invoices/${draft._id}/emit`);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(negativeInvoice(-7.38));
    expect((await k.http.get(`/api/kernel/companies/${k.admin.companyId}`)).body.numbering.invoice).to.deep.equal(company.numbering.invoice);
    // given a reason, it is a standalone credit note and may be emitted
    const fixed = await k.http.put(`${API}/invoices/${draft._id}`, { creditReason: 'Retour de marchandise non facturée dans Comptoir' });
    expect(fixed.status, JSON.stringify(fixed.body)).to.equal(200);
    expect((await emit(k.http, draft._id)).inclTaxesPrice).to.equal(-7.38);
  });

  it('un avoir seul : explicitement, avec son motif obligatoire ; émis avec le compteur des factures, sans conditions de paiement', async () => {
    const draft = await k.http.post(`${API}/invoices`, {
      creditReason: 'Geste commercial : livraison en retard du 12 mars',
      receiver: { company: 'Hôtel du Parc', name: 'Roux', invoicingAddress: BUYER_ADDRESS },
      items: [{ labelPrimary: 'Geste commercial', quantity: -1, vat: 20, inclTaxesPrice: 25 }],
    });
    expect(draft.status, JSON.stringify(draft.body)).to.equal(201);
    expect(draft.body).to.include({ creditReason: 'Geste commercial : livraison en retard du 12 mars', inclTaxesPrice: -25 });
    // the company's invoice conditions are not copied on a credit note
    expect(draft.body).to.not.have.property('freeData');
    const credit = await emit(k.http, draft.body._id);
    expect(credit).to.include({ inclTaxesPrice: -25, unpaidAmount: -25, status: 'emitted' });
    expect(credit.numberFull).to.be.a('string');
    const { text, res } = await fetchPdfText(k.http, `${API}/invoices/${credit._id}/pdf`);
    expect(res.headers.get('content-disposition')).to.contain(`filename="Avoir-${credit.numberFull}.pdf"`);
    expect(text).to.contain('Motif : Geste commercial : livraison en retard du 12 mars');
    expect(text).to.not.contain('Paiement à 30 jours');
    expect(text).to.not.contain('Échéance');
    expect(text).to.not.contain('Pénalités');
    // its hash covers the reason
    const integrity = (await k.http.get(`${API}/integrity`)).body;
    expect(integrity).to.include({ valid: true });
    await k.db('invoicing_invoices').where('_id', credit._id).update({ creditReason: 'Autre motif' });
    expect((await k.http.get(`${API}/integrity`)).body.firstBroken).to.include({ _id: credit._id });
    await k.db('invoicing_invoices').where('_id', credit._id).update({ creditReason: 'Geste commercial : livraison en retard du 12 mars' });
  });

  it('un avoir dont le total est positif est refusé (400) ; à 0 € il ne peut pas être émis (409)', async () => {
    const positive = await k.http.post(`${API}/invoices`, { creditReason: 'Erreur de prix', items: [{ labelPrimary: 'Reprise', vat: 20, inclTaxesPrice: 25 }] });
    expect(positive.status).to.equal(400);
    expect(positive.body.message).to.equal(positiveCreditNote(25));
    expect(positive.body.message).to.equal('Le total d’un avoir doit être négatif (il vaut 25,00 €) : saisissez ses lignes en quantités négatives, par exemple −1 × 50,00 €.');
    const zero = await k.http.post(`${API}/invoices`, { creditReason: 'Erreur de prix', items: [{ labelPrimary: 'Reprise', quantity: -1, vat: 20, inclTaxesPrice: 0 }] });
    expect(zero.status).to.equal(201);
    const refused = await k.http.post(`${API}/invoices/${zero.body._id}/emit`);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(EMPTY_CREDIT_NOTE);
  });

  it('un avoir depuis une facture porte un motif (par défaut l’en-tête, ou celui donné), sans les conditions de la facture ; le retirer est refusé', async () => {
    const source = await emitted(k.http, { items: [{ labelPrimary: 'Buffet', vat: 10, inclTaxesPrice: 220 }] });
    expect(source.freeData).to.equal(TERMS);
    const byDefault = (await k.http.post(`${API}/invoices/${source._id}/credit`, { items: [source.items[0].uuid] })).body as Invoice;
    expect(byDefault.creditReason).to.equal(byDefault.headerMessage);
    expect(byDefault).to.not.have.property('freeData');
    expect((await k.http.delete(`${API}/invoices/${byDefault._id}`)).status).to.equal(204);
    const given = await k.http.post(`${API}/invoices/${source._id}/credit`, { reason: 'Buffet annulé par le client' });
    expect(given.status).to.equal(201);
    expect(given.body.creditReason).to.equal('Buffet annulé par le client');
    const cleared = await k.http.put(`${API}/invoices/${given.body._id}`, { creditReason: '' });
    expect(cleared.status).to.equal(400);
    expect(cleared.body.message).to.equal(negativeInvoice(-220));
    const blank = await k.http.post(`${API}/invoices/${source._id}/credit`, { reason: '' });
    expect(blank.status).to.equal(400);
  });

  it('un modèle de facture récurrente dont le total est négatif est refusé (400) : ses factures ne pourraient pas être faites', async () => {
    const refused = await k.http.post(`${API}/invoice-templates`, { name: 'Remboursements', items: [{ labelPrimary: 'Avoir mensuel', quantity: -1, vat: 20, inclTaxesPrice: 10 }] });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.equal(negativeInvoice(-10));
  });

  it('un devis dont le total est négatif ne devient pas une facture (409)', async () => {
    const q = await k.http.post(`${API}/quotations`, { items: [{ labelPrimary: 'Reprise', quantity: -1, vat: 20, inclTaxesPrice: 10 }] });
    expect(q.status).to.equal(201);
    const refused = await k.http.post(`${API}/quotations/${q.body._id}/invoice`);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(negativeInvoice(-10));
    expect((await k.http.get(`${API}/quotations/${q.body._id}`)).body.status).to.equal('emitted');
  });
});
