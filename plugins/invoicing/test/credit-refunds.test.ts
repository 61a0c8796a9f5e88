/**
 * Refunds of an invoice and of its credit notes (issue 11 review): the money paid back to a
 * customer never exceeds the money they paid for the invoice, whichever document records the
 * refund (`cashRefundRefusal`); a credit note paid back more than its total is « paid » with the
 * excess shown as « Trop-perçu », as an overpaid invoice is.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import { refundAboveReceived } from '../server/messages.ts';
import { API, DEFAULT_RECEIVER, bootKernel, emit, invoiceOf, makeEligible, pay } from './support.ts';

describe('invoicing : remboursements d’une facture et de ses avoirs (issue 11, revue)', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
  });
  after(async () => { await k?.stop(); });

  /** The credit note of every line of the invoice, emitted. */
  async function creditNoteOf(invoice: Invoice): Promise<Invoice> {
    const draft = await k.http.post(`${API}/invoices/${invoice._id}/credit`);
    expect(draft.status, JSON.stringify(draft.body)).to.equal(201);
    return emit(k.http, draft.body._id);
  }
  const refund = (id: string, amount: number, extra: Record<string, unknown> = {}) =>
    k.http.post(`${API}/invoices/${id}/payments`, { mode: 'transfer', amount, ...extra });

  it('payée 100 €, créditée entièrement, remboursée 100 € sur l’avoir : un remboursement de plus sur la facture est refusé (409)', async () => {
    const invoice = await invoiceOf(k.http, 100);
    await pay(k.http, invoice._id, 100);
    const credit = await creditNoteOf(invoice);
    // the invoice was paid: nothing to compensate, the credit note owes the customer 100
    expect(credit).to.include({ inclTaxesPrice: -100, paidAmount: 0, unpaidAmount: -100, status: 'emitted' });
    expect((await refund(credit._id, -100)).status).to.equal(200);
    const refused = await refund(invoice._id, -100);
    expect(refused.status, JSON.stringify(refused.body)).to.equal(409);
    expect(refused.body.message).to.equal(refundAboveReceived({ amount: 100, received: 100, refunded: 100, available: 0 }, invoice.numberFull));
    expect(refused.body.message).to.equal(`Impossible de rembourser 100,00 € : le client a versé 100,00 € pour la facture ${invoice.numberFull} et 100,00 € lui ont déjà été remboursés (facture et avoirs) ; au plus 0,00 € peuvent encore lui être remboursés.`);
    expect(refused.body.details).to.deep.equal([{ field: 'amount', message: 'au plus 0 €' }]);
    const after = (await k.http.get(`${API}/invoices/${invoice._id}`)).body as Invoice;
    expect(after).to.include({ paidAmount: 100, status: 'paid' });
    const payments = (await k.http.get(`${API}/payments`, { query: { filters: { 'fk.invoice': { mode: 'eq', value: invoice._id } } } })).body;
    expect(payments.count).to.equal(1);
  });

  it('l’ordre inverse : remboursé 60 € sur la facture, l’avoir (60 € compensés) ne rembourse plus que 40 €, même confirmé', async () => {
    const invoice = await invoiceOf(k.http, 100);
    await pay(k.http, invoice._id, 100);
    expect((await refund(invoice._id, -60)).status).to.equal(200);
    const credit = await creditNoteOf(invoice);
    // the invoice owed 60 again: the credit note settled them, 40 are left to pay back
    expect(credit).to.include({ paidAmount: -60, unpaidAmount: -40 });
    const refused = await refund(credit._id, -100, { confirmOverpayment: true });
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(refundAboveReceived({ amount: 100, received: 100, refunded: 60, available: 40 }, invoice.numberFull));
    expect((await refund(credit._id, -40)).status).to.equal(200);
    expect((await refund(credit._id, -0.01, { confirmOverpayment: true })).status).to.equal(409);
  });

  it('un avoir qui a soldé une facture impayée (compensation) n’a rien à rembourser, même avec confirmation', async () => {
    const invoice = await invoiceOf(k.http, 80);
    const credit = await creditNoteOf(invoice);
    expect(credit).to.include({ paidAmount: -80, unpaidAmount: 0, status: 'paid' });
    const refused = await refund(credit._id, -80, { confirmOverpayment: true });
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(refundAboveReceived({ amount: 80, received: 0, refunded: 0, available: 0 }, invoice.numberFull));
  });

  it('payée 50 € sur 100 €, avoir de 100 € : 50 € compensés, 50 € d’argent à rendre, une seule fois', async () => {
    const invoice = await invoiceOf(k.http, 100);
    await pay(k.http, invoice._id, 50);
    const credit = await creditNoteOf(invoice);
    expect(credit).to.include({ paidAmount: -50, unpaidAmount: -50, status: 'partially_paid' });
    // the invoice shows 100 paid (50 of them by the credit note): its own cap would let 100 go back
    expect((await refund(invoice._id, -50.01)).status).to.equal(409);
    expect((await refund(credit._id, -50)).status).to.equal(200);
    expect((await refund(invoice._id, -0.01)).status).to.equal(409);
  });

  it('un avoir seul (sans facture d’origine) garde sa seule règle : rembourser son montant', async () => {
    const draft = await k.http.post(`${API}/invoices`, { creditReason: 'Geste commercial', receiver: DEFAULT_RECEIVER, items: [{ labelPrimary: 'Geste', quantity: -1, vat: 20, inclTaxesPrice: 30 }] });
    expect(draft.status).to.equal(201);
    const credit = await emit(k.http, draft.body._id);
    expect((await refund(credit._id, -30)).status).to.equal(200);
  });

  it('un avoir remboursé au-delà de son montant (confirmé) est « payé », le trop-perçu du côté du client : comme une facture trop payée', async () => {
    const invoice = await invoiceOf(k.http, 100);
    await pay(k.http, invoice._id, 100);
    const draft = await k.http.post(`${API}/invoices/${invoice._id}/credit`, { items: [invoice.items[0].uuid] });
    const edited = await k.http.put(`${API}/invoices/${draft.body._id}`, { items: [{ labelPrimary: 'Retour partiel', quantity: -1, vat: 20, inclTaxesPrice: 60 }] });
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
    const credit = await emit(k.http, draft.body._id);
    expect(credit).to.include({ inclTaxesPrice: -60, unpaidAmount: -60, status: 'emitted' });
    const overpaid = await refund(credit._id, -80, { confirmOverpayment: true });
    expect(overpaid.status, JSON.stringify(overpaid.body)).to.equal(200);
    // unpaid = total − paid = −60 − (−80): of the opposite sign of the total, as −30 on an invoice of 50 paid 80
    expect(overpaid.body).to.include({ paidAmount: -80, unpaidAmount: 20, status: 'paid' });
    const invoiceOverpaid = await k.http.post(`${API}/invoices/${(await invoiceOf(k.http, 50))._id}/payments`, { amount: 80, confirmOverpayment: true });
    expect(invoiceOverpaid.body).to.include({ paidAmount: 80, unpaidAmount: -30, status: 'paid' });
    // the customer gives the excess back: still paid, nothing left
    const back = await refund(credit._id, 20);
    expect(back.body).to.include({ paidAmount: -60, unpaidAmount: 0, status: 'paid' });
  });
});
