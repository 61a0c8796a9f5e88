/**
 * The closings under tampering and load (README « Closings »): a Z, an X and an archive changed or
 * removed by SQL are each named by the verifier; a day of 5 000 receipts closed by a Z whose totals
 * equal sums recomputed here, independently; two Z at once on one register (one wins; MariaDB).
 */
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { CallContext } from '@comptoir/sdk';
import type { ClosingTicket, Receipt, ReceiptInput } from '../schemas/index.ts';
import type { ReceiptsService } from '../server/services/receipts/receipts.ts';
import { computeDocument } from '@comptoir/sdk/commerce';
import { encodeRow, newId } from '@comptoir/server';
import { Receipts } from '../server/entities.ts';
import { receiptHash } from '../server/services/receipts/hash.ts';
import { settlePayments } from '../server/services/receipts/payments.ts';
import { API, bootKernel, cash, createRegister, ok } from './support.ts';
import { cardSale } from './receipts-support.ts';

/**
 * SQLite answers synchronously: a long in-process loop never lets the event loop run its timers; one turn lets
 * the idle keep-alive connections close on both sides before the next request (else it may go out on a dying one).
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

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
    // a drawer that can give change all day
    await ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([20, 200], [10, 200], [5, 200], [2, 500], [1, 500], [0.5, 500], [0.2, 500], [0.1, 500], [0.05, 500], [0.02, 500], [0.01, 500]) }));
    const modes = ['cb', 'check', 'nfc', 'gift-card'];
    const N = 5000;
    const HTTP = 240;
    const REFUNDS = 10;
    const SERVICE = 750;
    const line = (i: number) => ({ labelPrimary: `Article ${i % 13}`, inclTaxesPrice: 0.5 + (i % 97) / 10, vat: [5.5, 10, 20][i % 3], quantity: 1 + (i % 2) });
    const due = (i: number) => new Decimal(line(i).inclTaxesPrice).times(line(i).quantity).toNumber();
    // the customer hands over the smallest note that covers the amount: change is given
    const note = (amount: number) => cash([[5, 10, 20, 50].find((n) => n >= amount) ?? 50, 1]);
    // 1. through HTTP, every variant: each mode, cash with change, split card + cash, two lines at two rates, refunds
    let next = 0;
    const sold: Receipt[] = [];
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let i = next++; i < HTTP; i = next++) {
        const items = i % 5 === 4 ? [line(i), line(i + 1)] : [line(i)];
        const total = items.reduce((s, l) => s.plus(new Decimal(l.inclTaxesPrice).times(l.quantity)), new Decimal(0));
        const half = total.div(2).toDecimalPlaces(2);
        const payments = i % 4 === 1 ? [{ mode: 'cash', amount: total.toNumber(), cash: note(total.toNumber()) }]
          : i % 4 === 2 ? [{ mode: 'cb', amount: half.toNumber() }, { mode: 'cash', amount: total.minus(half).toNumber(), cash: note(total.minus(half).toNumber()) }]
            : [{ mode: modes[i % 4], amount: total.toNumber() }];
        sold.push(await ok<Receipt>(k.http.post(`${API}/receipts`, { cashRegisterId: r._id, items, payments }), 201));
      }
    }));
    for (const x of sold.slice(0, REFUNDS)) await ok(k.http.post(`${API}/receipts/${x._id}/refund`, { payments: [{ mode: 'cb', amount: x.inclTaxesPrice }] }), 201);
    // 2. 750 made by the plugin's own receipt service in-process (the product's code without HTTP), in one transaction
    await k.kernel.asSystem(k.admin.companyId, async (ctx: CallContext) => {
      const receipts = ctx.resolve<ReceiptsService>('receipts');
      for (let i = HTTP; i < HTTP + SERVICE; i++) {
        await receipts.create({ cashRegisterId: r._id, items: [line(i)], payments: [{ mode: modes[i % 4], amount: due(i) }] } as ReceiptInput);
      }
    }, 'pos');
    await settle();
    // 3. the rest as rows: the last receipt's stored form with its own line computed by the commerce engine (checked
    // equal to what the service stored), its payment settled by the plugin's `settlePayments`, numbered and chained
    // by its `receiptHash`, encoded by the repository's codec, inserted in batches, the chain's head and the counter
    // moved; the integrity walk at the end proves each row what the product writes (the sum of a Z is the test's point)
    const last = (await ok(k.http.get(`${API}/receipts`, { query: { sort: { field: 'number', ascending: false }, pagination: { quantity: 1 } } }))).data[0] as Receipt;
    const engine = (i: number, vatCalculationMethod: Receipt['vatCalculationMethod']) => computeDocument({ items: [line(i)], subjectToVAT: true, vatCalculationMethod });
    const made = engine(HTTP + SERVICE - 1, last.vatCalculationMethod);
    expect({ items: made.items.map((l) => ({ ...l, uuid: undefined })), vatDetails: made.vatDetails, inclTaxesPrice: made.inclTaxesPrice, exclTaxesPrice: made.exclTaxesPrice })
      .to.deep.equal({ items: last.items.map((l) => ({ ...l, uuid: undefined })), vatDetails: last.vatDetails, inclTaxesPrice: last.inclTaxesPrice, exclTaxesPrice: last.exclTaxesPrice });
    let previous = last.hash!;
    const seeded: Record<string, unknown>[] = [];
    const drawer = (await ok(k.http.get(`${API}/cash-registers/${r._id}`))).cash;
    for (let n = last.number! + 1, i = HTTP + SERVICE; i < N - REFUNDS; n++, i++) {
      const date = new Date(Date.parse(last.date) + (i - HTTP - SERVICE + 1) * 1000).toISOString();
      const settled = settlePayments([{ mode: modes[i % 4] as 'cb', amount: due(i) }], drawer, { useCashDetails: true, date });
      if ('problem' in settled) expect.fail(settled.problem.message);
      const doc = { ...last, ...engine(i, last.vatCalculationMethod), _id: newId(), number: n, numberFull: String(n).padStart(7, '0'), date, payments: settled.payments, missingCash: false, metadata: { ...last.metadata, creationDate: date, lastModificationDate: date } } as Receipt;
      doc.hash = receiptHash(previous, doc);
      previous = doc.hash;
      seeded.push(encodeRow(Receipts, doc as unknown as Record<string, unknown>));
    }
    for (let j = 0; j < seeded.length; j += 100) await k.db('pos_receipts').insert(seeded.slice(j, j + 100));
    const top = last.number! + seeded.length;
    await k.db('pos_chain_heads').where({ fk_company: k.admin.companyId, chain: 'receipt' }).update({ lastId: seeded.at(-1)!._id, lastNumber: top, lastNumberFull: String(top).padStart(7, '0'), lastHash: previous });
    const { numbering } = await k.db('kernel_companies').where({ _id: k.admin.companyId }).first('numbering');
    const counters = typeof numbering === 'string' ? JSON.parse(numbering) : numbering;
    await k.db('kernel_companies').where({ _id: k.admin.companyId }).update({ numbering: JSON.stringify({ ...counters, receipt: { ...counters.receipt, next: top + 1 } }) });
    await settle();
    const { zTicket: z } = await ok<{ zTicket: ClosingTicket }>(k.http.post(`${API}/cash-registers/${r._id}/z-ticket`, { cash: cash([10, 1]) }));
    // independently: straight from the stored rows, with plain sums
    const rows = await k.db('pos_receipts').where({ fk_cashRegister: r._id }).select('inclTaxesPrice', 'exclTaxesPrice', 'payments', 'items');
    // money columns hold ten-thousandths of a euro (the record codec's `money`)
    const euros = (v: unknown) => new Decimal(v as number).div(10_000);
    const total = (list: typeof rows, field: string) => list.reduce((s, x) => s.plus(euros(x[field])), new Decimal(0)).toNumber();
    const sales = rows.filter((x) => euros(x.inclTaxesPrice).gte(0)), refunds = rows.filter((x) => euros(x.inclTaxesPrice).lt(0));
    expect(rows).to.have.length(N);
    expect(refunds).to.have.length(REFUNDS);
    expect(z).to.include({ receiptsCount: N, ticketsCount: N - REFUNDS, refundTicketsCount: REFUNDS });
    expect(z.totalInclTaxes).to.equal(total(sales, 'inclTaxesPrice'));
    expect(z.totalExclTaxes).to.equal(total(sales, 'exclTaxesPrice'));
    expect(z.refundTotalInclTaxes).to.equal(total(refunds, 'inclTaxesPrice'));
    expect(z.refundTotalExclTaxes).to.equal(total(refunds, 'exclTaxesPrice'));
    const payments = rows.map((x) => (typeof x.payments === 'string' ? JSON.parse(x.payments) : x.payments) as Receipt['payments']).flat();
    for (const mode of [...modes, 'cash']) {
      const own = payments.filter((p) => p.mode === mode && p.amount > 0);
      expect(z.paymentsDetails.find((d) => d.mode === mode), mode).to.deep.equal({ mode, totalInclTaxesAmount: own.reduce((s, p) => s.plus(p.amount), new Decimal(0)).toNumber(), transactionsCount: own.length });
    }
    const back = payments.filter((p) => p.amount < 0);
    expect(z.refundPaymentsDetails).to.deep.equal([{ mode: 'cb', totalInclTaxesAmount: back.reduce((s, p) => s.plus(p.amount), new Decimal(0)).toNumber(), transactionsCount: REFUNDS }]);
    const lines = sales.map((x) => (typeof x.items === 'string' ? JSON.parse(x.items) : x.items) as Receipt['items']).flat();
    expect(z.vatDetails.map((v) => v.vat)).to.deep.equal([5.5, 10, 20]);
    for (const v of z.vatDetails) expect(v.soldProducts, `${v.vat} %`).to.equal(lines.filter((l) => l.vat === v.vat).reduce((s, l) => s + Number(l.quantity), 0));
    expect((await ok(k.http.get(`${API}/integrity`))).valid).to.equal(true);
  });
});
