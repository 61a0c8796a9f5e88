/**
 * X and Z tickets, perpetual grand totals and archives end to end (README « Closings »,
 * « Archives »), on a clock the test moves: a session sold, read by an X, closed by a Z whose
 * totals are the receipts' and whose grand totals add up over sessions; days, months and a year
 * archived from the level below; the refusals (French, nothing written).
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Archive, CashRegister, ClosingTicket, Receipt } from '../schemas/index.ts';
import { closingTotals } from '../server/services/closings/totals.ts';
import { INVALID_ARCHIVE_FREQUENCY } from '../server/services/closings/archives.ts';
import { API, bootKernel, cash, createRegister, ok, rowCounts } from './support.ts';
import { cardSale } from './receipts-support.ts';

describe('pos : tickets X et Z, grands totaux, archives', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let now = new Date('2026-03-02T09:00:00Z');
  const at = (iso: string) => { now = new Date(iso); };
  before(async () => { k = await bootKernel({ now: () => now }); });
  after(async () => { await k?.stop(); });

  const open = async (r: CashRegister) => ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 5], [1, 10]) }));
  const closeZ = async (r: CashRegister, path = 'z-ticket') =>
    ok<{ zTicket: ClosingTicket; verification: { difference: number } }>(k.http.post(`${API}/cash-registers/${r._id}/${path}`, { cash: cash([10, 5], [1, 10]), userName: 'Hélène' }));

  it('un ticket X lit la session sans la clore ; le ticket Z la clôt avec les totaux de ses tickets et ses grands totaux', async () => {
    const r = await createRegister(k);
    await open(r);
    const receipts: Receipt[] = [await cardSale(k.http, r._id, 4.5), await cardSale(k.http, r._id, 12.3, 'Gâteau')];
    receipts.push(await ok<Receipt>(k.http.post(`${API}/receipts/${receipts[1]._id}/refund`, { payments: [{ mode: 'cb', amount: 12.3 }] }), 201));
    const x = await ok<ClosingTicket>(k.http.post(`${API}/cash-registers/${r._id}/x-ticket`, { userName: 'Paul' }), 201);
    expect(x).to.include({ kind: 'x', number: 1, numberFull: '0000001', receiptsCount: 3, ticketsCount: 2, refundTicketsCount: 1, totalInclTaxes: 16.8, refundTotalInclTaxes: -12.3, userName: 'Paul' });
    expect(x.grandTotals).to.equal(undefined);
    expect((await ok<CashRegister>(k.http.get(`${API}/cash-registers/${r._id}`))).status).to.equal('opened');
    const { zTicket: z } = await closeZ(r);
    const expected = closingTotals(receipts, 0);
    for (const [key, value] of Object.entries(expected)) expect(z[key as keyof ClosingTicket], key).to.deep.equal(value);
    expect(z).to.include({ kind: 'z', number: 1, cashRegisterNumber: r.numberFull, userName: 'Hélène', receiptsCount: 3 });
    expect(z.grandTotals!.register).to.deep.equal({ totalInclTaxes: 16.8, totalExclTaxes: z.totalExclTaxes, refundTotalInclTaxes: -12.3, refundTotalExclTaxes: z.refundTotalExclTaxes, netInclTaxes: 4.5, perpetualInclTaxes: 29.1 });
    expect((await ok(k.http.get(`${API}/z-tickets`))).data).to.have.length(1);
    expect((await ok(k.http.get(`${API}/x-tickets/${x._id}`))).numberFull).to.equal('0000001');
    // the closing's event names its Z
    const events = (await ok(k.http.get(`${API}/events`, { query: { filters: { code: { mode: 'eq', value: 'register.closed' } } } }))).data;
    expect(events.at(-1).data.zTicketNumber).to.equal(z.numberFull);
  });

  it('les grands totaux perpétuels s’ajoutent d’une clôture à l’autre, par caisse et pour l’entreprise ; /close fait aussi le Z', async () => {
    const a = await createRegister(k, { name: 'A' }), b = await createRegister(k, { name: 'B' });
    await open(a); await open(b);
    await cardSale(k.http, a._id, 10); await cardSale(k.http, b._id, 5);
    const za = (await closeZ(a, 'close')).zTicket;
    const zb = (await closeZ(b)).zTicket;
    await open(a); await cardSale(k.http, a._id, 1.1);
    const za2 = (await closeZ(a)).zTicket;
    expect(za.grandTotals!.register.totalInclTaxes).to.equal(10);
    expect(zb.grandTotals!.register.totalInclTaxes).to.equal(5);
    expect(za2.grandTotals!.register.totalInclTaxes).to.equal(11.1);
    // the company's: the first test's 16,8 sold + these
    expect(za2.grandTotals!.company.totalInclTaxes).to.equal(32.9);
    expect(za2.grandTotals!.company.perpetualInclTaxes).to.equal(45.2);
    expect([za.number, zb.number, za2.number]).to.deep.equal([2, 3, 4]);
  });

  it('refuse un ticket X sur une caisse fermée (409, rien d’écrit), et un second Z sur une caisse déjà close', async () => {
    const r = await createRegister(k);
    const before = await rowCounts(k);
    const res = await k.http.post(`${API}/cash-registers/${r._id}/x-ticket`, {});
    expect(res.status).to.equal(409);
    expect(res.body.message).to.match(/fermée/);
    expect((await k.http.post(`${API}/cash-registers/${r._id}/z-ticket`, { cash: cash([10, 1]) })).status).to.equal(409);
    expect(await rowCounts(k)).to.deep.equal(before);
    expect((await k.http.post(`${API}/cash-registers/${r._id}/x-ticket`, { other: 1 })).status).to.equal(400);
  });

  it('archive des journées, des mois et l’année, chacun depuis le niveau du dessous, égal aux tickets', async () => {
    const k2 = await bootKernel({ now: () => now });
    try {
      const r = await ok<CashRegister>(k2.http.post(`${API}/cash-registers`, { name: 'Année' }), 201);
      const sold: Receipt[] = [];
      // a sale on the 1st and the 15th of each month of 2025
      for (let month = 1; month <= 12; month++) {
        for (const day of [1, 15]) {
          at(`2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T10:00:00Z`);
          await ok(k2.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 5]) }));
          sold.push(await cardSale(k2.http, r._id, month + day / 100));
          if (day === 15) sold.push(await ok<Receipt>(k2.http.post(`${API}/receipts/${sold.at(-1)!._id}/refund`, { payments: [{ mode: 'cb', amount: month + day / 100 }] }), 201));
          at(`2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T17:00:00Z`);
          await ok(k2.http.post(`${API}/cash-registers/${r._id}/z-ticket`, { cash: cash([10, 5]) }));
        }
      }
      at('2026-01-05T08:00:00Z');
      // a month before its days: refused, naming them
      const early = await k2.http.post(`${API}/archives`, { frequency: 'monthly', date: '2025-01-10' });
      expect(early.status).to.equal(409);
      expect(early.body.message).to.include('2025-01-01').and.include('2025-01-15');
      for (let month = 1; month <= 12; month++) {
        for (const day of [1, 15]) await ok(k2.http.post(`${API}/archives`, { frequency: 'daily', date: `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` }), 201);
        await ok(k2.http.post(`${API}/archives`, { frequency: 'monthly', date: `2025-${String(month).padStart(2, '0')}-20` }), 201);
      }
      const year = await ok<Archive>(k2.http.post(`${API}/archives`, { frequency: 'yearly', date: '2025-06-01' }), 201);
      const fiscal = await ok<Archive>(k2.http.post(`${API}/archives`, { frequency: 'fiscal-yearly', date: '2025-06-01' }), 201);
      const expected = closingTotals(sold, 0);
      for (const a of [year, fiscal]) {
        for (const [key, value] of Object.entries(expected)) expect(a[key as keyof Archive], key).to.deep.equal(value);
        expect(a.sourceLevel).to.equal('monthly');
        expect(a.sources).to.have.length(12);
        expect(a.grandTotal!.totalInclTaxes).to.equal(expected.totalInclTaxes);
      }
      expect(year).to.include({ period: '2025', number: 1, numberFull: '1' });
      const stored = await ok<CashRegister>(k2.http.get(`${API}/cash-registers/${r._id}`));
      expect(stored.lastArchives!.yearly!._id).to.equal(year._id);
      expect(stored.lastArchives!.daily!.number).to.equal(24);
      // twice: 409; not over: 409; unknown frequency: the spec's sentence; nothing written
      const before = await rowCounts(k2);
      const twice = await k2.http.post(`${API}/archives`, { frequency: 'yearly', date: '2025-12-31' });
      expect(twice.status).to.equal(409);
      expect(twice.body.message).to.include('déjà archivée');
      expect((await k2.http.post(`${API}/archives`, { frequency: 'monthly', date: '2026-01-02' })).status).to.equal(409);
      const bad = await k2.http.post(`${API}/archives`, { frequency: 'weekly' });
      expect(bad.status).to.equal(400);
      expect(bad.body.details[0]).to.deep.equal({ field: 'frequency', message: INVALID_ARCHIVE_FREQUENCY });
      expect((await k2.http.post(`${API}/archives`, { frequency: 'daily', date: '2025-02-30' })).status).to.equal(400);
      // an open register since before the end of the day: refused
      at('2026-01-06T08:00:00Z');
      await ok(k2.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 5]) }));
      at('2026-01-07T08:00:00Z');
      const openDay = await k2.http.post(`${API}/archives`, { frequency: 'daily', date: '2026-01-06' });
      expect(openDay.status).to.equal(409);
      expect(openDay.body.message).to.include('encore ouverte');
      const after = await rowCounts(k2);
      expect(after.pos_archives).to.equal(before.pos_archives);
      expect((await ok(k2.http.get(`${API}/integrity`))).valid).to.equal(true);
    } finally { await k2.stop(); }
  });
});
