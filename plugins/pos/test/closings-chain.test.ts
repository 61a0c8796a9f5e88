/**
 * The closings under tampering and load (README « Closings »): a Z, an X and an archive changed or
 * removed by SQL are each named by the verifier; a day of 5 000 receipts closed by a Z whose totals
 * equal sums recomputed here, independently; two Z at once on one register (one wins; MariaDB).
 */
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { ClosingTicket, Receipt } from '../schemas/index.ts';
import { API, bootKernel, cash, createRegister, ok } from './support.ts';
import { cardSale } from './receipts-support.ts';

describe('pos : chaînes des clôtures, une journée de 5 000 tickets, clôtures concurrentes', function () {
  this.timeout(600_000);
  let k: TestKernel;
  let now = new Date('2026-02-10T08:00:00Z');
  before(async () => { k = await bootKernel({ now: () => now }); });
  after(async () => { await k?.stop(); });

  it('nomme un ticket Z, un ticket X et une archive modifiés ou supprimés en SQL', async () => {
    const r = await createRegister(k);
    await ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 1]) }));
    await cardSale(k.http, r._id, 3);
    const x = await ok<ClosingTicket>(k.http.post(`${API}/cash-registers/${r._id}/x-ticket`, {}), 201);
    const { zTicket: z } = await ok(k.http.post(`${API}/cash-registers/${r._id}/z-ticket`, { cash: cash([10, 1]) }));
    now = new Date('2026-02-11T08:00:00Z');
    const day = await ok(k.http.post(`${API}/archives`, { frequency: 'daily', date: '2026-02-10' }), 201);
    expect((await ok(k.http.get(`${API}/integrity`))).valid).to.equal(true);
    // each: a column changed by SQL, the verifier names the row, the raw value put back
    const cases: [string, string, string, string, unknown][] = [
      ['pos_z_tickets', 'z-ticket', z._id, 'totalInclTaxes', 12345],
      ['pos_x_tickets', 'x-ticket', x._id, 'ticketsCount', 0],
      ['pos_archives', 'archive-daily', day._id, 'period', '2026-02-09'],
    ];
    for (const [table, kind, id, column, value] of cases) {
      const raw = (await k.db(table).where({ _id: id }).first(column))[column];
      await k.db(table).where({ _id: id }).update({ [column]: value });
      const report = await ok(k.http.get(`${API}/integrity`));
      expect(report.valid, kind).to.equal(false);
      expect(report.firstBroken, kind).to.include({ kind, _id: id });
      await k.db(table).where({ _id: id }).update({ [column]: raw });
    }
    // the last Z removed: its head stored apart names it
    const row = await k.db('pos_z_tickets').where({ _id: z._id }).first();
    await k.db('pos_z_tickets').where({ _id: z._id }).delete();
    const removed = await ok(k.http.get(`${API}/integrity`));
    expect(removed.firstBroken).to.include({ kind: 'z-ticket' });
    await k.db('pos_z_tickets').insert(row);
    expect((await ok(k.http.get(`${API}/integrity`))).valid).to.equal(true);
  });

  it('deux tickets Z en même temps sur une caisse : un seul passe (10 requêtes)', async () => {
    const r = await createRegister(k);
    await ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 1]) }));
    await cardSale(k.http, r._id, 2);
    const answers = await Promise.all(Array.from({ length: 10 }, () => k.http.post(`${API}/cash-registers/${r._id}/z-ticket`, { cash: cash([10, 1]) })));
    expect(answers.map((a) => a.status).sort()).to.deep.equal([200, ...Array(9).fill(409)]);
    expect(Number((await k.db('pos_z_tickets').where({ fk_cashRegister: r._id }).count({ n: '*' }))[0].n)).to.equal(1);
    expect((await ok(k.http.get(`${API}/integrity`))).valid).to.equal(true);
  });

  it('une journée de 5 000 tickets clôturée par un Z égal aux sommes recalculées ici', async () => {
    const r = await createRegister(k);
    await ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 1]) }));
    const modes = ['cb', 'check', 'nfc', 'gift-card'];
    const N = 5000;
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let i = next++; i < N; i = next++) {
        const price = 0.5 + (i % 97) / 10;
        const vat = i % 3 === 0 ? 5.5 : i % 3 === 1 ? 10 : 20;
        await ok(k.http.post(`${API}/receipts`, {
          cashRegisterId: r._id, items: [{ labelPrimary: `Article ${i % 13}`, inclTaxesPrice: price, vat, quantity: 1 + (i % 2) }],
          payments: [{ mode: modes[i % 4], amount: new Decimal(price).times(1 + (i % 2)).toNumber() }],
        }), 201);
      }
    }));
    const { zTicket: z } = await ok<{ zTicket: ClosingTicket }>(k.http.post(`${API}/cash-registers/${r._id}/z-ticket`, { cash: cash([10, 1]) }));
    // independently: straight from the stored rows, with plain sums
    const rows = await k.db('pos_receipts').where({ fk_cashRegister: r._id }).select('inclTaxesPrice', 'exclTaxesPrice', 'payments', 'items');
    const sum = (f: (x: Record<string, unknown>) => number) => rows.reduce((s, x) => s.plus(f(x)), new Decimal(0)).toNumber();
    // money columns hold ten-thousandths of a euro (the record codec's `money`)
    const euros = (v: unknown) => new Decimal(v as number).div(10_000).toNumber();
    expect(rows).to.have.length(N);
    expect(z.ticketsCount).to.equal(N);
    expect(z.receiptsCount).to.equal(N);
    expect(z.totalInclTaxes).to.equal(sum((x) => euros(x.inclTaxesPrice)));
    expect(z.totalExclTaxes).to.equal(sum((x) => euros(x.exclTaxesPrice)));
    for (const mode of modes) {
      const own = rows.map((x) => (typeof x.payments === 'string' ? JSON.parse(x.payments) : x.payments) as Receipt['payments']).flat().filter((p) => p.mode === mode);
      expect(z.paymentsDetails.find((d) => d.mode === mode), mode).to.deep.equal({ mode, totalInclTaxesAmount: own.reduce((s, p) => s.plus(p.amount), new Decimal(0)).toNumber(), transactionsCount: own.length });
    }
    const sold = rows.map((x) => (typeof x.items === 'string' ? JSON.parse(x.items) : x.items) as Receipt['items']).flat().reduce((s, l) => s + Number(l.quantity), 0);
    expect(z.vatDetails.reduce((s, v) => s + v.soldProducts, 0)).to.equal(sold);
    expect(z.vatDetails.map((v) => v.vat)).to.deep.equal([5.5, 10, 20]);
  });
});
