/**
 * Payments of purchases and online orders under concurrency (issue 11, item 2): the document is
 * read locked after the payment counter, so N parallel payments of the whole amount make one
 * payment, and parallel refunds never take back more than was paid. Written for MariaDB (a plain
 * SELECT takes no lock there); on SQLite they pass either way.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { ExternalPurchase, Purchase } from '../schemas/index.ts';
import { API, bootKernel, createExternal, createPurchase, ok } from './support.ts';

const N = 10;

/**
 * The deadlocks MariaDB reports while `during` runs. The request layer runs a victim again, so an
 * order of locks that cycles would not show as a 500 (not always): it shows here. Every query of
 * the kernel, transactions included, goes through `k.db`.
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

describe('purchases : paiements concurrents (issue 11)', function () {
  this.timeout(120_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort((a, b) => a - b);

  it(`${N} paiements du reste entier d’un achat en même temps : un seul passe`, async () => {
    const p = await createPurchase(k.http, { items: [{ labelPrimary: 'Four', quantity: 1, vat: 20, inclTaxesPrice: 120 }] });
    const answers = await Promise.all(Array.from({ length: N }, () => k.http.post(`${API}/purchases/${p._id}/payments`, { amount: 120, mode: 'transfer' })));
    expect(statuses(answers)).to.deep.equal([200, ...Array(N - 1).fill(409)]);
    const after = await ok<Purchase>(k.http.get(`${API}/purchases/${p._id}`));
    expect(after).to.include({ paidAmount: 120, unpaidAmount: 0, status: 'paid' });
  });

  it(`${N} remboursements de 50 € d’un achat payé 120 € en même temps : deux passent`, async () => {
    const p = await createPurchase(k.http, { items: [{ labelPrimary: 'Four', quantity: 1, vat: 20, inclTaxesPrice: 120 }], payments: [{ amount: 120 }] });
    const answers = await Promise.all(Array.from({ length: N }, () => k.http.post(`${API}/purchases/${p._id}/payments`, { amount: -50 })));
    expect(answers.filter((a) => a.status === 200)).to.have.length(2);
    expect((await ok<Purchase>(k.http.get(`${API}/purchases/${p._id}`))).paidAmount).to.equal(20);
  });

  it(`${N} paiements du reste entier d’un achat en ligne en même temps : un seul passe`, async () => {
    const order = await createExternal(k.http);
    const answers = await Promise.all(Array.from({ length: N }, () => k.http.post(`${API}/external-purchases/${order._id}/payments`, { amount: 24.9 })));
    expect(statuses(answers)).to.deep.equal([200, ...Array(N - 1).fill(409)]);
    const after = await ok<ExternalPurchase>(k.http.get(`${API}/external-purchases/${order._id}`));
    expect(after).to.include({ paidAmount: 24.9, unpaidAmount: 0 });
    expect(after.paymentModes).to.have.length(1);
  });

  it('des liens défaits des deux côtés à la fois (achat ↔ achat en ligne) : jamais un 500, les deux côtés d’accord', async () => {
    const pairs: { p: Purchase; order: ExternalPurchase }[] = [];
    for (let i = 0; i < N; i++) {
      const order = await createExternal(k.http);
      const p = await createPurchase(k.http, { fk: { externalPurchases: [order._id] } });
      pairs.push({ p, order });
    }
    // both sides lock purchases, then orders, after the company's counter: no cycle, no deadlock
    const { result: answers, deadlocks } = await deadlocksDuring(k, () => Promise.all(pairs.flatMap(({ p, order }) => [
      k.http.put(`${API}/purchases/${p._id}`, { fk: { externalPurchases: [] } }),
      k.http.put(`${API}/external-purchases/${order._id}`, { fk: { purchases: [] } }),
    ])));
    expect(answers.map((a) => a.status), JSON.stringify(answers.filter((a) => a.status !== 200).map((a) => a.body))).to.deep.equal(Array(2 * N).fill(200));
    expect(deadlocks).to.equal(0);
    for (const { p, order } of pairs) {
      expect((await ok<Purchase>(k.http.get(`${API}/purchases/${p._id}`))).fk.externalPurchases).to.deep.equal([]);
      expect((await ok<ExternalPurchase>(k.http.get(`${API}/external-purchases/${order._id}`))).fk.purchases).to.deep.equal([]);
    }
  });

  it(`${N} achats liés au même achat en ligne en même temps : il les liste tous`, async () => {
    const order = await createExternal(k.http);
    const made = await Promise.all(Array.from({ length: N }, () => k.http.post(`${API}/purchases`, {
      items: [{ labelPrimary: 'Farine', quantity: 1, vat: 5.5, exclTaxesPrice: 10 }], fk: { externalPurchases: [order._id] },
    })));
    expect(made.map((m) => m.status)).to.deep.equal(Array(N).fill(201));
    const after = await ok<ExternalPurchase>(k.http.get(`${API}/external-purchases/${order._id}`));
    expect([...after.fk.purchases].sort()).to.deep.equal(made.map((m) => m.body._id as string).sort());
  });

  it('une modification de l’achat pendant des paiements : le statut suit le dernier total et tous les paiements', async () => {
    const p = await createPurchase(k.http, { items: [{ labelPrimary: 'Four', quantity: 1, vat: 20, inclTaxesPrice: 100 }] });
    await Promise.all([
      ...Array.from({ length: 5 }, () => k.http.post(`${API}/purchases/${p._id}/payments`, { amount: 10 })),
      k.http.put(`${API}/purchases/${p._id}`, { items: [{ labelPrimary: 'Four', quantity: 1, vat: 20, inclTaxesPrice: 50 }] }),
    ]);
    const after = await ok<Purchase>(k.http.get(`${API}/purchases/${p._id}`));
    expect(after).to.include({ inclTaxesPrice: 50, paidAmount: 50, unpaidAmount: 0, status: 'paid' });
  });

  it(`${N} × 7 opérations mêlées sur des achats liés (liens, paiements, créations liées payées, suppression) : aucun 500, aucun interblocage, les deux côtés d’accord`, async () => {
    const sets: { order: ExternalPurchase; p: Purchase; doomed: Purchase; other: Purchase }[] = [];
    for (let i = 0; i < N; i++) {
      const order = await createExternal(k.http, { items: [{ label: 'Moule', quantity: 1, vat: 20, inclTaxesPrice: 100 }] });
      const p = await createPurchase(k.http, { items: [{ labelPrimary: 'Four', quantity: 1, vat: 20, inclTaxesPrice: 100 }], fk: { externalPurchases: [order._id] } });
      const doomed = await createPurchase(k.http, { fk: { externalPurchases: [order._id] } });
      const other = await createPurchase(k.http);
      sets.push({ order, p, doomed, other });
    }
    // before issue 11 review, a new order linked to P and paid locked P, then the payment counter,
    // while a payment of P held the counter and waited for P; and an order's edit locked the order
    // before its purchases, a purchase's edit the other way round
    const { result: answers, deadlocks } = await deadlocksDuring(k, () => Promise.all(sets.flatMap(({ order, p, doomed, other }) => [
      k.http.post(`${API}/purchases/${p._id}/payments`, { amount: 10 }),
      k.http.post(`${API}/external-purchases`, { shop: 'Boutique', items: [{ label: 'Spatule', quantity: 1, vat: 20, inclTaxesPrice: 12 }], fk: { purchases: [p._id] }, paymentModes: [{ amount: 12 }] }),
      k.http.put(`${API}/external-purchases/${order._id}`, { fk: { purchases: [p._id, other._id] } }),
      k.http.put(`${API}/purchases/${other._id}`, { fk: { externalPurchases: [order._id] } }),
      k.http.post(`${API}/external-purchases/${order._id}/payments`, { amount: 10 }),
      k.http.post(`${API}/purchases`, { items: [{ labelPrimary: 'Farine', quantity: 1, vat: 5.5, exclTaxesPrice: 10 }], fk: { externalPurchases: [order._id] }, payments: [{ amount: 10.55 }] }),
      k.http.delete(`${API}/purchases/${doomed._id}`),
    ])));
    const expected = Array(N).fill([200, 201, 200, 200, 200, 201, 204]).flat();
    expect(answers.map((a) => a.status), JSON.stringify(answers.filter((a) => a.status >= 300).map((a) => a.body))).to.deep.equal(expected);
    expect(deadlocks).to.equal(0);
    // both sides of every link agree
    const purchases = (await ok<{ data: Purchase[] }>(k.http.get(`${API}/purchases`, { query: { pagination: { quantity: 500 } } }))).data;
    const orders = (await ok<{ data: ExternalPurchase[] }>(k.http.get(`${API}/external-purchases`, { query: { pagination: { quantity: 500 } } }))).data;
    const fromPurchases = purchases.flatMap((x) => x.fk.externalPurchases.map((o) => `${x._id}>${o}`)).sort();
    const fromOrders = orders.flatMap((o) => o.fk.purchases.map((x) => `${x}>${o._id}`)).sort();
    expect(fromPurchases).to.deep.equal(fromOrders);
    for (const { order, p } of sets) {
      expect((await ok<ExternalPurchase>(k.http.get(`${API}/external-purchases/${order._id}`))).paidAmount).to.equal(10);
      expect((await ok<Purchase>(k.http.get(`${API}/purchases/${p._id}`))).paidAmount).to.equal(10);
    }
  });
});
