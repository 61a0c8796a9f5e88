/**
 * A credit note draft made from an invoice (`POST /invoices/:id/credit`) stays that invoice's
 * credit note (issue 11 review): its customer, receiver and reason cannot be edited away, and its
 * total never credits more than what remains creditable on the invoice — checked at save, and again
 * at emission on the locked source (its total less the credit notes already emitted).
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import {
  CORRECTIVE_NOT_CREDIT, CREDIT_DRAFT_PARTIES, CREDIT_DRAFT_STAYS_CREDIT, creditAboveRemainder, negativeInvoice,
} from '../server/messages.ts';
import { creditableRemainder } from '../server/services/credit/credit.ts';
import { API, bootKernel, createCustomer, emit, emitted, makeEligible } from './support.ts';

describe('invoicing : brouillons d’avoir faits depuis une facture (issue 11, revue)', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let customer: { _id: string };
  let stranger: { _id: string };
  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
    customer = await createCustomer(k.http, { name: 'Durand', firstname: 'Claire' });
    stranger = await createCustomer(k.http, { company: 'Autre Client SARL' });
  });
  after(async () => { await k?.stop(); });

  const invoiceWith = (...totals: number[]) => emitted(k.http, {
    fk: { receiverCustomer: customer._id },
    items: totals.map((t, i) => ({ labelPrimary: `Prestation ${i + 1}`, vat: 20, inclTaxesPrice: t })),
  });
  async function creditDraft(invoice: Invoice, lines?: string[]): Promise<Invoice> {
    const res = await k.http.post(`${API}/invoices/${invoice._id}/credit`, lines ? { items: lines } : {});
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  }
  const line = (total: number, quantity = -1) => [{ labelPrimary: 'Prestation', quantity, vat: 20, inclTaxesPrice: total }];

  it('le client, le destinataire et le motif d’un tel avoir ne se modifient pas (409), le reste si', async () => {
    const invoice = await invoiceWith(100);
    const draft = await creditDraft(invoice);
    const customerChange = await k.http.put(`${API}/invoices/${draft._id}`, { fk: { receiverCustomer: stranger._id } });
    expect(customerChange.status).to.equal(409);
    expect(customerChange.body.message).to.equal(CREDIT_DRAFT_PARTIES);
    expect(customerChange.body.details).to.deep.equal([{ field: 'fk.receiverCustomer', message: 'non modifiable' }]);
    const removed = await k.http.put(`${API}/invoices/${draft._id}`, { fk: { receiverCustomer: null } });
    expect(removed.status).to.equal(409);
    const receiver = await k.http.put(`${API}/invoices/${draft._id}`, { receiver: { company: 'Quelqu’un d’autre' } });
    expect(receiver.status).to.equal(409);
    expect(receiver.body.details[0].field).to.equal('receiver');
    // a blank reason: a negative total keeps the sign rule's answer (400); at 0 € it is this rule's
    const blank = await k.http.put(`${API}/invoices/${draft._id}`, { creditReason: '  ' });
    expect(blank.status).to.equal(400);
    expect(blank.body.message).to.equal(negativeInvoice(-100));
    const zero = await k.http.put(`${API}/invoices/${draft._id}`, { creditReason: '  ', items: line(0) });
    expect(zero.status).to.equal(409);
    expect(zero.body.message).to.equal(CREDIT_DRAFT_STAYS_CREDIT);
    const stored = (await k.http.get(`${API}/invoices/${draft._id}`)).body as Invoice;
    expect(stored.fk.receiverCustomer).to.equal(customer._id);
    expect(stored.receiver).to.deep.equal(draft.receiver);
    // what the editor sends: the same customer, the reason, the lines
    const ok = await k.http.put(`${API}/invoices/${draft._id}`, {
      fk: { receiverCustomer: customer._id }, receiver: draft.receiver, creditReason: 'Retour de marchandise', items: line(60),
    });
    expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
    expect(ok.body).to.include({ creditReason: 'Retour de marchandise', inclTaxesPrice: -60 });
  });

  it('modifié pour créditer plus que la facture : refusé à l’enregistrement (400), rien d’enregistré', async () => {
    const invoice = await invoiceWith(100);
    const draft = await creditDraft(invoice);
    const refused = await k.http.put(`${API}/invoices/${draft._id}`, { items: line(150) });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.equal(creditAboveRemainder(-150, 100, invoice.numberFull));
    expect(refused.body.message).to.equal(`Cet avoir de 150,00 € dépasse ce qui reste à créditer sur la facture ${invoice.numberFull} : 100,00 € (son total moins ses avoirs déjà émis). Réduisez ses lignes.`);
    expect(refused.body.details).to.deep.equal([{ field: 'items', message: 'au plus 100 € à créditer' }]);
    expect(((await k.http.get(`${API}/invoices/${draft._id}`)).body as Invoice).inclTaxesPrice).to.equal(-100);
  });

  it('deux brouillons qui ensemble dépassent la facture : le second est refusé à l’émission (409), sans numéro', async () => {
    const invoice = await invoiceWith(60, 40);
    const first = await creditDraft(invoice, [invoice.items[0].uuid]);
    const second = await creditDraft(invoice, [invoice.items[1].uuid]);
    // alone, each fits what remains (nothing is emitted yet)
    expect((await k.http.put(`${API}/invoices/${first._id}`, { items: line(90) })).status).to.equal(200);
    expect((await emit(k.http, first._id)).inclTaxesPrice).to.equal(-90);
    const refused = await k.http.post(`${API}/invoices/${second._id}/emit`);
    expect(refused.status, JSON.stringify(refused.body)).to.equal(409);
    expect(refused.body.message).to.equal(creditAboveRemainder(-40, 10, invoice.numberFull));
    const stored = (await k.http.get(`${API}/invoices/${second._id}`)).body as Invoice;
    expect(stored.numberFull).to.equal(undefined);
    // and no longer saved above the 10 € left
    expect((await k.http.put(`${API}/invoices/${second._id}`, { items: line(10.01) })).status).to.equal(400);
    expect((await emit(k.http, (await k.http.put(`${API}/invoices/${second._id}`, { items: line(10) })).body._id)).inclTaxesPrice).to.equal(-10);
    const source = (await k.http.get(`${API}/invoices/${invoice._id}`)).body as Invoice;
    expect(source).to.include({ paidAmount: 100, unpaidAmount: 0, status: 'paid' });
  });

  it('un brouillon enregistré avant la règle, au-delà de la facture ou pour un autre client : son émission est refusée (409)', async () => {
    const invoice = await invoiceWith(100);
    const draft = await creditDraft(invoice);
    await k.db('invoicing_invoices').where('_id', draft._id).update({ items: JSON.stringify([{ ...draft.items[0], quantity: -3 }]), inclTaxesPrice: -300 });
    const refused = await k.http.post(`${API}/invoices/${draft._id}/emit`);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(creditAboveRemainder(-300, 100, invoice.numberFull));
    // and one moved to another customer before the rule
    const moved = await creditDraft(await invoiceWith(50));
    await k.db('invoicing_invoices').where('_id', moved._id).update({ fk_receiverCustomer: stranger._id });
    const other = await k.http.post(`${API}/invoices/${moved._id}/emit`);
    expect(other.status).to.equal(409);
    expect(other.body.message).to.equal(CREDIT_DRAFT_PARTIES);
  });

  it('une facture corrective ne devient pas un avoir de sa facture (409)', async () => {
    const invoice = await invoiceWith(100);
    const corrective = await k.http.post(`${API}/invoices/${invoice._id}/corrective`);
    expect(corrective.status).to.equal(201);
    const refused = await k.http.put(`${API}/invoices/${corrective.body._id}`, { creditReason: 'Annulation', items: line(500) });
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(CORRECTIVE_NOT_CREDIT);
  });

  it('un avoir seul (sans facture) reste libre : client et montant', async () => {
    const draft = await k.http.post(`${API}/invoices`, { creditReason: 'Geste commercial', fk: { receiverCustomer: customer._id }, items: line(30) });
    expect(draft.status).to.equal(201);
    const edit = await k.http.put(`${API}/invoices/${draft.body._id}`, { fk: { receiverCustomer: stranger._id }, items: line(3000) });
    expect(edit.status, JSON.stringify(edit.body)).to.equal(200);
  });

  it('ce qui reste à créditer : le total moins les avoirs émis, jamais négatif (règle seule)', () => {
    expect(creditableRemainder({ inclTaxesPrice: 100 }, [])).to.equal(100);
    expect(creditableRemainder({ inclTaxesPrice: 100 }, [{ inclTaxesPrice: -30 }, { inclTaxesPrice: -45.5 }])).to.equal(24.5);
    expect(creditableRemainder({ inclTaxesPrice: 0.3 }, [{ inclTaxesPrice: -0.1 }, { inclTaxesPrice: -0.2 }])).to.equal(0);
    expect(creditableRemainder({ inclTaxesPrice: 100 }, [{ inclTaxesPrice: -150 }])).to.equal(0);
  });
});
