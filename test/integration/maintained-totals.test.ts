/**
 * Maintained totals (server/src/db/totals/README.md, issue 14 item 3) on the real plugins: after
 * random writes through the API — drafts, emissions, payments, credit notes, corrective invoices,
 * quotations, purchases and their payments, deletions — the totals tables equal a recount of the
 * documents (SUM over each table) to the unit of storage; every list the screens and the home page
 * send answers the same count and sums from the totals as over the documents; concurrent writers
 * add up; a transaction reads its own writes and a rolled-back one leaves nothing; the boot
 * rebuilds a missing or outdated table. Runs on SQLite, and MariaDB with DATABASE_URL.
 */
import path from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import type { CallContext, EntityDefinition } from '@comptoir/sdk';
import { Invoices, Quotations } from '../../plugins/invoicing/server/entities.ts';
import { ExternalPurchases, Purchases } from '../../plugins/purchases/server/entities.ts';
import { runList } from '../../server/src/db/list-query.ts';
import { parseListParams } from '../../server/src/db/list-params.ts';
import { listColumns } from '../../server/src/db/record-codec.ts';
import { totalsSpecOf, type TotalsSpec } from '../../server/src/db/totals/spec.ts';
import { compareTotals, TOTALS_TABLES } from '../../server/src/db/totals/sync.ts';
import { DEFAULT_RECEIVER, ELIGIBLE_COMPANY, updateCompany } from '../support/sales.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PLUGINS = ['contacts', 'catalogue', 'invoicing', 'purchases'].map((p) => path.join(ROOT, 'plugins', p));
const ENTITIES: EntityDefinition[] = [Invoices, Quotations, Purchases, ExternalPurchases];
const specOf = (e: EntityDefinition) => totalsSpecOf(e)!;

/** a small seeded generator (mulberry32): the same writes on every run and engine */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: T[]): T | undefined => (list.length ? list[Math.floor(next() * list.length)] : undefined),
    /** an amount in cents, often with odd cents */
    euros: (max: number) => Math.round(next() * max * 100) / 100,
  };
}

type Answer = { status: number; body: Record<string, unknown> };
/** an amount in whole cents, without the binary float's tail (prices have at most 6 decimals) */
const cents = (v: number) => Number(v.toFixed(2));

async function mismatches(db: Knex): Promise<string[]> {
  const out: string[] = [];
  for (const e of ENTITIES) {
    for (const m of await compareTotals(db, specOf(e))) out.push(`${specOf(e).table} ${m.company} ${m.key}: stored ${JSON.stringify(m.stored, big)} counted ${JSON.stringify(m.counted, big)}`);
  }
  return out;
}
const big = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** The count and aggregations of `params` over the documents themselves (no maintained totals). */
async function overDocuments(db: Knex, entity: EntityDefinition, companyId: string, params: Record<string, unknown>) {
  const page = await runList(db, {
    table: entity.table, columns: listColumns(entity), scope: (qb) => { qb.where(`${entity.table}.fk_company`, companyId); },
  }, parseListParams(params));
  return { count: page.count, aggregation: page.aggregation };
}

/** The statements one list request sends, as knex sees them. */
async function statementsOf(k: TestKernel, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (q: { sql: string }) => { seen.push(q.sql); };
  k.db.on('query', listener);
  try { await run(); } finally { k.db.off('query', listener); }
  return seen;
}

const INVOICE_SUMS = ['exclTaxesPrice', 'inclTaxesPrice', 'unpaidAmount', 'reversedExclTaxesPrice', 'reversedInclTaxesPrice']
  .map((field) => ({ name: field, field, sum: true, avg: true }));
const NOT_REPLACED = { replacedBy: { mode: 'exists', value: false } };
const NUMBERED = { numberFull: { mode: 'exists', value: true } };

/** the « Factures » screen: every « Statut » choice, the totals' own « has a number », the home page's unpaid figures */
const INVOICE_LISTS: Record<string, unknown>[] = [
  {},
  { numberFull: { mode: 'exists', value: false } },
  { inclTaxesPrice: { mode: 'lt', value: 0 } },
  { replacedBy: { mode: 'exists', value: true } },
  { ...NUMBERED, inclTaxesPrice: { mode: 'gt', value: 0 }, unpaidAmount: { mode: 'gt', value: 0 }, ...NOT_REPLACED },
  ...['emitted', 'partially_paid', 'paid', 'refund'].map((status) => ({ ...NUMBERED, status: { mode: 'eq', value: status }, ...NOT_REPLACED })),
  { status: { value: 'paid' } },
  { status: { mode: 'in', value: ['paid', 'refund'] } },
  { status: { mode: 'neq', value: 'paid' } },
  { unpaidAmount: { mode: 'neq', value: 0 } },
  { unpaidAmount: { mode: 'gte', value: '0.00' } },
  { inclTaxesPrice: { mode: 'lte', value: 0 }, number: { mode: 'exists', value: true } },
  { numberFull: { mode: 'contains', value: '' } },
];

/** what the totals cannot decide: counted over the documents, as before */
const SCANNED_INVOICE_LISTS: Record<string, unknown>[] = [
  { inclTaxesPrice: { mode: 'gt', value: 10 } },
  { date: { mode: 'between', valueIsDate: true, startDate: '2020-01-01T00:00:00.000Z', endDate: '2100-01-01T00:00:00.000Z' } },
  { receiverName: { mode: 'contains', value: 'sarl' } },
  { number: { mode: 'gt', value: 1 } },
];

const PURCHASE_LISTS: Record<string, unknown>[] = [
  {},
  { inclTaxesPrice: { mode: 'lt', value: 0 } },
  { status: { mode: 'in', value: ['emitted', 'partially_paid'] }, inclTaxesPrice: { mode: 'gt', value: 0 } },
  ...['emitted', 'partially_paid', 'paid', 'refund'].map((status) => ({ status: { mode: 'eq', value: status } })),
];

describe('totaux tenus à jour : factures, devis, achats (issue 14)', function () {
  this.timeout(600_000);
  let k: TestKernel;
  let other: TestHttp;
  const companies: { http: TestHttp; id: string }[] = [];

  before(async () => {
    k = await createTestKernel({ plugins: PLUGINS });
    await updateCompany(k, ELIGIBLE_COMPANY);
    const created = await k.http.post('/api/kernel/companies', { name: 'Épicerie Fine Durand SAS' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    other = k.http.as(k.admin.token, created.body._id);
    await updateCompany(k, { ...ELIGIBLE_COMPANY, name: 'Épicerie Fine Durand SAS' }, other);
    companies.push({ http: k.http, id: k.admin.companyId }, { http: other, id: created.body._id });
  });
  after(async () => { await k?.stop(); });

  /** random writes in both companies; never a 500 */
  async function randomWrites(seed: number, rounds: number) {
    const rnd = random(seed);
    const state = new Map(companies.map((c) => [c.id, { drafts: [] as string[], emitted: [] as string[], quotations: [] as string[], purchases: [] as string[], external: [] as string[] }]));
    const line = () => ({ labelPrimary: `Article ${rnd.int(1000)}`, quantity: 1 + rnd.int(4), vat: rnd.pick([5.5, 10, 20])!, exclTaxesPrice: cents(0.01 + rnd.euros(150)) });
    for (let i = 0; i < rounds; i++) {
      const c = rnd.pick(companies)!;
      const s = state.get(c.id)!;
      const http = c.http;
      let op = rnd.int(14);
      // an operation with nothing to act on yet makes a draft instead
      const needs: Record<number, string[]> = { 3: s.drafts, 4: s.drafts, 5: s.drafts, 6: s.drafts, 7: s.emitted, 8: s.emitted, 9: s.emitted, 11: s.quotations };
      if (needs[op] && needs[op].length === 0) op = 0;
      let res: Answer | undefined;
      const id = (list: string[]) => rnd.pick(list);
      if (op <= 2) {
        res = await http.post('/api/invoicing/invoices', { receiver: DEFAULT_RECEIVER, items: Array.from({ length: 1 + rnd.int(3) }, line) });
        if (res.status === 201) s.drafts.push(String(res.body._id));
      } else if (op === 3 && s.drafts.length) {
        res = await http.put(`/api/invoicing/invoices/${id(s.drafts)}`, { receiver: DEFAULT_RECEIVER, items: [line()] });
      } else if (op === 4 && s.drafts.length) {
        const d = id(s.drafts)!;
        res = await http.delete(`/api/invoicing/invoices/${d}`);
        if (res.status === 204) s.drafts.splice(s.drafts.indexOf(d), 1);
      } else if (op <= 6 && s.drafts.length) {
        const d = id(s.drafts)!;
        res = await http.post(`/api/invoicing/invoices/${d}/emit`);
        if (res.status === 200) { s.drafts.splice(s.drafts.indexOf(d), 1); s.emitted.push(d); }
      } else if (op === 7 && s.emitted.length) {
        const inv = (await http.get(`/api/invoicing/invoices/${id(s.emitted)}`)).body;
        const unpaid = Number(inv.unpaidAmount);
        if (unpaid > 0) res = await http.post(`/api/invoicing/invoices/${inv._id}/payments`, { mode: 'cb', amount: rnd.int(2) ? unpaid : Math.max(0.01, Math.round(unpaid * 37) / 100) });
      } else if (op === 8 && s.emitted.length) {
        res = await http.post(`/api/invoicing/invoices/${id(s.emitted)}/credit`);
        if (res.status === 201) (res.body.numberFull ? s.emitted : s.drafts).push(String(res.body._id));
      } else if (op === 9 && s.emitted.length) {
        res = await http.post(`/api/invoicing/invoices/${id(s.emitted)}/corrective`);
        if (res.status === 201) (res.body.numberFull ? s.emitted : s.drafts).push(String(res.body._id));
      } else if (op === 10) {
        res = await http.post('/api/invoicing/quotations', { receiver: DEFAULT_RECEIVER, items: [line()] });
        if (res.status === 201) s.quotations.push(String(res.body._id));
      } else if (op === 11 && s.quotations.length) {
        const q = id(s.quotations)!;
        res = rnd.int(2) ? await http.put(`/api/invoicing/quotations/${q}`, { status: rnd.pick(['accepted', 'refused'])! }) : await http.post(`/api/invoicing/quotations/${q}/invoice`);
        if (res.status === 201) s.drafts.push(String(res.body._id));
      } else if (op === 12) {
        res = await http.post('/api/purchases/purchases', { items: [{ labelPrimary: 'Farine T65', quantity: 1 + rnd.int(5), vat: 5.5, exclTaxesPrice: cents(0.01 + rnd.euros(80)) }] });
        if (res.status === 201) s.purchases.push(String(res.body._id));
        if (rnd.int(2) && res.status === 201) {
          const p = res.body;
          res = await http.post(`/api/purchases/purchases/${p._id}/payments`, { mode: 'transfer', amount: rnd.int(2) ? p.unpaidAmount : Math.round(Number(p.unpaidAmount) * 41) / 100 });
        }
      } else if (op === 13) {
        res = await http.post('/api/purchases/external-purchases', { shop: 'Matériel Pâtissier Pro', items: [{ label: 'Moule', quantity: 1, vat: 20, inclTaxesPrice: cents(0.01 + rnd.euros(60)) }] });
        if (res.status === 201) {
          s.external.push(String(res.body._id));
          if (rnd.int(2)) res = await http.post(`/api/purchases/external-purchases/${res.body._id}/payments`, { mode: 'cb', amount: Math.round(Number(res.body.unpaidAmount) * 53) / 100 || 0.01 });
        }
      }
      if (res) expect(res.status, `${op}: ${JSON.stringify(res.body)}`).to.be.below(500);
    }
  }

  it('après des écritures au hasard dans deux entreprises, chaque table de totaux égale un recomptage des documents', async () => {
    for (let round = 0; round < 3; round++) {
      await randomWrites(1000 + round, 70);
      expect(await mismatches(k.db), `tour ${round + 1}`).to.deep.equal([]);
    }
    // the writes did reach every group the screens read: drafts, emitted, paid, credit notes, purchases
    const groups = await k.db(specOf(Invoices).table).where('fk_company', k.admin.companyId).andWhere('n', '>', 0);
    expect(groups.length).to.be.greaterThan(3);
    const purchases = await k.db(specOf(Purchases).table).sum({ n: 'n' }).first();
    expect(Number((purchases as { n: unknown }).n)).to.be.greaterThan(0);
  });

  it('chaque liste des écrans se lit dans les totaux et répond comme le comptage des documents, au centime', async () => {
    for (const c of companies) {
      for (const filters of INVOICE_LISTS) {
        const params = { filters, pagination: { quantity: 1, page: 1 }, aggregations: INVOICE_SUMS };
        let answer: Answer | undefined;
        const sql = await statementsOf(k, async () => { answer = await c.http.get('/api/invoicing/invoices', { query: params }); });
        expect(answer!.status, JSON.stringify(answer!.body)).to.equal(200);
        expect(sql.some((s) => s.includes('invoicing_invoices_totals')), `${JSON.stringify(filters)} : ${sql.join(' | ')}`).to.equal(true);
        expect(sql.some((s) => /count\(\*\)/i.test(s)), JSON.stringify(filters)).to.equal(false);
        const expected = await overDocuments(k.db, Invoices, c.id, params);
        expect({ count: answer!.body.count, aggregation: answer!.body.aggregation }, JSON.stringify(filters)).to.deep.equal(expected);
      }
      for (const filters of SCANNED_INVOICE_LISTS) {
        const params = { filters, pagination: { quantity: 1, page: 1 }, aggregations: INVOICE_SUMS };
        let answer: Answer | undefined;
        const sql = await statementsOf(k, async () => { answer = await c.http.get('/api/invoicing/invoices', { query: params }); });
        expect(sql.some((s) => s.includes('_totals')), JSON.stringify(filters)).to.equal(false);
        expect({ count: answer!.body.count, aggregation: answer!.body.aggregation }).to.deep.equal(await overDocuments(k.db, Invoices, c.id, params));
      }
      for (const filters of PURCHASE_LISTS) {
        const params = { filters, pagination: { quantity: 20, page: 1 }, aggregations: ['inclTaxesPrice', 'unpaidAmount', 'recoverableVatAmount'].map((field) => ({ name: field, field, sum: true })) };
        let answer: Answer | undefined;
        const sql = await statementsOf(k, async () => { answer = await c.http.get('/api/purchases/purchases', { query: params }); });
        expect(sql.some((s) => s.includes('purchases_purchases_totals')), JSON.stringify(filters)).to.equal(true);
        expect({ count: answer!.body.count, aggregation: answer!.body.aggregation }).to.deep.equal(await overDocuments(k.db, Purchases, c.id, params));
      }
      for (const status of [undefined, 'emitted', 'accepted', 'refused', 'invoiced']) {
        const params = { filters: status ? { status: { mode: 'eq', value: status } } : {}, aggregations: [{ name: 'total', field: 'inclTaxesPrice', sum: true }] };
        const answer = await c.http.get('/api/invoicing/quotations', { query: params });
        expect({ count: answer.body.count, aggregation: answer.body.aggregation }).to.deep.equal(await overDocuments(k.db, Quotations, c.id, params));
      }
      const external = { aggregations: [{ name: 'paid', field: 'paidAmount', sum: true }, { name: 'unpaid', field: 'unpaidAmount', sum: true }] };
      const answer = await c.http.get('/api/purchases/external-purchases', { query: external });
      expect({ count: answer.body.count, aggregation: answer.body.aggregation }).to.deep.equal(await overDocuments(k.db, ExternalPurchases, c.id, external));
    }
    // an aggregation the totals do not keep is counted over the documents
    const paid = { aggregations: [{ name: 'paid', field: 'paidAmount', sum: true }] };
    const sql = await statementsOf(k, () => k.http.get('/api/invoicing/invoices', { query: paid }));
    expect(sql.some((s) => s.includes('_totals'))).to.equal(false);
  });

  it('10 émissions et 10 paiements en même temps : les totaux égalent le recomptage (verrou de la ligne de totaux)', async () => {
    const drafts = await Promise.all(Array.from({ length: 10 }, (_, i) => k.http.post('/api/invoicing/invoices', {
      receiver: DEFAULT_RECEIVER, items: [{ labelPrimary: `Commande ${i}`, quantity: 1, vat: 20, exclTaxesPrice: cents(10.01 + i) }],
    })));
    for (const d of drafts) expect(d.status, JSON.stringify(d.body)).to.equal(201);
    const emitted = await Promise.all(drafts.map((d) => k.http.post(`/api/invoicing/invoices/${d.body._id}/emit`)));
    for (const e of emitted) expect(e.status, JSON.stringify(e.body)).to.equal(200);
    const paid = await Promise.all(emitted.map((e, i) => k.http.post(`/api/invoicing/invoices/${e.body._id}/payments`, { mode: 'cb', amount: i % 2 ? e.body.unpaidAmount : 5 })));
    for (const p of paid) expect(p.status, JSON.stringify(p.body)).to.equal(200);
    const purchases = await Promise.all(Array.from({ length: 10 }, (_, i) => k.http.post('/api/purchases/purchases', {
      items: [{ labelPrimary: 'Beurre AOP', quantity: 2, vat: 5.5, exclTaxesPrice: cents(3.33 + i) }],
    })));
    for (const p of purchases) expect(p.status, JSON.stringify(p.body)).to.equal(201);
    expect(await mismatches(k.db)).to.deep.equal([]);
  });

  it('une transaction lit ses propres écritures dans les totaux ; une transaction annulée n’y laisse rien', async () => {
    const params = { filters: { numberFull: { mode: 'exists' as const, value: false } }, aggregations: [{ name: 'total', field: 'inclTaxesPrice', sum: true }] };
    const before = (await k.http.get('/api/invoicing/invoices', { query: params })).body;
    const spec: TotalsSpec = specOf(Invoices);
    // a copy of a draft made through the API, written by the repository itself inside the transaction
    const made = await k.http.post('/api/invoicing/invoices', { receiver: DEFAULT_RECEIVER, items: [{ labelPrimary: 'Croissants', quantity: 12, vat: 5.5, exclTaxesPrice: 1.1 }] });
    expect(made.status).to.equal(201);
    await k.http.delete(`/api/invoicing/invoices/${made.body._id}`);
    const { _id: _i, metadata: _m, ...draft } = made.body;
    let inside: { count: number; total: number | undefined } | undefined;
    const failure = new Error('annulée exprès');
    await k.kernel.asSystem(k.admin.companyId, async (ctx: CallContext) => {
      const repo = ctx.repo(Invoices);
      await repo.create(draft);
      const r = await repo.list(params);
      inside = { count: r.count, total: r.aggregation.total?.sum };
      throw failure;
    }, 'invoicing').catch((e: unknown) => { if (e !== failure) throw e; });
    expect(inside).to.deep.equal({ count: before.count + 1, total: Number((before.aggregation.total.sum + made.body.inclTaxesPrice).toFixed(2)) });
    const after = (await k.http.get('/api/invoicing/invoices', { query: params })).body;
    expect({ count: after.count, total: after.aggregation.total.sum }).to.deep.equal({ count: before.count, total: before.aggregation.total.sum });
    expect(await compareTotals(k.db, spec)).to.deep.equal([]);
  });

  it('un groupe altéré est signalé par la comparaison ; le démarrage refait une table absente ou d’une autre déclaration', async () => {
    const spec = specOf(Invoices);
    const [row] = await k.db(spec.table).where('fk_company', k.admin.companyId).andWhere('n', '>', 0).limit(1);
    await k.db(spec.table).where({ fk_company: row.fk_company, group_key: row.group_key }).update({ s_inclTaxesPrice: k.db.raw('?? + 1', ['s_inclTaxesPrice']) });
    const found = await compareTotals(k.db, spec);
    expect(found.map((m) => m.key)).to.deep.equal([row.group_key]);
    // another declaration (signature) and a dropped table: both made again and filled at boot
    await k.db(TOTALS_TABLES).where('table', spec.table).update({ signature: 'une autre déclaration' });
    await k.db.schema.dropTable(specOf(Purchases).table);
    const { createKernel, loadConfig } = await import('@comptoir/server');
    const conn = (k.db.client as { config: { connection: { filename?: string; database?: string } } }).config.connection;
    const url = process.env.DATABASE_URL ? `${process.env.DATABASE_URL.replace(/\/[^/]*$/, '')}/${conn.database}` : undefined;
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.dirname(conn.filename ?? '/tmp/x'), ...(url ? { DATABASE_URL: url } : {}) });
    const again = await createKernel({ config, pluginDirs: PLUGINS });
    try {
      expect(await mismatches(k.db)).to.deep.equal([]);
      expect(await k.db.schema.hasTable(specOf(Purchases).table)).to.equal(true);
      const registry = await k.db(TOTALS_TABLES).where('table', spec.table).first();
      expect(registry.signature).to.equal(spec.signature);
    } finally {
      await again.stop();
    }
  });
});
