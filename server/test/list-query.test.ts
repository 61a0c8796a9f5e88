/**
 * runList against a plain-JS reference over the same rows, on SQLite always and on MariaDB when
 * DATABASE_URL is set: both engines must give exactly the reference rows, order, counts and sums.
 */
import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { Decimal } from 'decimal.js';
import { DateTime, Entity, Id, Money, Nullable, Str, Text } from '../../schemas/src/kinds.ts';
import { createEntityTable } from '../../sdk/src/migrations.ts';
import { columnsOf } from '../src/db/columns.ts';
import { fold, moneyToDb } from '../src/db/codec.ts';
import { parseListParams } from '../src/db/list-params.ts';
import { runList, type ListPage, type ListSpec } from '../src/db/list-query.ts';
import { openMysql, openSqlite, type TestDb } from './support/test-db.ts';
import { expect400, query } from './support/list-helpers.ts';

// ---------------------------------------------------------------------------------------------
// The data set: deterministic, accented names, NULLs everywhere, many duplicate sort values

const TABLE = 'lq_things';
const COMPANY_A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const COMPANY_B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const CUSTOMERS = ['c00000000000000000000001', 'c00000000000000000000002', 'c00000000000000000000003',
  '0123456789abcdef01234567', 'fedcba9876543210fedcba98'];
const NAMES = ['Éric', 'éric', 'ERIC', 'Frédéric', 'Zoé', 'zoe', 'Zoë', 'Ægir', 'Œuvre', "L'Œil", 'André',
  'Andre', 'Hélène', 'Noël', 'François', 'Ça va', 'Straße', '100% bio', 'a_b', 'back\\slash', 'Ångström',
  'Émile', null, null];
const PRICES = [0.1, 12.34, 0.0001, 1999.99, -5.5, 0.1, 7, 0.01, 0.02, 0.1, 33.333];

const Thing = Entity({
  name: Nullable(Str()),
  notes: Nullable(Text()),
  qty: Nullable(Type.Integer()),
  price: Nullable(Money()),
  ratio: Nullable(Type.Number()),
  active: Nullable(Type.Boolean()),
  due: Nullable(DateTime()),
  customerId: Nullable(Id()),
  tags: Type.Array(Type.String()),
}, { company: Id() });

type Raw = Record<string, string | number | null>;

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

function makeRow(i: number, company: string): Raw {
  return {
    // not in insertion order, so that sorting by _id is not a no-op
    _id: hex(Math.imul(i + 1, 2654435761) >>> 0, 8) + hex(i, 16),
    fk_company: company,
    name: NAMES[(i * 7) % NAMES.length],
    notes: i % 5 === 0 ? null : `Note n°${i % 13} : ${NAMES[i % 7]} à l'œuvre`,
    qty: i % 11 === 0 ? null : ((i * 7) % 23) - 5,
    price: i % 13 === 4 ? null : moneyToDb(PRICES[(i * 3) % PRICES.length]),
    ratio: i % 9 === 0 ? null : ((i * 5) % 17) / 8,
    active: i % 7 === 3 ? null : i % 2,
    due: i % 6 === 5 ? null : new Date(Date.UTC(2024, (i * 5) % 12, 1 + ((i * 3) % 28), 9)).toISOString(),
    customerId: i % 4 === 1 ? null : CUSTOMERS[i % CUSTOMERS.length],
    tags: JSON.stringify(['x', String(i % 3)]),
    metadata_creationDate: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
    metadata_lastModificationDate: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
    metadata_createdBy: null,
    metadata_lastModifiedBy: null,
  };
}

const ROWS: Raw[] = Array.from({ length: 200 }, (_, i) => makeRow(i, COMPANY_A));
// another company's rows, which the scope must always hide
const OTHER: Raw[] = Array.from({ length: 20 }, (_, i) => makeRow(1000 + i, COMPANY_B));

// ---------------------------------------------------------------------------------------------
// The reference: NULLs first ascending, strings by code point (= UTF-8 bytes), `_id` tiebreaker

function cmp(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return (a as string | number) < (b as string | number) ? -1 : 1;
}

function refSorted(rows: Raw[], column: string, ascending: boolean): Raw[] {
  return [...rows].sort((x, y) => {
    const c = cmp(x[column], y[column]) || cmp(x._id, y._id);
    return ascending ? c : -c;
  });
}

const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r._id);
const folded = (v: unknown) => (v === null ? null : fold(v)!);
const has = (v: unknown, needle: string) => v !== null && folded(v)!.includes(needle);

function refAggregate(rows: Raw[], column: string, money: boolean, currency: boolean) {
  const values = rows.map((r) => r[column]).filter((v): v is number => v !== null);
  const total = values.reduce((s: Decimal, v) => s.plus(v), new Decimal(0));
  const sum = money ? total.div(10_000) : total;
  const avg = values.length === 0 ? new Decimal(0) : sum.div(values.length);
  return { sum: sum.toNumber(), avg: (currency ? avg.toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : avg).toNumber() };
}

// ---------------------------------------------------------------------------------------------

const engines: [string, () => Promise<TestDb>][] = [['SQLite', openSqlite]];
if (process.env.DATABASE_URL?.startsWith('mysql')) {
  engines.push(['MariaDB', () => openMysql(process.env.DATABASE_URL!, 'comptoir_lq')]);
}

for (const [label, open] of engines) {
  describe(`runList on ${label}`, function () {
    this.timeout(60_000);
    let t: TestDb;
    let queries = 0;
    const spec: ListSpec = {
      table: TABLE,
      columns: columnsOf(Thing),
      scope: (qb) => { qb.where('fk_company', COMPANY_A); },
    };
    const list = (p: Parameters<typeof query>[0]): Promise<ListPage> => runList(t.db, spec, parseListParams(query(p)));

    before(async () => {
      t = await open();
      await createEntityTable(t.db, TABLE, {
        name: 'string', notes: 'text', qty: 'int', price: 'money', ratio: 'number', active: 'bool', due: 'date',
        customerId: 'id', tags: 'json',
      }, { companyScoped: true, indexes: [['fk_company', 'name'], ['fk_company', 'price'], ['fk_company', 'due']] });
      const all = [...ROWS, ...OTHER];
      for (let i = 0; i < all.length; i += 50) await t.db(TABLE).insert(all.slice(i, i + 50));
      t.db.on('query', () => { queries += 1; });
    });
    after(async () => { await t?.close(); });

    it('answers the first page in _id order by default, with raw rows', async () => {
      const page = await list({});
      expect(page.count).to.equal(200);
      expect(ids(page.rows)).to.deep.equal(ids(refSorted(ROWS, '_id', true).slice(0, 50)));
      expect(page.next).to.be.a('string');
      expect(page.rows[0]).to.have.keys(Object.keys(ROWS[0]).concat('extradata', 'userProps'));
      expect(page.aggregation).to.deep.equal({});
    });

    it('reads only the columns of `fields` (and `_id`, and the sort column for `next`), same rows and totals', async () => {
      const base = { sort: { field: 'price', ascending: false }, aggregations: [{ name: 'p', field: 'price' }], pagination: { quantity: 7, page: 2 } };
      const whole = await list(base);
      const page = await list({ ...base, fields: ['name', 'tags', 'metadata'] });
      expect(ids(page.rows)).to.deep.equal(ids(whole.rows));
      expect(page.rows[0]).to.have.keys(['_id', 'name', 'tags', 'price', 'metadata_creationDate', 'metadata_lastModificationDate', 'metadata_createdBy', 'metadata_lastModifiedBy']);
      expect(page.projection!.map((c) => c.path)).to.deep.equal(['_id', 'name', 'tags', 'metadata.creationDate', 'metadata.lastModificationDate', 'metadata.createdBy', 'metadata.lastModifiedBy']);
      expect(page.rows.map((r) => r.name)).to.deep.equal(whole.rows.map((r) => r.name));
      expect([page.count, page.aggregation, page.next]).to.deep.equal([whole.count, whole.aggregation, whole.next]);
      expect((await list({ filters: { name: { value: 'é' } }, fields: ['qty'] })).rows.every((r) => Object.keys(r).length === 2)).to.equal(true);
      await expect400(() => list({ fields: ['name', 'prix'] }), /champ inconnu « prix »/);
      await expect400(() => list({ fields: ['metadata.nope'] }), /champ inconnu « metadata\.nope »/);
    });

    it('makes 2 queries per call, and 1 for a page by cursor carrying its walk’s totals', async () => {
      const aggregations = [{ name: 'p', field: 'price' }, { name: 'q', field: 'qty' }];
      const filters = { name: { value: 'e' }, qty: { mode: 'gte', value: 0 } };
      queries = 0;
      const first = await list({ filters, aggregations, sort: { field: 'price' }, pagination: { quantity: 10, page: 2 } });
      expect(queries).to.equal(2);
      queries = 0;
      const second = await list({ filters, aggregations, sort: { field: 'price' }, pagination: { quantity: 10, cursor: first.next } });
      expect(queries).to.equal(1);
      expect(second.count).to.equal(first.count);
      expect(second.aggregation).to.deep.equal(first.aggregation);
      // the same cursor under other filters counts again (its totals belong to another query)
      queries = 0;
      const other = await list({ filters: { name: { value: 'a' } }, aggregations, sort: { field: 'price' }, pagination: { quantity: 10, cursor: first.next } });
      expect(queries).to.equal(2);
      expect(other.count).to.not.equal(first.count);
    });

    it('recounts when the carried totals were tampered with', async () => {
      const first = await list({ sort: { field: 'price' }, pagination: { quantity: 10 } });
      const raw = JSON.parse(Buffer.from(first.next!, 'base64url').toString('utf8'));
      const [body, mac] = String(raw.t).split('.');
      const forged = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      forged.count = 1;
      raw.t = `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`;
      const cursor = Buffer.from(JSON.stringify(raw)).toString('base64url');
      queries = 0;
      const page = await list({ sort: { field: 'price' }, pagination: { quantity: 10, cursor } });
      expect(queries).to.equal(2);
      expect(page.count).to.equal(first.count);
    });

    // ---- sort and pages
    const SORTS = ['_id', 'name', 'notes', 'qty', 'price', 'ratio', 'active', 'due', 'customerId', 'metadata.creationDate', 'fk.company'];
    const columnOf = (path: string) => path.replace('.', '_');

    for (const field of SORTS) {
      for (const ascending of [true, false]) {
        it(`pages by number sorted by ${field} ${ascending ? 'asc' : 'desc'}`, async () => {
          const expected = ids(refSorted(ROWS, columnOf(field), ascending));
          const quantity = 30;
          for (const pageNo of [1, 2, 4, 7, 8]) {
            const page = await list({ sort: { field, ascending }, pagination: { quantity, page: pageNo } });
            const slice = expected.slice((pageNo - 1) * quantity, pageNo * quantity);
            expect(ids(page.rows), `page ${pageNo}`).to.deep.equal(slice);
            expect(page.count).to.equal(200);
            expect(page.next === null, `next of page ${pageNo}`).to.equal(pageNo * quantity >= 200);
          }
        });

        it(`walks every row by cursor sorted by ${field} ${ascending ? 'asc' : 'desc'}`, async () => {
          const expected = ids(refSorted(ROWS, columnOf(field), ascending));
          for (const quantity of [7, 50, 200]) {
            const seen: unknown[] = [];
            let cursor: string | null | undefined;
            let pages = 0;
            do {
              const page = await list({ sort: { field, ascending }, pagination: { quantity, cursor: cursor ?? undefined } });
              expect(page.rows.length).to.be.at.most(quantity);
              seen.push(...ids(page.rows));
              cursor = page.next;
              pages += 1;
            } while (cursor && pages < 100);
            expect(seen, `quantity ${quantity}`).to.deep.equal(expected);
            expect(pages).to.equal(Math.ceil(200 / quantity));
          }
        });
      }
    }

    it('continues a numbered page with its next cursor, filters applied', async () => {
      const filters = { name: { value: 'e' } };
      const expected = ids(refSorted(ROWS.filter((r) => has(r.name, 'e')), 'due', false));
      const p2 = await list({ filters, sort: { field: 'due', ascending: false }, pagination: { quantity: 9, page: 2 } });
      const p3 = await list({ filters, sort: { field: 'due', ascending: false }, pagination: { quantity: 9, cursor: p2.next } });
      expect(ids(p2.rows)).to.deep.equal(expected.slice(9, 18));
      expect(ids(p3.rows)).to.deep.equal(expected.slice(18, 27));
      expect(p3.count).to.equal(expected.length);
    });

    it('answers an empty page and no cursor past the end', async () => {
      const page = await list({ pagination: { quantity: 50, page: 5 } });
      expect(page.rows).to.deep.equal([]);
      expect(page.next).to.equal(null);
      expect(page.count).to.equal(200);
      const far = await list({ pagination: { quantity: 500, page: Number.MAX_SAFE_INTEGER } });
      expect(far).to.deep.include({ rows: [], next: null, count: 200 });
    });

    // ---- filters
    const d = (iso: string) => new Date(iso).toISOString();
    const FILTERS: { title: string; filters: Record<string, unknown>; pred: (r: Raw) => boolean }[] = [
      { title: 'contains, accent and case insensitive', filters: { name: { value: 'ERIC' } }, pred: (r) => has(r.name, 'eric') },
      { title: 'contains with an accent in the value', filters: { name: { mode: 'contains', value: 'zoé' } }, pred: (r) => has(r.name, 'zoe') },
      { title: 'contains through the œ ligature', filters: { name: { value: 'oe' } }, pred: (r) => has(r.name, 'oe') },
      { title: 'contains Œ in the value', filters: { name: { value: 'Œu' } }, pred: (r) => has(r.name, 'oeu') },
      { title: 'contains through æ', filters: { name: { value: 'AEG' } }, pred: (r) => has(r.name, 'aeg') },
      { title: 'contains through ß', filters: { name: { value: 'strass' } }, pred: (r) => has(r.name, 'strass') },
      { title: 'contains ß in the value', filters: { name: { value: 'ß' } }, pred: (r) => has(r.name, 'ss') },
      { title: 'contains a literal %', filters: { name: { value: '%' } }, pred: (r) => has(r.name, '%') },
      { title: 'contains a literal _', filters: { name: { value: '_' } }, pred: (r) => has(r.name, '_') },
      { title: 'contains a literal backslash', filters: { name: { value: '\\s' } }, pred: (r) => has(r.name, '\\s') },
      { title: 'contains with a cedilla', filters: { name: { value: 'ça' } }, pred: (r) => has(r.name, 'ca') },
      { title: 'contains on a text column', filters: { notes: { value: "À L'ŒUVRE" } }, pred: (r) => has(r.notes, "a l'oeuvre") },
      { title: 'contains on a text column, digits', filters: { notes: { value: 'n°1' } }, pred: (r) => has(r.notes, 'n°1') },
      { title: 'contains on a date', filters: { due: { value: '2024-03' } }, pred: (r) => has(r.due, '2024-03') },
      { title: 'contains with an empty value filters nothing', filters: { name: { value: '' } }, pred: () => true },
      { title: 'eq on a string is exact', filters: { name: { mode: 'eq', value: 'Zoé' } }, pred: (r) => r.name === 'Zoé' },
      { title: 'eq null', filters: { name: { mode: 'eq', value: null } }, pred: (r) => r.name === null },
      { title: 'neq keeps NULLs', filters: { name: { mode: 'neq', value: 'Zoé' } }, pred: (r) => r.name !== 'Zoé' },
      { title: 'neq null', filters: { price: { mode: 'neq', value: null } }, pred: (r) => r.price !== null },
      { title: 'in strings with null', filters: { name: { mode: 'in', value: ['Zoé', 'André', null] } }, pred: (r) => [null, 'Zoé', 'André'].includes(r.name as string) },
      { title: 'in ints', filters: { qty: { mode: 'in', value: [1, '2', 3] } }, pred: (r) => [1, 2, 3].includes(r.qty as number) },
      { title: 'in empty', filters: { qty: { mode: 'in', value: [] } }, pred: () => false },
      { title: 'in ids', filters: { customerId: { mode: 'in', value: CUSTOMERS.slice(0, 2), valueIsObjectId: true } }, pred: (r) => CUSTOMERS.slice(0, 2).includes(r.customerId as string) },
      { title: 'gt int', filters: { qty: { mode: 'gt', value: 10 } }, pred: (r) => r.qty !== null && (r.qty as number) > 10 },
      { title: 'gte int, numeric string', filters: { qty: { mode: 'gte', value: '10' } }, pred: (r) => r.qty !== null && (r.qty as number) >= 10 },
      { title: 'lt int', filters: { qty: { mode: 'lt', value: 0 } }, pred: (r) => r.qty !== null && (r.qty as number) < 0 },
      { title: 'lte money', filters: { price: { mode: 'lte', value: 0.1 } }, pred: (r) => r.price !== null && (r.price as number) <= 1000 },
      { title: 'gt money, string', filters: { price: { mode: 'gt', value: '12.34' } }, pred: (r) => r.price !== null && (r.price as number) > 123_400 },
      { title: 'eq money', filters: { price: { mode: 'eq', value: 0.0001 } }, pred: (r) => r.price === 1 },
      { title: 'gte number', filters: { ratio: { mode: 'gte', value: 1.125 } }, pred: (r) => r.ratio !== null && (r.ratio as number) >= 1.125 },
      { title: 'between ints, inclusive', filters: { qty: { mode: 'between', value: [2, 5] } }, pred: (r) => r.qty !== null && (r.qty as number) >= 2 && (r.qty as number) <= 5 },
      { title: 'between money', filters: { price: { mode: 'between', value: [0.01, 12.34] } }, pred: (r) => r.price !== null && (r.price as number) >= 100 && (r.price as number) <= 123_400 },
      { title: 'between open-ended', filters: { qty: { mode: 'between', value: [null, 0] } }, pred: (r) => r.qty !== null && (r.qty as number) <= 0 },
      { title: 'between strings', filters: { name: { mode: 'between', value: ['A', 'Zoé'] } }, pred: (r) => r.name !== null && (r.name as string) >= 'A' && (r.name as string) <= 'Zoé' },
      {
        title: 'between dates with startDate/endDate',
        filters: { due: { mode: 'between', valueIsDate: true, startDate: '2024-03-01', endDate: '2024-06-15T12:00:00Z' } },
        pred: (r) => r.due !== null && (r.due as string) >= d('2024-03-01') && (r.due as string) <= d('2024-06-15T12:00:00Z'),
      },
      {
        title: 'between dates from value',
        filters: { due: { mode: 'between', valueIsDate: true, value: ['2024-04-01', '2024-04-30'] } },
        pred: (r) => r.due !== null && (r.due as string) >= d('2024-04-01') && (r.due as string) <= d('2024-04-30'),
      },
      {
        title: 'date range without mode',
        filters: { due: { valueIsDate: true, startDate: '2024-05-01' } },
        pred: (r) => r.due !== null && (r.due as string) >= d('2024-05-01'),
      },
      { title: 'gt date uses startDate', filters: { due: { mode: 'gt', valueIsDate: true, startDate: '2024-10-01', endDate: '2000-01-01' } }, pred: (r) => r.due !== null && (r.due as string) > d('2024-10-01') },
      { title: 'lte date uses endDate', filters: { due: { mode: 'lte', valueIsDate: true, startDate: '2030-01-01', endDate: '2024-02-10' } }, pred: (r) => r.due !== null && (r.due as string) <= d('2024-02-10') },
      { title: 'lt date falls back to value', filters: { due: { mode: 'lt', valueIsDate: true, value: '2024-02-10' } }, pred: (r) => r.due !== null && (r.due as string) < d('2024-02-10') },
      { title: 'exists true', filters: { price: { mode: 'exists', value: true } }, pred: (r) => r.price !== null },
      { title: 'exists false', filters: { name: { mode: 'exists', value: false } }, pred: (r) => r.name === null },
      { title: 'eq bool true', filters: { active: { mode: 'eq', value: true } }, pred: (r) => r.active === 1 },
      { title: 'bool without mode', filters: { active: { value: false } }, pred: (r) => r.active === 0 },
      { title: 'int without mode is exact', filters: { qty: { value: 3 } }, pred: (r) => r.qty === 3 },
      { title: 'id-like field without mode is exact', filters: { customerId: { value: CUSTOMERS[3] } }, pred: (r) => r.customerId === CUSTOMERS[3] },
      { title: 'eq _id', filters: { _id: { value: ROWS[17]._id } }, pred: (r) => r._id === ROWS[17]._id },
      { title: 'gt _id', filters: { _id: { mode: 'gt', value: ROWS[17]._id } }, pred: (r) => (r._id as string) > (ROWS[17]._id as string) },
      { title: 'fk.company of the scope', filters: { 'fk.company': { value: COMPANY_A } }, pred: () => true },
      { title: 'fk.company of another company stays hidden', filters: { 'fk.company': { value: COMPANY_B } }, pred: () => false },
      {
        title: 'several filters together',
        filters: { name: { value: 'e' }, qty: { mode: 'gte', value: 0 }, active: { mode: 'exists', value: true } },
        pred: (r) => has(r.name, 'e') && r.qty !== null && (r.qty as number) >= 0 && r.active !== null,
      },
    ];

    for (const c of FILTERS) {
      it(`filter: ${c.title}`, async () => {
        const expected = refSorted(ROWS.filter(c.pred), 'name', true);
        const page = await list({ filters: c.filters, sort: { field: 'name' }, pagination: { quantity: 500 } });
        expect(ids(page.rows)).to.deep.equal(ids(expected));
        expect(page.count).to.equal(expected.length);
        expect(page.next).to.equal(null);
      });
    }

    it('filters are sanity-checked against the data set', () => {
      // guard against a reference predicate that matches nothing (or everything) by accident
      const sizes = FILTERS.map((c) => ROWS.filter(c.pred).length);
      const trivial = FILTERS.filter((c, i) => (sizes[i] === 0 || sizes[i] === 200) && !/empty|fk\.company/.test(c.title));
      expect(trivial.map((c) => c.title)).to.deep.equal([]);
    });

    // ---- aggregations
    const AGGREGATIONS = [
      { name: 'total', field: 'price', mode: 'currency' },
      { name: 'totalRaw', field: 'price' },
      { name: 'qty', field: 'qty' },
      { name: 'qtyCur', field: 'qty', mode: 'currency' },
      { name: 'ratio', field: 'ratio' },
    ];
    const refAll = (rows: Raw[]) => ({
      total: refAggregate(rows, 'price', true, true),
      totalRaw: refAggregate(rows, 'price', true, false),
      qty: refAggregate(rows, 'qty', false, false),
      qtyCur: refAggregate(rows, 'qty', false, true),
      ratio: refAggregate(rows, 'ratio', false, false),
    });

    it('aggregates all matching rows, not the page', async () => {
      const page = await list({ aggregations: AGGREGATIONS, pagination: { quantity: 5, page: 3 } });
      expect(page.aggregation).to.deep.equal(refAll(ROWS));
      expect(page.count).to.equal(200);
    });

    it('aggregates the filtered rows, in cursor mode too', async () => {
      const filters = { name: { value: 'e' }, qty: { mode: 'gte', value: 0 } };
      const rows = ROWS.filter((r) => has(r.name, 'e') && r.qty !== null && (r.qty as number) >= 0);
      const first = await list({ filters, aggregations: AGGREGATIONS, pagination: { quantity: 5 } });
      const second = await list({ filters, aggregations: AGGREGATIONS, pagination: { quantity: 5, cursor: first.next } });
      expect(first.aggregation).to.deep.equal(refAll(rows));
      expect(second.aggregation).to.deep.equal(refAll(rows));
      expect(second.count).to.equal(rows.length);
    });

    it('sums money exactly: many 0.1 make an exact total', async () => {
      const n = ROWS.filter((r) => r.price === 1000).length;
      expect(n).to.be.greaterThan(20);
      const page = await list({ filters: { price: { mode: 'eq', value: '0.1' } }, aggregations: [{ name: 't', field: 'price', mode: 'currency' }] });
      expect(page.count).to.equal(n);
      expect(page.aggregation.t).to.deep.equal({ sum: n / 10, avg: 0.1 });
      // what floating point would have given
      expect(Array.from({ length: n }, () => 0.1).reduce((a, b) => a + b, 0)).to.not.equal(n / 10);
    });

    it('rounds the currency average half up, keeps the raw one exact', async () => {
      const a = ROWS.find((r) => r.price === 100)!._id;
      const b = ROWS.find((r) => r.price === 200)!._id;
      const page = await list({
        filters: { _id: { mode: 'in', value: [a, b] } },
        aggregations: [{ name: 'c', field: 'price', mode: 'currency' }, { name: 'r', field: 'price' }, { name: 's', field: 'price', avg: false }, { name: 'v', field: 'price', sum: false }],
      });
      expect(page.aggregation).to.deep.equal({ c: { sum: 0.03, avg: 0.02 }, r: { sum: 0.03, avg: 0.015 }, s: { sum: 0.03 }, v: { avg: 0.015 } });
    });

    it('aggregates no row as zero', async () => {
      const page = await list({ filters: { qty: { mode: 'gt', value: 1000 } }, aggregations: [{ name: 't', field: 'price', mode: 'currency' }] });
      expect(page).to.deep.include({ rows: [], count: 0, next: null, aggregation: { t: { sum: 0, avg: 0 } } });
    });

    // ---- errors: always a 400 naming the field, never a 500
    it('refuses unknown and JSON fields', async () => {
      await expect400(() => list({ filters: { foo: { value: 'x' } } }), /Champ inconnu : « foo »/);
      await expect400(() => list({ sort: { field: 'foo' } }), /Champ inconnu : « foo »/);
      await expect400(() => list({ aggregations: [{ name: 't', field: 'foo' }] }), /Champ inconnu : « foo »/);
      await expect400(() => list({ filters: { tags: { value: 'x' } } }), /tags/);
      await expect400(() => list({ sort: { field: 'extradata' } }), /extradata/);
      await expect400(() => list({ aggregations: [{ name: 't', field: 'tags' }] }), /tags/);
      await expect400(() => list({ aggregations: [{ name: 't', field: 'name' }] }), /name/);
      await expect400(() => list({ aggregations: [{ name: 't', field: 'due' }] }), /due/);
    });

    it('refuses values of the wrong kind, naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ _id: { mode: 'eq', value: 'abc' } }, '_id'],
        [{ customerId: { value: 'zzzzzzzzzzzzzzzzzzzzzzzz' } }, 'customerId'],
        [{ 'fk.company': { value: 'nope' } }, 'fk.company'],
        [{ customerId: { mode: 'in', value: [CUSTOMERS[0], 42] } }, 'customerId'],
        [{ qty: { mode: 'eq', value: 'abc' } }, 'qty'],
        [{ qty: { value: 'abc' } }, 'qty'],
        [{ price: { mode: 'gt', value: { euros: 3 } } }, 'price'],
        [{ price: { mode: 'contains', value: '3' } }, 'price'],
        [{ ratio: { mode: 'lt', value: '' } }, 'ratio'],
        [{ due: { mode: 'gt', value: 'pas une date' } }, 'due'],
        [{ due: { mode: 'gt', valueIsDate: true, startDate: 'demain' } }, 'due'],
        [{ due: { mode: 'eq', value: '+275760-09-13T00:00:00.000Z' } }, 'due'],
        [{ active: { mode: 'eq', value: 'peut-être' } }, 'active'],
        [{ name: { mode: 'eq', value: { a: 1 } } }, 'name'],
        [{ name: { mode: 'eq', value: ['a'] } }, 'name'],
        [{ name: { mode: 'eq' } }, 'name'],
        [{ name: { mode: 'contains', value: ['a'] } }, 'name'],
        [{ name: { mode: 'in', value: 'a' } }, 'name'],
        [{ qty: { mode: 'between', value: [1] } }, 'qty'],
        [{ qty: { mode: 'between', value: [null, null] } }, 'qty'],
        [{ qty: { mode: 'gt' } }, 'qty'],
        [{ qty: { mode: 'exists', value: 'oui' } }, 'qty'],
      ];
      for (const [filters, field] of cases) {
        const err = await expect400(() => list({ filters }));
        expect(err.message, JSON.stringify(filters)).to.include(`« ${field} »`);
        expect(err.details[0].field).to.equal(`filters.${field}`);
      }
    });

    it('refuses a malformed cursor or one made for another sort', async () => {
      const page = await list({ sort: { field: 'qty', ascending: true }, pagination: { quantity: 10 } });
      await expect400(() => list({ sort: { field: 'qty', ascending: false }, pagination: { quantity: 10, cursor: page.next } }), /autre tri/);
      await expect400(() => list({ sort: { field: 'name' }, pagination: { quantity: 10, cursor: page.next } }), /autre tri/);
      await expect400(() => list({ pagination: { cursor: 'not a cursor' } }), /curseur/);
      const forged = Buffer.from(JSON.stringify({ f: 'qty', a: true, v: 'abc', i: ROWS[0]._id })).toString('base64url');
      await expect400(() => list({ sort: { field: 'qty' }, pagination: { cursor: forged } }), /curseur/);
    });

    it('keeps the SQL free of injected values', async () => {
      const page = await list({ filters: { name: { value: "'; DROP TABLE lq_things; --" } }, sort: { field: 'name' } });
      expect(page.count).to.equal(0);
      expect(await t.db(TABLE).count({ n: '*' })).to.have.nested.property('[0].n');
    });
  });
}
