/**
 * `node --import tsx bench/src/pos/closings.ts [--engine=sqlite|mysql|both] [--repeat=7]`: the
 * till's closings on volume (bench/README.md « POS closings »).
 *
 * Per engine, a fresh database and the real kernel (contacts, catalogue, invoicing, pos):
 * 1. A day of 5 000 receipts on one open register. The first is sold through the API; the others
 *    are that receipt's stored form with their own lines and totals from the commerce engine, their
 *    card payment settled by the plugin's `settlePayments`, numbered and chained by its
 *    `receiptHash`, written in batches (`../rows.ts`), the chain's head and the counter moved: the
 *    integrity walk at the end proves them identical to what the product writes.
 * 2. X tickets over the 5 000 (`POST /cash-registers/:id/x-ticket`, the Z's totals without closing)
 *    `--repeat` times, then the Z (`/z-ticket`, the closing, once), against a floor measured in the
 *    same run: the same five columns read by one SQL query and `closingTotals` in the process.
 * 3. 365 daily archives (2025-01-15 to 2026-01-14) written as rows (totals by `closingTotals`,
 *    chained by `archiveHash`); the company's fiscal year set to those days; then through the API
 *    the fiscal-year archive — not starting on the 1st of a month, it is summed from the 365 days —,
 *    the eleven monthly archives of February to December 2025 and the 2025 yearly archive from them;
 *    floors: the same rows read by SQL and `sumTotals`.
 * Written to `<results>/<date>-pos-closings-<engine>.md`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { computeDocument } from '@comptoir/sdk/commerce';
import { freshDatabase, type BenchDatabase, type Engine } from '../database.ts';
import { getJson, postJson, putJson } from '../http.ts';
import { bootKernel, loginAdmin } from '../kernel.ts';
import { BatchInserter, defaultsOf, stored, type Doc } from '../rows.ts';
import { decodeRow } from '../../../server/src/db/record-codec.ts';
import { newId } from '../../../server/src/util/ids.ts';
import { Archives, Receipts } from '../../../plugins/pos/server/entities.ts';
import { receiptHash } from '../../../plugins/pos/server/services/receipts/hash.ts';
import { settlePayments } from '../../../plugins/pos/server/services/receipts/payments.ts';
import { closingTotals, sumTotals, type ClosingReceipt } from '../../../plugins/pos/server/services/closings/totals.ts';
import { archiveHash } from '../../../plugins/pos/server/services/closings/hash.ts';
import { archivePeriod } from '../../../plugins/pos/server/services/closings/archives.ts';
import type { CashDetails, ClosingTotals } from '@comptoir/plugin-pos/contract';
import { POS_PLUGINS } from './suite.ts';

const RESULTS = path.join(import.meta.dirname, '..', '..', 'results');
const RECEIPTS = 5000;
const LINES = [
  { labelPrimary: 'Baguette tradition', vat: 5.5, inclTaxesPrice: 1.3, type: 'good' },
  { labelPrimary: 'Croissant', vat: 5.5, inclTaxesPrice: 1.2, type: 'good' },
  { labelPrimary: 'Café', vat: 10, inclTaxesPrice: 2, type: 'service' },
  { labelPrimary: 'Jus d’orange', vat: 5.5, inclTaxesPrice: 3.5, type: 'good' },
  { labelPrimary: 'Sandwich', vat: 10, inclTaxesPrice: 6.9, type: 'good' },
  { labelPrimary: 'Bière', vat: 20, inclTaxesPrice: 4.5, type: 'good' },
];
const MODES = ['cb', 'nfc', 'check', 'gift-card'];
const itemsOf = (n: number) => [0, 1].map((k) => ({ ...LINES[(n + k) % LINES.length], quantity: 1 + ((n + k) % 3) }));
const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
/** SQLite answers synchronously: after a long write the event loop runs its timers once, so that idle keep-alive connections close on both sides before the next request */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

/** Receipts 2..N as rows: the first one's stored form, other lines, numbered and chained. */
async function seedReceipts(db: Knex, engine: Engine, first: Doc, companyId: string): Promise<void> {
  const head = await db('pos_chain_heads').where({ fk_company: companyId, chain: 'receipt' }).first();
  let previous = head.lastHash as string;
  const inserter = new BatchInserter(db, engine, 20_000);
  const start = Date.parse(first.date as string);
  let last: Doc = first;
  for (let n = 2; n <= RECEIPTS; n++) {
    const items = itemsOf(n);
    const computed = computeDocument({ items, subjectToVAT: true, vatCalculationMethod: first.vatCalculationMethod as 'rounded-total' });
    const date = new Date(start + n * 1000).toISOString();
    const settled = settlePayments([{ mode: MODES[n % MODES.length] as 'cb', amount: computed.inclTaxesPrice }], { currency: 'euro', customAmount: 0 } as CashDetails, { useCashDetails: false, date });
    if ('problem' in settled) throw new Error(settled.problem.message);
    const doc: Doc = {
      ...first, ...computed, _id: newId(), number: n, numberFull: String(n).padStart(7, '0'), date,
      payments: settled.payments, missingCash: false,
      metadata: { ...(first.metadata as Doc), creationDate: date, lastModificationDate: date },
    };
    doc.hash = receiptHash(previous, doc);
    previous = doc.hash as string;
    await inserter.push(Receipts, stored(Receipts, {}, doc, n).row);
    last = doc;
  }
  await inserter.end();
  await db('pos_chain_heads').where({ _id: head._id }).update({ lastId: last._id, lastNumber: RECEIPTS, lastNumberFull: last.numberFull, lastHash: previous });
  const company = await db('kernel_companies').where({ _id: companyId }).first('numbering');
  const numbering = parse(company.numbering) as Record<string, Doc>;
  numbering.receipt = { ...numbering.receipt, next: RECEIPTS + 1 };
  await db('kernel_companies').where({ _id: companyId }).update({ numbering: JSON.stringify(numbering) });
}

/** The floor of a closing: the session's five columns by one query, `closingTotals` here. */
async function floorTotals(db: Knex, companyId: string, openingId: string): Promise<ClosingTotals> {
  const rows = await db('pos_receipts').where({ fk_company: companyId, fk_opening: openingId }).select('inclTaxesPrice', 'exclTaxesPrice', 'vatDetails', 'items', 'payments');
  return closingTotals(rows.map((r) => decodeRow(Receipts, r) as unknown as ClosingReceipt), 0);
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 365 daily archives as rows (2025-01-15 to 2026-01-14), each the totals of a few receipts, chained. */
async function seedDailyArchives(db: Knex, engine: Engine, companyId: string, userId: string, sender: Doc): Promise<void> {
  const defaults = defaultsOf(Archives, {
    number: 1, numberFull: '1', date: '2025-01-01T00:00:00.000Z', startDate: '2025-01-01T00:00:00.000Z', endDate: '2025-01-02T00:00:00.000Z',
    ...closingTotals([], 0), period: '2025-01-01', sourceLevel: 'z-tickets', sources: [], software: 'bench', fk: { company: companyId },
    _id: newId(), metadata: { creationDate: '2025-01-01T00:00:00.000Z', lastModificationDate: '2025-01-01T00:00:00.000Z', createdBy: userId, lastModifiedBy: userId },
  });
  const inserter = new BatchInserter(db, engine, 20_000);
  let previous: string | null = null;
  let last: Doc | null = null;
  const first = Date.UTC(2025, 0, 15);
  for (let d = 0; d < 365; d++) {
    const day = isoDay(first + d * DAY_MS);
    const p = archivePeriod('daily', day);
    const receipts = [1, 2, 3].map((k) => {
      const c = computeDocument({ items: itemsOf(d + k), subjectToVAT: true, vatCalculationMethod: 'rounded-total' });
      return { ...c, payments: [{ mode: MODES[(d + k) % MODES.length], amount: c.inclTaxesPrice }] } as unknown as ClosingReceipt;
    });
    const made = new Date(Date.parse(p.endDate) + 3_600_000).toISOString();
    const doc: Doc = {
      _id: newId(), number: d + 1, numberFull: String(d + 1), date: made, startDate: p.startDate, endDate: p.endDate, sender,
      ...closingTotals(receipts, 0), frequency: 'daily', period: p.period, sourceLevel: 'z-tickets', sources: [], grandTotal: null, software: 'bench',
      metadata: { creationDate: made, lastModificationDate: made, createdBy: userId, lastModifiedBy: userId }, fk: { company: companyId },
    };
    doc.hash = archiveHash(previous, doc);
    previous = doc.hash as string;
    await inserter.push(Archives, stored(Archives, defaults, doc, d).row);
    last = doc;
  }
  await inserter.end();
  const now = new Date().toISOString();
  await db('pos_chain_heads').insert({ _id: newId(), fk_company: companyId, chain: 'archive-daily', lastId: last!._id, lastNumber: 365, lastNumberFull: '365', lastHash: previous, metadata_creationDate: now, metadata_lastModificationDate: now });
  const company = await db('kernel_companies').where({ _id: companyId }).first('numbering');
  const numbering = parse(company.numbering) as Record<string, Doc>;
  numbering.archiveDaily = { ...numbering.archiveDaily, next: 366 };
  await db('kernel_companies').where({ _id: companyId }).update({ numbering: JSON.stringify(numbering) });
}

async function floorSum(db: Knex, companyId: string, frequency: string, start: string, end: string): Promise<ClosingTotals> {
  const rows = await db('pos_archives').where({ fk_company: companyId, frequency }).where('startDate', '>=', start).where('startDate', '<', end)
    .select('ticketsCount', 'refundTicketsCount', 'paymentsCount', 'refundPaymentsCount', 'totalInclTaxes', 'totalExclTaxes', 'refundTotalInclTaxes', 'refundTotalExclTaxes', 'paymentsDetails', 'refundPaymentsDetails', 'vatDetails', 'refundVatDetails', 'difference');
  return sumTotals(rows.map((r) => decodeRow(Archives, r) as unknown as ClosingTotals));
}

export async function runClosings(engine: Engine, repeat: number): Promise<string> {
  const database: BenchDatabase = await freshDatabase(engine);
  try {
    const booted = await bootKernel(database, POS_PLUGINS);
    const admin = await loginAdmin(booted.url);
    const api = (p: string) => `${booted.url}/api/pos${p}`;
    const db = booted.kernel.db as Knex;
    const must = <T>(r: { status: number; body: T }, what: string, status = 200): T => {
      if (r.status !== status) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      return r.body;
    };
    // 1. a day of 5 000 receipts
    const register = must(await postJson(api('/cash-registers'), { name: 'Caisse du bench', useCashDetails: false }, admin.headers), 'register', 201);
    const opened = must(await postJson(api(`/cash-registers/${register._id}/open`), { cash: { currency: 'euro', customAmount: 100 } }, admin.headers), 'open');
    const first = must(await postJson(api('/receipts'), { cashRegisterId: register._id, items: itemsOf(1), payments: [{ mode: 'cb', amount: computeDocument({ items: itemsOf(1), subjectToVAT: true, vatCalculationMethod: 'rounded-total' }).inclTaxesPrice }] }, admin.headers), 'first receipt', 201);
    const seeded = await time(() => seedReceipts(db, engine, first, admin.companyId));
    console.log(`  ${RECEIPTS} receipts written in ${Math.round(seeded.ms)} ms`);
    await settle();
    const openingId = opened.verification._id as string;
    const xs: number[] = [], floors: number[] = [];
    let lastX: ClosingTotals | null = null, lastFloor: ClosingTotals | null = null;
    for (let i = 0; i < repeat; i++) {
      const x = await time(async () => must(await postJson(api(`/cash-registers/${register._id}/x-ticket`), {}, admin.headers), 'x-ticket', 201));
      const f = await time(() => floorTotals(db, admin.companyId, openingId));
      xs.push(x.ms); floors.push(f.ms);
      lastX = x.value; lastFloor = f.value;
    }
    const z = await time(async () => must(await postJson(api(`/cash-registers/${register._id}/z-ticket`), { cash: { currency: 'euro', customAmount: 100 } }, admin.headers), 'z-ticket'));
    const sameTotals = JSON.stringify({ ...lastX, difference: 0 }.totalInclTaxes) === JSON.stringify(lastFloor!.totalInclTaxes) && z.value.zTicket.receiptsCount === RECEIPTS;
    // 2. 365 daily archives, the fiscal year, the months, the year
    const company = must(await getJson(`${booted.url}/api/kernel/companies/${admin.companyId}`, admin.headers), 'company');
    must(await putJson(`${booted.url}/api/kernel/companies/${admin.companyId}`, { fiscalYears: [{ startDate: '2025-01-15T12:00:00.000Z', endDate: '2026-01-14T12:00:00.000Z' }] }, admin.headers), 'fiscal year');
    await seedDailyArchives(db, engine, admin.companyId, admin.userId, { name: company.name });
    await settle();
    const fiscal = await time(async () => must(await postJson(api('/archives'), { frequency: 'fiscal-yearly', date: '2025-06-01' }, admin.headers), 'fiscal-yearly', 201));
    const fiscalFloor = await time(() => floorSum(db, admin.companyId, 'daily', '2025-01-14', '2026-01-15'));
    const months: number[] = [];
    for (let m = 2; m <= 12; m++) {
      months.push((await time(async () => must(await postJson(api('/archives'), { frequency: 'monthly', date: `2025-${String(m).padStart(2, '0')}-10` }, admin.headers), `monthly ${m}`, 201))).ms);
    }
    const monthFloor = await time(() => floorSum(db, admin.companyId, 'daily', '2025-05-31', '2025-06-30'));
    const yearly = await time(async () => must(await postJson(api('/archives'), { frequency: 'yearly', date: '2025-06-01' }, admin.headers), 'yearly', 201));
    const yearFloor = await time(() => floorSum(db, admin.companyId, 'monthly', '2024-12-31', '2025-12-31'));
    const integrity = must(await getJson(api('/integrity'), admin.headers), 'integrity');
    await booted.kernel.stop();

    const f = (n: number) => n.toFixed(1);
    const md = [
      `# POS closings — ${engine === 'mysql' ? 'MariaDB' : 'SQLite'} — ${new Date().toISOString()}`, '',
      `${RECEIPTS} receipts in one session (written in ${Math.round(seeded.ms)} ms); ${repeat} X tickets, then the Z.`, '',
      '| what | kernel ms | floor ms | kernel ÷ floor |', '| --- | --- | --- | --- |',
      `| X ticket over ${RECEIPTS} receipts (median of ${repeat}; min ${f(Math.min(...xs))}) | ${f(median(xs))} | ${f(median(floors))} | ${f(median(xs) / median(floors))} |`,
      `| Z ticket over ${RECEIPTS} receipts (the closing, once) | ${f(z.ms)} | ${f(median(floors))} | ${f(z.ms / median(floors))} |`,
      `| fiscal-year archive over 365 daily archives | ${f(fiscal.ms)} | ${f(fiscalFloor.ms)} | ${f(fiscal.ms / fiscalFloor.ms)} |`,
      `| monthly archive over ~30 daily archives (median of 11) | ${f(median(months))} | ${f(monthFloor.ms)} | ${f(median(months) / monthFloor.ms)} |`,
      `| yearly archive over 11 monthly archives | ${f(yearly.ms)} | ${f(yearFloor.ms)} | ${f(yearly.ms / yearFloor.ms)} |`, '',
      `Totals: X equal to the floor's ${sameTotals ? 'yes' : 'NO'}; fiscal year ${fiscal.value.ticketsCount} tickets from ${fiscal.value.sources.length} days (floor ${fiscalFloor.value.ticketsCount}); `
        + `year ${yearly.value.ticketsCount} tickets from ${yearly.value.sources.length} months. Chains after the run: ${integrity.valid ? 'whole' : `BROKEN ${JSON.stringify(integrity.firstBroken)}`} (${integrity.checked} links).`, '',
    ].join('\n');
    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `${new Date().toISOString().slice(0, 10)}-pos-closings-${engine}.md`);
    fs.writeFileSync(file, md);
    console.log(md);
    return file;
  } finally {
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { engine: { type: 'string', default: 'sqlite' }, repeat: { type: 'string', default: '7' } } });
  const engines: Engine[] = values.engine === 'both' ? ['sqlite', 'mysql'] : [values.engine as Engine];
  for (const e of engines) await runClosings(e, Number(values.repeat));
  process.exit(0);
}
