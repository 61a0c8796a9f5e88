/**
 * 50 emissions at once over HTTP (SQLite and MariaDB): 50 consecutive numbers, no gap, no
 * duplicate, and one unbroken hash chain (each invoice chained on the one numbered just before).
 * Payments recorded at once chain the same way.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import type { Payment } from '@comptoir/schemas';
import { invoiceHash, paymentHash } from '../server/services/emission/hash-chain.ts';
import { API, bootKernel, createDraft, emitted, makeEligible } from './support.ts';

const N = 50;

describe('invoicing : émissions concurrentes', function () {
  this.timeout(120000);
  let k: TestKernel;
  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
  });
  after(async () => { await k?.stop(); });

  it(`donne à ${N} émissions simultanées ${N} numéros consécutifs et une seule chaîne d’empreintes`, async () => {
    const first = await emitted(k.http);
    const drafts = [];
    for (let i = 0; i < N; i++) drafts.push(await createDraft(k.http, { items: [{ labelPrimary: `Commande ${i}`, vat: 20, exclTaxesPrice: i + 1 }] }));
    const answers = await Promise.all(drafts.map((d) => k.http.post(`${API}/invoices/${d._id}/emit`)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).to.equal(200);
    const numbers = answers.map((a) => a.body.number as number).sort((a, b) => a - b);
    expect(numbers).to.deep.equal(Array.from({ length: N }, (_, i) => first.number! + 1 + i));
    expect(new Set(answers.map((a) => a.body.numberFull)).size).to.equal(N);

    const chain = (await k.http.get(`${API}/invoices`, {
      query: { filters: { number: { mode: 'exists', value: true } }, sort: { field: 'number', ascending: true }, pagination: { quantity: 500 } },
    })).body.data as Invoice[];
    expect(chain).to.have.length(N + 1);
    let previous: string | null = null;
    for (const invoice of chain) {
      expect(invoice.hash, `facture ${invoice.numberFull}`).to.equal(invoiceHash(previous, invoice));
      previous = invoice.hash!;
    }
  });

  it(`enregistre ${N} paiements simultanés sans trou de numéro ni fourche de chaîne, et solde juste`, async () => {
    const invoice = await emitted(k.http, { items: [{ labelPrimary: 'Gros gâteau', vat: 20, inclTaxesPrice: 100 }] });
    const answers = await Promise.all(Array.from({ length: N }, () => k.http.post(`${API}/invoices/${invoice._id}/payments`, { mode: 'cb', amount: 2 })));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).to.equal(200);
    const settled = (await k.http.get(`${API}/invoices/${invoice._id}`)).body as Invoice;
    expect(settled).to.include({ paidAmount: 100, unpaidAmount: 0, status: 'paid' });
    const payments = (await k.http.get(`${API}/payments`, { query: { sort: { field: 'number', ascending: true }, pagination: { quantity: 500 } } })).body.data as Payment[];
    expect(payments.map((p) => p.number)).to.deep.equal(Array.from({ length: N }, (_, i) => i + 1));
    let previous: string | null = null;
    for (const p of payments) {
      expect(p.hash).to.equal(paymentHash(previous, p));
      previous = p.hash!;
    }
  });
});
