/** Lists of invoices as http README « Lists » describes them: filters, sort and sums on real columns. */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import { totalsQuery } from '../client/src/invoices/listTotals.ts';
import { API, bootKernel, createCustomer, createDraft, emitted, invoiceOf, makeEligible, pay } from './support.ts';

describe('invoicing : listes, filtres et sommes', function () {
  let k: TestKernel;
  let customerId: string;
  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
    customerId = (await createCustomer(k.http, { company: 'Hôtel du Parc' }))._id;
    // emitted: 100 (unpaid 100), 250.5 (30 paid), 19.99 (paid), one for the customer (45.45); one draft (12)
    await invoiceOf(k.http, 100);
    const partly = await invoiceOf(k.http, 250.5);
    await pay(k.http, partly._id, 30);
    const paid = await invoiceOf(k.http, 19.99);
    await pay(k.http, paid._id, 19.99);
    await emitted(k.http, { fk: { receiverCustomer: customerId }, items: [{ labelPrimary: 'Petit-déjeuner', vat: 10, inclTaxesPrice: 45.45 }] });
    await createDraft(k.http, { items: [{ labelPrimary: 'Brouillon', vat: 20, inclTaxesPrice: 12 }] });
  });
  after(async () => { await k?.stop(); });

  const list = async (query: Record<string, unknown>) => {
    const res = await k.http.get(`${API}/invoices`, { query });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body as { data: Invoice[]; count: number; aggregation: Record<string, { sum?: number; avg?: number }> };
  };
  const emittedOnly = { numberFull: { mode: 'exists', value: true } };

  it('somme exactement le reste dû des factures émises', async () => {
    const res = await list({ filters: emittedOnly, aggregations: [{ name: 'unpaid', field: 'unpaidAmount', sum: true }, { name: 'total', field: 'inclTaxesPrice', sum: true, avg: true }] });
    expect(res.count).to.equal(4);
    expect(res.aggregation.unpaid.sum).to.equal(365.95); // 100 + 220.5 + 0 + 45.45
    expect(res.aggregation.total.sum).to.equal(415.94);
    expect(res.aggregation.total.avg).to.equal(103.985);
  });

  it('filtre par statut, par client, par montant, et trie par numéro', async () => {
    expect((await list({ filters: { status: { mode: 'in', value: ['partially_paid', 'paid'] }, ...emittedOnly } })).count).to.equal(2);
    const ofCustomer = await list({ filters: { 'fk.receiverCustomer': { mode: 'eq', value: customerId, valueIsObjectId: true } } });
    expect(ofCustomer.data.map((i) => i.inclTaxesPrice)).to.deep.equal([45.45]);
    const big = await list({ filters: { unpaidAmount: { mode: 'gt', value: 50 }, ...emittedOnly }, sort: { field: 'unpaidAmount', ascending: false } });
    expect(big.data.map((i) => i.unpaidAmount)).to.deep.equal([220.5, 100]);
    const byNumber = await list({ filters: emittedOnly, sort: { field: 'number', ascending: false } });
    expect(byNumber.data.map((i) => i.number)).to.deep.equal([4, 3, 2, 1]);
    const drafts = await list({ filters: { numberFull: { mode: 'exists', value: false } } });
    expect(drafts.data.map((i) => i.inclTaxesPrice)).to.deep.equal([12]);
    expect((await list({ filters: { numberFull: { mode: 'contains', value: '0000003' } } })).count).to.equal(1);
  });

  it('cherche par nom du destinataire (receiverName, calculé côté serveur, sans accents ni casse)', async () => {
    const found = await list({ filters: { receiverName: { mode: 'contains', value: 'hotel du' } } });
    expect(found.data.map((i) => i.receiverName)).to.deep.equal(['Hôtel du Parc']);
    // not writable: the name follows the receiver
    const draft = await createDraft(k.http, { receiver: { company: 'Traiteur Lumière', firstname: 'Jeanne', name: 'Dupont' }, items: [] });
    expect(draft.receiverName).to.equal('Traiteur Lumière (Jeanne Dupont)');
    const refused = await k.http.put(`${API}/invoices/${draft._id}`, { receiverName: 'Autre' });
    expect(refused.status).to.equal(400);
    const renamed = await k.http.put(`${API}/invoices/${draft._id}`, { receiver: { name: 'Martin' } });
    expect(renamed.body.receiverName).to.equal('Martin');
    await k.http.delete(`${API}/invoices/${draft._id}`);
  });

  it('les totaux de l’écran ne comptent jamais les brouillons, quel que soit le filtre (issue 11)', async () => {
    const totals = async (filters?: Record<string, unknown>) => {
      const q = totalsQuery(filters as never);
      const res = await list({ filters: q.filters, pagination: q.pagination, aggregations: q.aggregations });
      return { count: res.count, total: res.aggregation.total.sum, unpaid: res.aggregation.unpaid.sum };
    };
    // the list shows the draft of 12 €; the totals leave it out
    expect((await list({})).count).to.equal(5);
    expect(await totals()).to.deep.equal({ count: 4, total: 415.94, unpaid: 365.95 });
    expect(await totals({ numberFull: { mode: 'exists', value: false } })).to.deep.equal({ count: 0, total: 0, unpaid: 0 });
    expect(await totals({ inclTaxesPrice: { mode: 'gte', value: 12 } })).to.deep.equal({ count: 4, total: 415.94, unpaid: 365.95 });
  });

  it('filtre les paiements par sens : encaissements, décaissements, compensations (issue 11)', async () => {
    const source = await invoiceOf(k.http, 60);
    const credit = await k.http.post(`${API}/invoices/${source._id}/credit`);
    await k.http.post(`${API}/invoices/${credit.body._id}/emit`);
    const refunded = await invoiceOf(k.http, 8);
    await pay(k.http, refunded._id, 8);
    await pay(k.http, refunded._id, -5);
    const of = async (direction: string) => (await k.http.get(`${API}/payments`, {
      query: { filters: { direction: { mode: 'eq', value: direction } }, aggregations: [{ name: 'sum', field: 'amount', sum: true }] },
    })).body as { count: number; aggregation: { sum: { sum: number } }; data: { direction: string; mode: string }[] };
    const [received, paidOut, none] = [await of('in'), await of('out'), await of('none')];
    expect([received.count, received.aggregation.sum.sum]).to.deep.equal([3, 57.99]);
    expect([paidOut.count, paidOut.aggregation.sum.sum]).to.deep.equal([1, -5]);
    expect([none.count, none.aggregation.sum.sum]).to.deep.equal([2, 0]);
    expect(none.data.every((p) => p.mode === 'credit-compensation' && p.direction === 'none')).to.equal(true);
    // computed by the server: a body cannot write it (payments are only recorded through an invoice)
    const refused = await k.http.post(`${API}/invoices/${refunded._id}/payments`, { amount: 1, direction: 'out' });
    expect(refused.status).to.equal(400);
  });

  it('somme les paiements et refuse un champ inconnu (400)', async () => {
    const res = await k.http.get(`${API}/payments`, { query: { aggregations: [{ name: 'received', field: 'amount', sum: true }] } });
    // 30 + 19.99, the compensation +60 / −60 of the credit note, 8 − 5 (the test above)
    expect(res.body.aggregation.received.sum).to.equal(52.99);
    const unknown = await k.http.get(`${API}/invoices`, { query: { sort: { field: 'totalTTC' } } });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.message).to.contain('totalTTC');
  });
});
