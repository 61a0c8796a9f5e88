/**
 * Receipts under concurrency (README « Concurrency »), written for MariaDB (a plain SELECT takes no
 * lock there; on SQLite they pass either way): sales on two registers at once get gapless numbers
 * in one chain and leave each drawer exact; parallel refunds of one receipt never give back more
 * than was sold (the original's row is locked before its refunds are read).
 */
import { Decimal } from 'decimal.js';
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { CashRegister, Receipt } from '../schemas/index.ts';
import { API, bootKernel, cash, ok } from './support.ts';
import { ELIGIBLE_COMPANY, openRegister, sell, updateCompany } from './receipts-support.ts';

const N = 12;

describe('pos : tickets en concurrence', function () {
  this.timeout(180_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  const total = (c: CashRegister['cash']) => c.details!.reduce((s, l) => s.plus(new Decimal(l.unit).times(l.quantity)), new Decimal(0)).toNumber();

  it(`${2 * N} ventes sur deux caisses en même temps : numéros sans trou ni doublon, une chaîne, tiroirs exacts`, async () => {
    const drawer = cash([5, 10], [2, 10], [1, 20], [0.5, 20], [0.2, 20], [0.1, 20]);
    const a = await openRegister(k, drawer);
    const b = await openRegister(k, drawer);
    // each sale: 3,70 paid with a 5 € note → 1,30 of change
    const answers = await Promise.all(Array.from({ length: 2 * N }, (_, i) => k.http.post(`${API}/receipts`, {
      cashRegisterId: i % 2 ? b._id : a._id, items: [{ labelPrimary: `Pain ${i}`, inclTaxesPrice: 3.7, vat: 5.5 }],
      payments: [{ mode: 'cash', amount: 3.7, cash: cash([5, 1]) }],
    })));
    expect(answers.map((x) => x.status)).to.deep.equal(Array(2 * N).fill(201));
    const numbers = answers.map((x) => (x.body as Receipt).number!).sort((x, y) => x - y);
    expect(numbers).to.deep.equal(Array.from({ length: 2 * N }, (_, i) => numbers[0] + i));
    const integrity = await ok(k.http.get(`${API}/integrity`));
    expect(integrity.valid, JSON.stringify(integrity)).to.equal(true);
    for (const r of [a, b]) {
      const stored = await ok<CashRegister>(k.http.get(`${API}/cash-registers/${r._id}`));
      expect(total(stored.cash)).to.equal(new Decimal(total(drawer)).plus(new Decimal(3.7).times(N)).toNumber());
    }
  });

  it(`${N} remboursements du même ticket en même temps : jamais plus que vendu`, async () => {
    const r = await openRegister(k, cash([10, 5]));
    const sale = await sell(k.http, { cashRegisterId: r._id, items: [{ labelPrimary: 'Croissant', quantity: 5, inclTaxesPrice: 1.2, vat: 5.5 }], payments: [{ mode: 'cb', amount: 6 }] });
    const answers = await Promise.all(Array.from({ length: N }, () => k.http.post(`${API}/receipts/${sale._id}/refund`, {
      lines: [{ uuid: sale.items[0].uuid, quantity: 2 }], payments: [{ mode: 'cb', amount: 2.4 }],
    })));
    // 5 sold: two refunds of 2 pass, the others find 1 left
    expect(answers.filter((x) => x.status === 201)).to.have.length(2);
    expect(answers.filter((x) => x.status === 409)).to.have.length(N - 2);
    const refunds = await k.db('pos_receipts').where({ fk_sourceReceipt: sale._id }).count({ n: '*' });
    expect(Number(refunds[0].n)).to.equal(2);
    expect((await ok(k.http.get(`${API}/integrity`))).valid).to.equal(true);
  });

  it(`${N} transformations en facture du même ticket en même temps : une seule facture`, async () => {
    await updateCompany(k, ELIGIBLE_COMPANY);
    const customer = await ok(k.http.post('/api/contacts/customers', { company: 'Hôtel du Parc', addresses: [{ address: '1 place Bellecour', zipCode: '69002', city: 'Lyon', country: 'France' }] }), 201);
    const r = await openRegister(k, cash([10, 1]));
    const sale = await sell(k.http, { cashRegisterId: r._id, items: [{ labelPrimary: 'Pièce montée', inclTaxesPrice: 80, vat: 5.5 }], payments: [{ mode: 'check', amount: 80 }] });
    const answers = await Promise.all(Array.from({ length: N }, () => k.http.post(`${API}/receipts/${sale._id}/invoice`, { customerId: customer._id })));
    expect(answers.filter((x) => x.status === 201)).to.have.length(1);
    expect(answers.filter((x) => x.status === 409)).to.have.length(N - 1);
    const invoices = await k.db('invoicing_invoices').where({ fk_receipt: sale._id }).count({ n: '*' });
    expect(Number(invoices[0].n)).to.equal(1);
  });
});
