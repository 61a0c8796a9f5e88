/**
 * User-property values on the customers of the contacts plugin (platform README « User properties »): checked and
 * completed on every write (400 naming `userProps.<variable>`, nothing written), then filtered,
 * sorted and searched through the list endpoint. Each answer is compared with a plain-JS reference
 * over the same records, on SQLite and on MariaDB (DATABASE_URL): both engines give exactly the
 * reference rows in the reference order, hence the same answers.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel, type TestResponse } from '@comptoir/sdk/testing';
import { fold } from '../../server/src/db/codec.ts';
import { pluginDir as contactsDir } from '../../plugins/contacts/test/support.ts';
import { changedTables, snapshotTables } from '../support/plugin-routes.ts';

const PATH = '/api/kernel/user-props';
const CUSTOMERS = '/api/contacts/customers';

type Values = Record<string, unknown>;
interface Row { _id: string; up: Values }

const CODES = ['Éric', 'eric', 'Zoé', 'zoe', 'Ångström', 'Œuvre', 'Straße', 'André', 'Andre', '100% bio', 'a_b', 'Noël'];
const TAGS = ['rouge', 'vert', 'bleu', 'verdâtre'];

/** the values of customer i (some left out: those records lack the property) */
function valuesOf(i: number): Values {
  const v: Values = {
    code: CODES[i % CODES.length],
    level: ((i * 7) % 11) - 3,
    vip: i % 3 === 0,
    since: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
    tags: TAGS.filter((_, t) => (i + t) % 3 === 0),
    note: i % 4 === 0 ? `Client fidèle depuis longtemps, dit ${CODES[(i + 3) % CODES.length]}` : '',
  };
  if (i % 9 === 4) v.level = 2.5;
  return v;
}

const cmp = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'boolean') return Number(a) - Number(b as boolean);
  return (a as string | number) < (b as string | number) ? -1 : 1;
};
const has = (v: unknown, needle: string) => typeof v === 'string' && fold(v)!.includes(fold(needle)!);

describe('kernel: user-property values on customers, lists on both engines', function () {
  this.timeout(180_000);
  let k: TestKernel;
  const rows: Row[] = [];

  async function all(query: Record<string, unknown>): Promise<string[]> {
    const res = await k.http.get(CUSTOMERS, { query: { pagination: { quantity: 500 }, ...query } });
    expect(res.status, `${JSON.stringify(query)} → ${JSON.stringify(res.body)}`).to.equal(200);
    expect(res.body.count).to.equal(res.body.data.length);
    return res.body.data.map((c: { _id: string }) => c._id);
  }
  const ref = (keep: (r: Row) => boolean, by = (r: Row) => r._id as unknown, ascending = true) =>
    rows.filter(keep).sort((x, y) => (cmp(by(x), by(y)) || cmp(x._id, y._id)) * (ascending ? 1 : -1)).map((r) => r._id);

  before(async function () {
    k = await createTestKernel({ plugins: [contactsDir] });
    await k.http.put('/api/kernel/server-settings', { userProps: { allowCompaniesToCreatePrivateProps: true, allowCompaniesToCreatePrivatePropsWithIndex: true, allowCompaniesToCreatePrivatePropsWithFullTextIndex: true } });
    // customers made before any property: they lack every value (NULL in lists)
    for (let i = 0; i < 5; i++) {
      const c = await k.http.post(CUSTOMERS, { name: `Ancien ${i}` });
      rows.push({ _id: c.body._id, up: {} });
    }
    const defs = [
      { name: 'Code', variable: 'code', type: 'text', index: true, fullTextSearch: true, fullTextWeight: 3 },
      { name: 'Niveau', variable: 'level', type: 'number', index: true },
      { name: 'VIP', variable: 'vip', type: 'checkbox', index: true },
      { name: 'Client depuis', variable: 'since', type: 'date' },
      { name: 'Étiquettes', variable: 'tags', type: 'text', multiple: true, fullTextSearch: true, fullTextWeight: 2 },
      { name: 'Note', variable: 'note', type: 'textarea', fullTextSearch: true },
    ];
    for (const d of defs) {
      const res = await k.http.post(PATH, { ...d, pluginIdentifier: 'contacts.customers' });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
    }
    for (let i = 0; i < 60; i++) {
      const up = valuesOf(i);
      const c = await k.http.post(CUSTOMERS, { name: `Client ${i}`, userProps: up });
      expect(c.status, JSON.stringify(c.body)).to.equal(201);
      expect(c.body.userProps).to.deep.equal(up);
      rows.push({ _id: c.body._id, up });
    }
  });
  after(async function () { await k?.stop(); });

  it('fills defaults, checks every type, refuses unknown variables; a refused write changes nothing', async function () {
    const bare = await k.http.post(CUSTOMERS, { name: 'Sans valeurs' });
    expect(bare.body.userProps).to.deep.equal({ code: '', level: 0, vip: false, since: '', tags: [], note: '' });
    await k.http.delete(`${CUSTOMERS}/${bare.body._id}`);
    const before = await snapshotTables(k.db);
    const cases: [Values, string, RegExp][] = [
      [{ level: 'deux' }, 'userProps.level', /nombre/],
      [{ vip: 'oui' }, 'userProps.vip', /true ou false/],
      [{ since: '31/12/2026' }, 'userProps.since', /date/],
      [{ tags: 'rouge' }, 'userProps.tags', /liste/],
      [{ code: 'x'.repeat(300) }, 'userProps.code', /255/],
      [{ inconnue: 1 }, 'userProps.inconnue', /inconnue/],
    ];
    for (const [userProps, field, message] of cases) {
      const res = await k.http.post(CUSTOMERS, { name: 'Refusé', userProps });
      expect(res.status, JSON.stringify(res.body)).to.equal(400);
      expect(res.body.details).to.have.length(1);
      expect(res.body.details[0].field).to.equal(field);
      expect(res.body.details[0].message).to.match(message);
      expect(res.body.message).to.include(`« ${field} »`);
      const upd = await k.http.put(`${CUSTOMERS}/${rows[10]._id}`, { userProps });
      expect(upd.status).to.equal(400);
    }
    expect(changedTables(before, await snapshotTables(k.db))).to.deep.equal([]);
  });

  it('an update merges by variable and `null` resets to the default', async function () {
    const r = rows[rows.length - 1];
    const res = await k.http.put(`${CUSTOMERS}/${r._id}`, { userProps: { level: 9, tags: null } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.userProps).to.deep.equal({ ...r.up, level: 9, tags: [] });
    r.up = res.body.userProps;
    // an update of other fields keeps them
    const other = await k.http.put(`${CUSTOMERS}/${r._id}`, { firstname: 'Lou' });
    expect(other.body.userProps).to.deep.equal(r.up);
  });

  it('filters texts, numbers, booleans and dates as their type says, like the reference', async function () {
    const f = (field: string, filter: Record<string, unknown>) => all({ filters: { [`userProps.${field}`]: filter } });
    const v = (r: Row, name: string) => r.up[name];
    const checks: [string, Record<string, unknown>, (r: Row) => boolean][] = [
      ['code', { value: 'eric' }, (r) => has(v(r, 'code'), 'eric')],
      ['code', { value: 'oeuvre' }, (r) => has(v(r, 'code'), 'oeuvre')],
      ['code', { value: '100%' }, (r) => has(v(r, 'code'), '100%')],
      ['code', { mode: 'eq', value: 'Éric' }, (r) => v(r, 'code') === 'Éric'],
      ['code', { mode: 'neq', value: 'Éric' }, (r) => v(r, 'code') !== 'Éric'],
      ['code', { mode: 'in', value: ['Zoé', 'zoe'] }, (r) => ['Zoé', 'zoe'].includes(v(r, 'code') as string)],
      ['code', { mode: 'gt', value: 'Z' }, (r) => typeof v(r, 'code') === 'string' && (v(r, 'code') as string) > 'Z'],
      ['code', { mode: 'exists', value: false }, (r) => v(r, 'code') === undefined],
      ['level', { value: 2.5 }, (r) => v(r, 'level') === 2.5],
      ['level', { mode: 'gt', value: 3 }, (r) => (v(r, 'level') as number) > 3],
      ['level', { mode: 'between', value: [-1, 2.5] }, (r) => typeof v(r, 'level') === 'number' && (v(r, 'level') as number) >= -1 && (v(r, 'level') as number) <= 2.5],
      ['level', { mode: 'lte', value: '0' }, (r) => typeof v(r, 'level') === 'number' && (v(r, 'level') as number) <= 0],
      ['level', { mode: 'neq', value: 0 }, (r) => v(r, 'level') !== 0],
      ['vip', { value: true }, (r) => v(r, 'vip') === true],
      ['vip', { value: 'false' }, (r) => v(r, 'vip') === false],
      ['vip', { mode: 'neq', value: true }, (r) => v(r, 'vip') !== true],
      ['since', { mode: 'between', valueIsDate: true, startDate: '2026-03-01', endDate: '2026-06-30' }, (r) => typeof v(r, 'since') === 'string' && (v(r, 'since') as string) >= '2026-03-01' && (v(r, 'since') as string) <= '2026-06-30'],
      ['since', { mode: 'gte', value: '2026-11-15T10:00:00Z' }, (r) => typeof v(r, 'since') === 'string' && (v(r, 'since') as string) >= '2026-11-15'],
      ['tags', { mode: 'eq', value: 'rouge' }, (r) => ((v(r, 'tags') ?? []) as string[]).includes('rouge')],
      ['tags', { mode: 'neq', value: 'rouge' }, (r) => !((v(r, 'tags') ?? []) as string[]).includes('rouge')],
      ['tags', { value: 'VERD' }, (r) => ((v(r, 'tags') ?? []) as string[]).some((t) => has(t, 'verd'))],
      ['tags', { mode: 'in', value: ['bleu', 'vert'] }, (r) => ((v(r, 'tags') ?? []) as string[]).some((t) => ['bleu', 'vert'].includes(t))],
      ['tags', { mode: 'exists', value: false }, (r) => ((v(r, 'tags') ?? []) as string[]).length === 0],
    ];
    for (const [field, filter, keep] of checks) {
      expect(await f(field, filter), `${field} ${JSON.stringify(filter)}`).to.deep.equal(ref(keep));
    }
  });

  it('a date never filled in (the empty default) is no date: outside every bound, found by exists false and eq ""', async function () {
    const blank = (await k.http.post(CUSTOMERS, { name: 'Sans date', userProps: { since: '' } })).body._id as string;
    const dated = (await k.http.post(CUSTOMERS, { name: 'Daté', userProps: { since: '2020-01-01' } })).body._id as string;
    const among = async (filter: Record<string, unknown>) => (await all({ filters: { 'userProps.since': filter } })).filter((id) => id === blank || id === dated);
    expect(await among({ mode: 'lt', value: '2021-01-01' })).to.deep.equal([dated]);
    expect(await among({ mode: 'between', valueIsDate: true, endDate: '2021-01-01' })).to.deep.equal([dated]);
    expect(await among({ mode: 'eq', value: '' })).to.deep.equal([blank]);
    expect(await among({ mode: 'neq', value: '' })).to.deep.equal([dated]);
    expect(await among({ mode: 'exists', value: false })).to.deep.equal([blank]);
    expect(await among({ mode: 'exists', value: true })).to.deep.equal([dated]);
    expect(await among({ mode: 'in', value: ['', '2020-01-01'] })).to.deep.equal([blank, dated]);
    const bound = await k.http.get(CUSTOMERS, { query: { filters: { 'userProps.since': { mode: 'gt', value: '' } } } });
    expect([bound.status, bound.body.message]).to.deep.equal([400, 'Filtre « userProps.since » : le mode « gt » demande une valeur.']);
    for (const id of [blank, dated]) expect((await k.http.delete(`${CUSTOMERS}/${id}`)).status).to.equal(204);
  });

  it('sorts by a property, both ways, the same by page and by cursor (NULLs first ascending)', async function () {
    for (const field of ['code', 'level', 'vip', 'since']) {
      for (const ascending of [true, false]) {
        const expected = ref(() => true, (r) => r.up[field], ascending);
        expect(await all({ sort: { field: `userProps.${field}`, ascending } }), `${field} ${ascending}`).to.deep.equal(expected);
        // a cursor walk, 7 by 7
        const walked: string[] = [];
        let cursor: string | null = null;
        do {
          const res: TestResponse = await k.http.get(CUSTOMERS, { query: { sort: { field: `userProps.${field}`, ascending }, pagination: cursor ? { quantity: 7, cursor } : { quantity: 7 } } });
          expect(res.status, JSON.stringify(res.body)).to.equal(200);
          walked.push(...res.body.data.map((c: { _id: string }) => c._id));
          cursor = res.body.next;
        } while (cursor);
        expect(walked, `${field} ${ascending} by cursor`).to.deep.equal(expected);
      }
    }
  });

  it('searches the full-text properties (every word somewhere), ranked by fullTextWeight', async function () {
    const score = (r: Row, words: string[]) => words.reduce((s, w) => s
      + (has(r.up.code, w) ? 3 : 0) + (((r.up.tags ?? []) as string[]).some((t) => has(t, w)) ? 2 : 0) + (has(r.up.note, w) ? 1 : 0), 0);
    const matches = (r: Row, words: string[]) => words.every((w) => has(r.up.code, w) || ((r.up.tags ?? []) as string[]).some((t) => has(t, w)) || has(r.up.note, w));
    for (const text of ['eric', 'zoe', 'fidele eric', 'vert', 'rouge zoe', 'introuvable']) {
      const words = text.split(' ');
      const expected = rows.filter((r) => matches(r, words))
        .sort((x, y) => (score(y, words) - score(x, words)) || cmp(y._id, x._id)).map((r) => r._id);
      expect(await all({ search: text, sort: { field: '_score', ascending: false } }), text).to.deep.equal(expected);
      // plain text works as well as JSON, and any sort can follow
      expect(await all({ search: JSON.stringify(text) }), `${text} by _id`).to.deep.equal([...expected].sort());
    }
  });

  it('aggregates a number property; refuses unknown variables, lists in sorts and _score without search', async function () {
    const res = await k.http.get(CUSTOMERS, { query: { aggregations: [{ name: 'n', field: 'userProps.level', sum: true, avg: false }] } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const levels = rows.map((r) => r.up.level).filter((x): x is number => typeof x === 'number');
    expect(res.body.aggregation.n.sum).to.equal(levels.reduce((s, x) => s + x, 0));
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ filters: { 'userProps.nope': { value: 1 } } }, 'filters.userProps.nope', /« userProps\.nope »/],
      [{ sort: { field: 'userProps.nope' } }, 'sort', /« userProps\.nope »/],
      [{ sort: { field: 'userProps.tags' } }, 'sort', /plusieurs valeurs/],
      [{ sort: { field: '_score' } }, 'sort', /search/],
      [{ filters: { 'userProps.level': { mode: 'contains', value: 'x' } } }, 'filters.userProps.level', /textes/],
      [{ filters: { 'userProps.level': { value: 'dix' } } }, 'filters.userProps.level', /nombre/],
      [{ filters: { 'userProps.since': { mode: 'gt', value: 'hier' } } }, 'filters.userProps.since', /date/],
      [{ aggregations: [{ name: 'x', field: 'userProps.code' }] }, 'aggregations', /numérique/],
    ];
    for (const [query, field, message] of refusals) {
      const r = await k.http.get(CUSTOMERS, { query });
      expect(r.status, `${JSON.stringify(query)} → ${JSON.stringify(r.body)}`).to.equal(400);
      expect(r.body.details[0].field).to.equal(field);
      expect(r.body.message).to.match(message);
    }
    const noFullText = await k.http.get('/api/contacts/providers', { query: { search: 'x' } });
    expect(noFullText.status).to.equal(400);
    expect(noFullText.body.details[0].field).to.equal('search');
  });
});
