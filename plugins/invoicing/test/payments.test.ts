/**
 * Payments through `POST /invoices/:id/payments`: every row of the two tables of sdk/src/commerce/README.md « Statuses » (normal
 * invoice, credit note), the silent cases decided by the engine, the payment records themselves
 * (numbered, hashed, frozen) and the bundle.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import type { Payment } from '@comptoir/schemas';
import { paymentHash } from '../server/services/emission/hash-chain.ts';
import { FROZEN_PAYMENT } from '../server/messages.ts';
import { API, bootKernel, createCustomer, createDraft, emit, invoiceOf, makeEligible, pay } from './support.ts';

type Row = Pick<Invoice, 'paidAmount' | 'unpaidAmount' | 'status'>;
const settlement = (i: Invoice): Row => ({ paidAmount: i.paidAmount, unpaidAmount: i.unpaidAmount, status: i.status });

describe('invoicing : paiements et statuts', function () {
  let k: TestKernel;
  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
  });
  after(async () => { await k?.stop(); });

  /** A credit note of `total` (< 0) whose source is fully paid first: no compensation, nothing paid. */
  async function creditNoteOf(total: number): Promise<Invoice> {
    const source = await invoiceOf(k.http, -total);
    await pay(k.http, source._id, -total);
    const credit = await k.http.post(`${API}/invoices/${source._id}/credit`);
    expect(credit.status, JSON.stringify(credit.body)).to.equal(201);
    return emit(k.http, credit.body._id);
  }

  describe('facture normale (table des statuts d’une facture)', () => {
    it('aucun paiement, total nul : payée', async () => {
      const invoice = await invoiceOf(k.http, 0);
      expect(settlement(invoice)).to.deep.equal({ paidAmount: 0, unpaidAmount: 0, status: 'paid' });
    });

    it('aucun paiement, total non nul : émise, tout reste à payer', async () => {
      const invoice = await invoiceOf(k.http, 120);
      expect(settlement(invoice)).to.deep.equal({ paidAmount: 0, unpaidAmount: 120, status: 'emitted' });
    });

    it('paiements et remboursements égaux en valeur absolue et égaux au total : remboursée', async () => {
      const invoice = await invoiceOf(k.http, 120);
      await pay(k.http, invoice._id, 120, 'transfer');
      const refunded = await pay(k.http, invoice._id, -120, 'transfer');
      expect(settlement(refunded)).to.deep.equal({ paidAmount: 0, unpaidAmount: 120, status: 'refund' });
    });

    it('paiements positifs égaux au total : payée', async () => {
      const invoice = await invoiceOf(k.http, 120);
      const first = await pay(k.http, invoice._id, 70.1, 'check');
      expect(settlement(first)).to.deep.equal({ paidAmount: 70.1, unpaidAmount: 49.9, status: 'partially_paid' });
      const paid = await pay(k.http, invoice._id, 49.9, 'cash');
      expect(settlement(paid)).to.deep.equal({ paidAmount: 120, unpaidAmount: 0, status: 'paid' });
    });

    it('paiements positifs inférieurs au total : partiellement payée', async () => {
      const invoice = await invoiceOf(k.http, 120);
      const partly = await pay(k.http, invoice._id, 0.1);
      const again = await pay(k.http, invoice._id, 0.2);
      expect(settlement(partly)).to.deep.equal({ paidAmount: 0.1, unpaidAmount: 119.9, status: 'partially_paid' });
      expect(settlement(again)).to.deep.equal({ paidAmount: 0.3, unpaidAmount: 119.7, status: 'partially_paid' });
    });

    it('où la table se tait : trop-perçu confirmé payé (reste dû négatif), remboursement partiel d’une facture payée partiellement payée', async () => {
      const over = await invoiceOf(k.http, 50);
      const confirmed = await k.http.post(`${API}/invoices/${over._id}/payments`, { amount: 60, confirmOverpayment: true });
      expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
      expect(settlement(confirmed.body)).to.deep.equal({ paidAmount: 60, unpaidAmount: -10, status: 'paid' });
      const partlyRefunded = await invoiceOf(k.http, 50);
      await pay(k.http, partlyRefunded._id, 50);
      expect(settlement(await pay(k.http, partlyRefunded._id, -20))).to.deep.equal({ paidAmount: 30, unpaidAmount: 20, status: 'partially_paid' });
    });
  });

  describe('remboursements plafonnés, trop-perçu confirmé (issue 11)', () => {
    const paymentsOf = async (id: string) => (await k.http.get(`${API}/payments`, {
      query: { filters: { 'fk.invoice': { mode: 'eq', value: id, valueIsObjectId: true } } },
    })).body.count as number;

    it('120 € : 1 000 € refusés sans confirmation (409 nommant 880 €), acceptés confirmés ; 5 000 € remboursés refusés ; 880 € remboursés : payée, reste 0', async () => {
      const invoice = await invoiceOf(k.http, 120);
      const refused = await k.http.post(`${API}/invoices/${invoice._id}/payments`, { mode: 'transfer', amount: 1000 });
      expect(refused.status).to.equal(409);
      expect(refused.body.code).to.equal('CONFLICT');
      expect(refused.body.message).to.equal('Ce paiement dépasse de 880,00 € le reste à payer (120,00 €) : confirmez le trop-perçu pour l’enregistrer quand même.');
      expect(refused.body.details).to.deep.equal([{ field: 'confirmOverpayment', message: 'dépassement de 880 €' }]);
      expect(await paymentsOf(invoice._id)).to.equal(0);

      const paid = await k.http.post(`${API}/invoices/${invoice._id}/payments`, { mode: 'transfer', amount: 1000, confirmOverpayment: true });
      expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
      expect(settlement(paid.body)).to.deep.equal({ paidAmount: 1000, unpaidAmount: -880, status: 'paid' });

      const tooMuch = await k.http.post(`${API}/invoices/${invoice._id}/payments`, { mode: 'transfer', amount: -5000, confirmOverpayment: true });
      expect(tooMuch.status).to.equal(409);
      expect(tooMuch.body.message).to.equal('Impossible d’enregistrer un remboursement de 5 000,00 € : seuls 1 000,00 € ont été payés.');
      expect(await paymentsOf(invoice._id)).to.equal(1);

      const back = await pay(k.http, invoice._id, -880, 'transfer');
      expect(settlement(back)).to.deep.equal({ paidAmount: 120, unpaidAmount: 0, status: 'paid' });
      const partial = await pay(k.http, invoice._id, -20, 'transfer');
      expect(settlement(partial)).to.deep.equal({ paidAmount: 100, unpaidAmount: 20, status: 'partially_paid' });
    });

    it('un remboursement sans paiement est refusé ; le reste exact passe sans confirmation', async () => {
      const invoice = await invoiceOf(k.http, 50);
      const refund = await k.http.post(`${API}/invoices/${invoice._id}/payments`, { amount: -5 });
      expect(refund.status).to.equal(409);
      expect(refund.body.message).to.equal('Impossible d’enregistrer un remboursement de 5,00 € : seuls 0,00 € ont été payés.');
      await pay(k.http, invoice._id, 20.01);
      expect(settlement(await pay(k.http, invoice._id, 29.99))).to.deep.equal({ paidAmount: 50, unpaidAmount: 0, status: 'paid' });
      const cent = await k.http.post(`${API}/invoices/${invoice._id}/payments`, { amount: 0.01 });
      expect(cent.status).to.equal(409);
      expect(cent.body.message).to.equal('Ce paiement dépasse de 0,01 € le reste à payer (0,00 €) : confirmez le trop-perçu pour l’enregistrer quand même.');
    });

    it('un avoir : rembourser plus que son reste demande confirmation, reprendre plus que remboursé est refusé', async () => {
      const credit = await creditNoteOf(-80);
      const over = await k.http.post(`${API}/invoices/${credit._id}/payments`, { amount: -100, mode: 'transfer' });
      expect(over.status).to.equal(409);
      expect(over.body.message).to.equal('Ce remboursement dépasse de 20,00 € ce qui reste à rembourser sur cet avoir (80,00 €) : confirmez le dépassement pour l’enregistrer quand même.');
      await pay(k.http, credit._id, -30, 'transfer');
      const back = await k.http.post(`${API}/invoices/${credit._id}/payments`, { amount: 40, mode: 'transfer' });
      expect(back.status).to.equal(409);
      expect(back.body.message).to.equal('Impossible de reprendre 40,00 € sur cet avoir : seuls 30,00 € ont été remboursés.');
    });
  });

  describe('avoir (règle des avoirs)', () => {
    it('aucun paiement, total non nul : émis', async () => {
      const credit = await creditNoteOf(-80);
      expect(credit.inclTaxesPrice).to.equal(-80);
      expect(settlement(credit)).to.deep.equal({ paidAmount: 0, unpaidAmount: -80, status: 'emitted' });
    });

    it('remboursé en entier : payé', async () => {
      const credit = await creditNoteOf(-80);
      expect(settlement(await pay(k.http, credit._id, -80, 'transfer'))).to.deep.equal({ paidAmount: -80, unpaidAmount: 0, status: 'paid' });
    });

    it('remboursé en partie : partiellement payé', async () => {
      const credit = await creditNoteOf(-80);
      expect(settlement(await pay(k.http, credit._id, -30, 'transfer'))).to.deep.equal({ paidAmount: -30, unpaidAmount: -50, status: 'partially_paid' });
    });

    it('paiements qui s’annulent : le reste dû égale le total, émis', async () => {
      const credit = await creditNoteOf(-80);
      await pay(k.http, credit._id, -30, 'transfer');
      expect(settlement(await pay(k.http, credit._id, 30, 'transfer'))).to.deep.equal({ paidAmount: 0, unpaidAmount: -80, status: 'emitted' });
    });
  });

  it('enregistre des paiements numérotés, chaînés et figés, liés à la facture et au client', async () => {
    const customer = await createCustomer(k.http, { name: 'Durand', firstname: 'Claire' });
    const draft = await createDraft(k.http, { fk: { receiverCustomer: customer._id } });
    const invoice = await emit(k.http, draft._id);
    const paid = await k.http.post(`${API}/invoices/${invoice._id}/payments`, { mode: 'cash', amount: 5, cashPaid: 10, cashChange: 2.62, date: '2026-03-20T09:00:00.000Z' });
    expect(paid.status).to.equal(200);
    expect(paid.body._id).to.equal(invoice._id);
    const payments = (await k.http.get(`${API}/payments`, {
      query: { filters: { 'fk.invoice': { mode: 'eq', value: invoice._id, valueIsObjectId: true } } },
    })).body.data as Payment[];
    expect(payments).to.have.length(1);
    expect(payments[0]).to.include({ mode: 'cash', amount: 5, cashPaid: 10, cashChange: 2.62, source: 'invoice', date: '2026-03-20T09:00:00.000Z' });
    expect(payments[0].fk).to.include({ invoice: invoice._id, customer: customer._id, company: k.admin.companyId });

    // the whole chain of the company's invoice payments, by number
    const all = (await k.http.get(`${API}/payments`, { query: { sort: { field: 'number', ascending: true }, pagination: { quantity: 500 } } })).body.data as Payment[];
    expect(all.map((p) => p.number)).to.deep.equal(all.map((_, i) => i + 1));
    expect(all.map((p) => p.numberFull)).to.deep.equal(all.map((_, i) => String(i + 1)));
    let previous: string | null = null;
    for (const p of all) {
      expect(p.hash).to.equal(paymentHash(previous, p));
      previous = p.hash!;
    }

    const del = await k.http.delete(`${API}/payments/${payments[0]._id}`);
    expect(del.status).to.equal(409);
    expect(del.body.message).to.equal(FROZEN_PAYMENT);
  });

  it('refuse un paiement sur un brouillon (409) et annonce la facture payée', async () => {
    const draft = await createDraft(k.http);
    const refused = await k.http.post(`${API}/invoices/${draft._id}/payments`, { mode: 'cb', amount: 1 });
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal('Une facture brouillon ne peut pas recevoir de paiement : émettez-la d’abord.');

    const events: Array<{ name: string; payload: { _id: string } }> = [];
    const offPaid = k.kernel.events.on('invoicing.invoice.paid', (e: { name: string; payload: { _id: string } }) => { events.push(e); });
    const offRecorded = k.kernel.events.on('invoicing.payment.recorded', (e: { name: string; payload: { _id: string } }) => { events.push(e); });
    try {
      const invoice = await emit(k.http, draft._id);
      await pay(k.http, invoice._id, 5);
      await pay(k.http, invoice._id, invoice.inclTaxesPrice - 5);
      for (let i = 0; i < 50 && events.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
      expect(events.map((e) => e.name)).to.deep.equal(['invoicing.payment.recorded', 'invoicing.payment.recorded', 'invoicing.invoice.paid']);
      expect(events[2].payload._id).to.equal(invoice._id);
    } finally {
      offPaid();
      offRecorded();
    }
  });

  it('regroupe paiements, factures et clients par identifiant (bundle), avec les mêmes paramètres que la liste', async () => {
    const customer = await createCustomer(k.http, { company: 'Café des Arts', name: 'Petit' });
    const draft = await createDraft(k.http, { fk: { receiverCustomer: customer._id } });
    const invoice = await emit(k.http, draft._id);
    await pay(k.http, invoice._id, 2, 'cb');
    await pay(k.http, invoice._id, 3, 'check');
    const query = {
      filters: { 'fk.invoice': { mode: 'eq', value: invoice._id, valueIsObjectId: true } },
      sort: { field: 'amount', ascending: false },
      pagination: { quantity: 1 },
    };
    const res = await k.http.get(`${API}/payments/bundle`, { query });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.have.all.keys('count', 'next', 'payments', 'invoices', 'purchases', 'externalPurchases', 'customers', 'providers', 'bankOperations', 'bankAccounts');
    expect(res.body.count).to.equal(2);
    expect(res.body.next).to.be.a('string');
    const [payment] = Object.values(res.body.payments) as Payment[];
    expect(Object.keys(res.body.payments)).to.deep.equal([payment._id]);
    expect(payment).to.include({ amount: 3, mode: 'check' });
    expect(Object.keys(res.body.invoices)).to.deep.equal([invoice._id]);
    expect(res.body.invoices[invoice._id].numberFull).to.equal(invoice.numberFull);
    expect(res.body.customers[customer._id]).to.include({ company: 'Café des Arts', name: 'Petit' });
    const page2 = await k.http.get(`${API}/payments/bundle`, { query: { ...query, pagination: { quantity: 1, cursor: res.body.next } } });
    expect((Object.values(page2.body.payments) as Payment[])[0]).to.include({ amount: 2 });
    expect(page2.body.next).to.equal(null);
  });
});
