/**
 * Decisions under concurrency (issue 11, item 2): N parallel HTTP requests on one document, where
 * only some may win. Written for MariaDB, where a plain SELECT takes no lock under READ COMMITTED
 * and every one of these failed before the documents were read locked (`getForUpdate`); on SQLite
 * (one writer) they pass either way and check the same answers.
 */
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice, Quotation } from '../schemas/index.ts';
import { invoiceHash } from '../server/services/emission/hash-chain.ts';
import {
  FROZEN_INVOICE, NOTHING_LEFT_TO_CREDIT, QUOTATION_ALREADY_INVOICED, alreadyCredited,
} from '../server/messages.ts';
import { API, bootKernel, createCustomer, createDraft, emit, emitted, invoiceOf, makeEligible, pay } from './support.ts';

const N = 10;
type Answer = { status: number; body: { message?: string; code?: string } & Record<string, unknown> };

const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort((a, b) => a - b);

/**
 * The deadlocks MariaDB reports while `during` runs: the request layer runs a victim again, so a
 * lock order that cycles shows here, not as a 500. Every query of the kernel, transactions
 * included, goes through `k.db`.
 */
async function deadlocksDuring<T>(k: TestKernel, during: () => Promise<T>): Promise<{ result: T; deadlocks: number }> {
  let deadlocks = 0;
  const listener = (e: { code?: string; errno?: number }) => { if (e?.code === 'ER_LOCK_DEADLOCK' || e?.errno === 1213) deadlocks++; };
  k.db.on('query-error', listener);
  try {
    return { result: await during(), deadlocks };
  } finally {
    k.db.off('query-error', listener);
  }
}
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

describe('invoicing : décisions concurrentes (issue 11)', function () {
  this.timeout(180_000);
  let k: TestKernel;
  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
  });
  after(async () => { await k?.stop(); });

  const parallel = (n: number, call: (i: number) => Promise<Answer>) => Promise.all(Array.from({ length: n }, (_, i) => call(i)));

  it(`${N} avoirs de toute la facture en même temps : un seul 201, les autres 409 en français`, async () => {
    const source = await emitted(k.http, { items: [{ labelPrimary: 'Prestation', vat: 20, inclTaxesPrice: 120 }] });
    const answers = await parallel(N, () => k.http.post(`${API}/invoices/${source._id}/credit`));
    expect(statuses(answers), JSON.stringify(answers.map((a) => a.body.message))).to.deep.equal([201, ...Array(N - 1).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).to.equal(NOTHING_LEFT_TO_CREDIT);
    const credits = (await k.http.get(`${API}/invoices`, { query: { filters: { 'fk.sourceInvoice': { mode: 'eq', value: source._id } } } })).body;
    expect(credits.count).to.equal(1);
    expect(credits.data[0].inclTaxesPrice).to.equal(-120);
    const after = (await k.http.get(`${API}/invoices/${source._id}`)).body as Invoice;
    expect(after.itemsCredit).to.have.length(1);
    expect(after.itemsCredit[0].creditInvoiceId).to.equal(credits.data[0]._id);
  });

  it(`${N} avoirs de la même ligne choisie en même temps : un seul 201`, async () => {
    const source = await emitted(k.http, { items: [{ labelPrimary: 'Gâteau', vat: 5.5, exclTaxesPrice: 30 }, { labelPrimary: 'Livraison', vat: 20, exclTaxesPrice: 10 }] });
    const line = source.items[0];
    const answers = await parallel(N, () => k.http.post(`${API}/invoices/${source._id}/credit`, { items: [line.uuid] }));
    expect(statuses(answers)).to.deep.equal([201, ...Array(N - 1).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).to.equal(alreadyCredited('Gâteau'));
  });

  it(`${N} conversions du même devis en même temps : une seule facture`, async () => {
    const q = await k.http.post(`${API}/quotations`, { items: [{ labelPrimary: 'Pièce montée', vat: 5.5, exclTaxesPrice: 180 }] });
    expect(q.status).to.equal(201);
    const answers = await parallel(N, () => k.http.post(`${API}/quotations/${q.body._id}/invoice`));
    expect(statuses(answers)).to.deep.equal([201, ...Array(N - 1).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).to.equal(QUOTATION_ALREADY_INVOICED);
    const made = await k.http.get(`${API}/invoices`, { query: { filters: { 'fk.fromQuotation': { mode: 'eq', value: q.body._id } } } });
    expect(made.body.count).to.equal(1);
    expect(((await k.http.get(`${API}/quotations/${q.body._id}`)).body as Quotation).status).to.equal('invoiced');
  });

  it(`${N} paiements du reste entier en même temps, sans confirmation : un seul passe, la facture est payée une fois`, async () => {
    const invoice = await invoiceOf(k.http, 120);
    const answers = await parallel(N, () => k.http.post(`${API}/invoices/${invoice._id}/payments`, { mode: 'transfer', amount: 120 }));
    expect(statuses(answers)).to.deep.equal([200, ...Array(N - 1).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).to.match(/^Ce paiement dépasse de 120,00 € le reste à payer \(0,00 €\)/);
    const after = (await k.http.get(`${API}/invoices/${invoice._id}`)).body as Invoice;
    expect(after).to.include({ paidAmount: 120, unpaidAmount: 0, status: 'paid' });
  });

  it(`${N} remboursements de 50 € en même temps sur 120 € payés : jamais plus que payé (deux passent)`, async () => {
    const invoice = await invoiceOf(k.http, 120);
    await pay(k.http, invoice._id, 120);
    const answers = await parallel(N, () => k.http.post(`${API}/invoices/${invoice._id}/payments`, { mode: 'transfer', amount: -50 }));
    expect(count(answers, 200)).to.equal(2);
    expect(count(answers, 409)).to.equal(N - 2);
    const after = (await k.http.get(`${API}/invoices/${invoice._id}`)).body as Invoice;
    expect(after).to.include({ paidAmount: 20, unpaidAmount: 100, status: 'partially_paid' });
  });

  it('suppression et émission du même brouillon en même temps : jamais une facture émise supprimée, jamais un numéro pour un brouillon supprimé', async () => {
    // emissions queue on the counter; each deletion is sent a little later, so that some arrive
    // before their draft's emission, some during it and some after
    const M = 3 * N;
    const drafts = [];
    for (let i = 0; i < M; i++) drafts.push(await createDraft(k.http, { items: [{ labelPrimary: `Commande ${i}`, vat: 20, exclTaxesPrice: i + 1 }] }));
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const pairs = await Promise.all(drafts.map(async (d, i) => {
      const emission = k.http.post(`${API}/invoices/${d._id}/emit`);
      const deletion = later((i * 37) % 400).then(() => k.http.delete(`${API}/invoices/${d._id}`));
      return [await emission, await deletion] as const;
    }));
    let emittedCount = 0;
    let deletedCount = 0;
    for (const [i, d] of drafts.entries()) {
      const [a, b] = pairs[i];
      // exactly one of them wins
      const stored = await k.http.get(`${API}/invoices/${d._id}`);
      if (a.status === 200) {
        emittedCount++;
        expect(b.status, JSON.stringify(b.body)).to.equal(409);
        expect(b.body.message).to.equal(FROZEN_INVOICE);
        expect(stored.status).to.equal(200);
        expect(stored.body.numberFull).to.equal(a.body.numberFull);
      } else {
        deletedCount++;
        expect(a.status, JSON.stringify(a.body)).to.equal(404);
        expect(b.status, JSON.stringify(b.body)).to.equal(204);
        expect(stored.status).to.equal(404);
      }
    }
    // every draft either emitted or deleted, never both nor neither
    expect(emittedCount + deletedCount).to.equal(M);
    // numbers without gap, one unbroken chain, its head on the last one
    const integrity = (await k.http.get(`${API}/integrity`)).body;
    expect(integrity, JSON.stringify(integrity)).to.include({ valid: true, firstBroken: null });
    const chain = (await k.http.get(`${API}/invoices`, {
      query: { filters: { number: { mode: 'exists', value: true } }, sort: { field: 'number', ascending: true }, pagination: { quantity: 500 } },
    })).body.data as Invoice[];
    expect(chain.map((x) => x.number)).to.deep.equal(chain.map((_, i) => i + 1));
    // the chain holds exactly the drafts whose emission answered 200
    const draftIds = new Set(drafts.map((d) => d._id));
    expect(chain.filter((x) => draftIds.has(x._id)).length).to.equal(emittedCount);
  });

  it(`${N} suppressions du même brouillon en même temps : une seule 204`, async () => {
    const draft = await createDraft(k.http);
    const answers = await parallel(N, () => k.http.delete(`${API}/invoices/${draft._id}`));
    expect(statuses(answers)).to.deep.equal([204, ...Array(N - 1).fill(404)]);
  });

  it('une modification du brouillon pendant son émission ne dés-émet ni ne change jamais la facture émise', async () => {
    const drafts = [];
    for (let i = 0; i < N; i++) drafts.push(await createDraft(k.http, { items: [{ labelPrimary: `Tarte ${i}`, vat: 5.5, exclTaxesPrice: 10 }] }));
    const answers = await Promise.all(drafts.flatMap((d) => [
      k.http.post(`${API}/invoices/${d._id}/emit`),
      k.http.put(`${API}/invoices/${d._id}`, { items: [{ labelPrimary: 'Changée', vat: 5.5, exclTaxesPrice: 99 }] }),
    ]));
    for (const [i, d] of drafts.entries()) {
      const [emission, edit] = [answers[2 * i], answers[2 * i + 1]];
      expect(emission.status, JSON.stringify(emission.body)).to.equal(200);
      const stored = (await k.http.get(`${API}/invoices/${d._id}`)).body as Invoice;
      expect(stored.numberFull).to.equal(emission.body.numberFull);
      expect(stored.items[0].labelPrimary).to.equal(emission.body.items[0].labelPrimary);
      if (edit.status === 200) expect(stored.items[0].labelPrimary).to.equal('Changée');
      else expect(edit.body.message).to.equal(FROZEN_INVOICE);
    }
    const integrity = (await k.http.get(`${API}/integrity`)).body;
    expect(integrity, JSON.stringify(integrity)).to.include({ valid: true, firstBroken: null });
  });

  it('le solde du client reste juste sous des écritures simultanées (adjustBalance lit la fiche verrouillée)', async () => {
    const customer = await createCustomer(k.http, { name: 'Solde', firstname: 'Simultané' });
    await Promise.all(Array.from({ length: N }, () => k.kernel.asSystem(k.admin.companyId, async (ctx: CallContext) => {
      await ctx.resolve<{ adjustBalance(id: string, delta: number): Promise<void> }>('contacts.customers').adjustBalance(customer._id, 12.34);
    }, 'invoicing')));
    const stored = (await k.http.get(`/api/contacts/customers/${customer._id}`)).body;
    expect(stored.balance).to.equal(123.4);
    // through the routes: emissions and payments of one customer at once
    const invoices = [];
    for (let i = 0; i < 5; i++) invoices.push(await createDraft(k.http, { fk: { receiverCustomer: customer._id }, items: [{ labelPrimary: 'Pain', vat: 5.5, inclTaxesPrice: 10 }] }));
    const emissions = await Promise.all(invoices.map((d) => emit(k.http, d._id)));
    await Promise.all(emissions.map((e) => k.http.post(`${API}/invoices/${e._id}/payments`, { amount: 4 })));
    expect((await k.http.get(`/api/contacts/customers/${customer._id}`)).body.balance).to.equal(123.4 + 5 * 10 - 5 * 4);
  });

  it('un avoir émis pendant qu’un paiement arrive sur sa facture : compensation et paiement sans dépassement', async () => {
    const source = await invoiceOf(k.http, 100);
    const credit = await k.http.post(`${API}/invoices/${source._id}/credit`);
    const [emission, payment] = await Promise.all([
      k.http.post(`${API}/invoices/${credit.body._id}/emit`),
      k.http.post(`${API}/invoices/${source._id}/payments`, { amount: 100 }),
    ]);
    expect(emission.status, JSON.stringify(emission.body)).to.equal(200);
    const after = (await k.http.get(`${API}/invoices/${source._id}`)).body as Invoice;
    // whichever came first, the invoice is paid exactly once: 100 by the customer or by the credit note
    expect(after).to.include({ paidAmount: 100, unpaidAmount: 0, status: 'paid' });
    if (payment.status === 200) expect((await k.http.get(`${API}/invoices/${credit.body._id}`)).body.paidAmount).to.equal(0);
    else expect(payment.status).to.equal(409);
    const chain = (await k.http.get(`${API}/invoices`, { query: { filters: { number: { mode: 'exists', value: true } }, sort: { field: 'number', ascending: true }, pagination: { quantity: 500 } } })).body.data as Invoice[];
    let previous: string | null = null;
    for (const x of chain) { expect(x.hash).to.equal(invoiceHash(previous, x)); previous = x.hash!; }
  });

  it(`${N} remboursements de 30 € à la fois sur la facture et sur son avoir, 100 € versés : trois passent, jamais plus que versé`, async () => {
    const invoice = await invoiceOf(k.http, 100);
    await pay(k.http, invoice._id, 100);
    const draft = await k.http.post(`${API}/invoices/${invoice._id}/credit`);
    const credit = await emit(k.http, draft.body._id);
    // each document's own cap would let 3 through on each (6 × 30 € for 100 € received)
    const answers = await parallel(N, (i) => k.http.post(`${API}/invoices/${i % 2 ? credit._id : invoice._id}/payments`, { mode: 'transfer', amount: -30 }));
    expect(statuses(answers), JSON.stringify(answers.map((a) => a.body.message))).to.deep.equal([200, 200, 200, ...Array(N - 3).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).to.match(/^Impossible de rembourser 30,00 € : le client a versé 100,00 €/);
    const refunds = (await k.http.get(`${API}/payments`, { query: { filters: { amount: { mode: 'lt', value: 0 } }, pagination: { quantity: 500 } } })).body.data
      .filter((p: { fk: { invoice: string } }) => [invoice._id, credit._id].includes(p.fk.invoice));
    expect(refunds.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0)).to.equal(-90);
  });

  it(`${N} émissions en même temps de brouillons d’avoir qui ensemble dépassent la facture : seuls ceux qui tiennent passent`, async () => {
    const source = await emitted(k.http, { items: Array.from({ length: N }, (_, i) => ({ labelPrimary: `Séance ${i + 1}`, vat: 20, inclTaxesPrice: 100 })) });
    const drafts: Invoice[] = [];
    for (const line of source.items) {
      const draft = await k.http.post(`${API}/invoices/${source._id}/credit`, { items: [line.uuid] });
      // alone, 150 € fits the 1 000 € of the invoice (nothing emitted yet): accepted at save
      const edited = await k.http.put(`${API}/invoices/${draft.body._id}`, { items: [{ labelPrimary: line.labelPrimary, quantity: -1.5, vat: 20, inclTaxesPrice: 100 }] });
      expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
      drafts.push(edited.body);
    }
    const answers = await Promise.all(drafts.map((d) => k.http.post(`${API}/invoices/${d._id}/emit`)));
    // 6 × 150 = 900 fit in 1 000; a 7th would credit 1 050
    expect(statuses(answers), JSON.stringify(answers.map((a) => a.body.message))).to.deep.equal([...Array(6).fill(200), ...Array(N - 6).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).to.match(/^Cet avoir de 150,00 € dépasse ce qui reste à créditer sur la facture .* : 100,00 €/);
    const after = (await k.http.get(`${API}/invoices/${source._id}`)).body as Invoice;
    expect(after).to.include({ paidAmount: 900, unpaidAmount: 100, status: 'partially_paid' });
    const integrity = (await k.http.get(`${API}/integrity`)).body;
    expect(integrity, JSON.stringify(integrity)).to.include({ valid: true, firstBroken: null });
  });

  it('des paiements des factures d’un client pendant que sa fiche change : sans interblocage (le solde se verrouille avant que le paiement nomme le client)', async () => {
    const customer = await createCustomer(k.http, { name: 'Fiche', firstname: 'Changeante' });
    const invoices: Invoice[] = [];
    for (let i = 0; i < N; i++) invoices.push(await emit(k.http, (await createDraft(k.http, { fk: { receiverCustomer: customer._id }, items: [{ labelPrimary: 'Pain', vat: 5.5, inclTaxesPrice: 10 }] }))._id));
    const { result: answers, deadlocks } = await deadlocksDuring(k, () => Promise.all(invoices.flatMap((invoice, i) => [
      k.http.post(`${API}/invoices/${invoice._id}/payments`, { amount: 10 }),
      k.http.put(`/api/contacts/customers/${customer._id}`, { notes: `Modifié ${i}` }),
    ])));
    expect(answers.map((a) => a.status), JSON.stringify(answers.filter((a) => a.status !== 200).map((a) => a.body))).to.deep.equal(Array(2 * N).fill(200));
    expect(deadlocks).to.equal(0);
    expect((await k.http.get(`/api/contacts/customers/${customer._id}`)).body.balance).to.equal(0);
  });

  it(`${N} « Lancer maintenant » de modèles émis d’un client pendant ${N} émissions de ses brouillons : sans interblocage (le numéro avant le brouillon)`, async () => {
    const customer = await createCustomer(k.http, { name: 'Abonné', firstname: 'Régulier' });
    const templates: string[] = [];
    for (let i = 0; i < N; i++) {
      const t = await k.http.post(`${API}/invoice-templates`, {
        name: `Abonnement ${i}`, saveAsDraft: false, fk: { customers: [customer._id] },
        cronRules: [{ cron: '0 8 1 * *', identifier: 'mensuel', manualOnly: true }],
        items: [{ labelPrimary: 'Abonnement', quantity: 1, vat: 20, exclTaxesPrice: 30 }],
      });
      expect(t.status, JSON.stringify(t.body)).to.equal(201);
      templates.push(t.body._id);
    }
    const drafts: Invoice[] = [];
    for (let i = 0; i < N; i++) drafts.push(await createDraft(k.http, { fk: { receiverCustomer: customer._id }, items: [{ labelPrimary: 'Pain', vat: 5.5, inclTaxesPrice: 10 }] }));
    const { result: answers, deadlocks } = await deadlocksDuring(k, () => Promise.all(templates.flatMap((t, i) => [
      k.http.post(`${API}/invoice-templates/${t}/run`, { identifier: 'mensuel' }),
      k.http.post(`${API}/invoices/${drafts[i]._id}/emit`),
    ])));
    expect(answers.map((a) => a.status), JSON.stringify(answers.filter((a) => a.status >= 300).map((a) => a.body))).to.deep.equal(Array(N).fill([201, 200]).flat());
    expect(deadlocks).to.equal(0);
    expect((await k.http.get(`/api/contacts/customers/${customer._id}`)).body.balance).to.equal(N * 36 + N * 10);
  });
});
