/**
 * User-property definitions through /api/kernel/user-props (platform README « User properties »,
 * « Platform rules and constants »), with the contacts plugin loaded: the collections offered, private
 * properties only as ServerSettings allow (403 in French otherwise), bad definitions refused with
 * nothing written, server properties (for all, linked, offered and taken up), tenant isolation,
 * and the index of an `index` property made, used (EXPLAIN) and dropped.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { pluginDir as contactsDir } from '../../plugins/contacts/test/support.ts';
import { createMember, createSecondCompany, signIn, type Account, type SecondCompany } from '../support/kernel.ts';
import { changedTables, snapshotTables } from '../support/plugin-routes.ts';
import { MAX_INDEXED_PER_COLLECTION } from '../../server/src/platform/services/user-props/user-props.ts';

const PATH = '/api/kernel/user-props';
const CUSTOMERS = '/api/contacts/customers';
const SETTINGS = '/api/kernel/server-settings';

async function indexesOf(db: Knex, table: string): Promise<string[]> {
  if ((db.client as { config: { client: string } }).config.client === 'mysql2') {
    const [rows] = await db.raw('SELECT DISTINCT INDEX_NAME AS name FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?', [table]);
    return (rows as { name: string }[]).map((r) => r.name).filter((n) => n.startsWith('uprop_'));
  }
  const rows = await db('sqlite_master').select('name').where({ type: 'index', tbl_name: table });
  return rows.map((r: { name: string }) => r.name).filter((n: string) => n.startsWith('upidx_'));
}

describe('kernel: user-property definitions', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let b: SecondCompany;
  let plain: Account;
  let manager: Account;

  const setUserPropsSettings = (userProps: Record<string, boolean>) => k.http.put(SETTINGS, { userProps });

  before(async function () {
    k = await createTestKernel({ plugins: [contactsDir] });
    b = await createSecondCompany(k, 'u');
    plain = await createMember(k, 'simple-up@exemple.fr');
    manager = await createMember(k, 'gestion-up@exemple.fr');
    const role = await k.http.post('/api/kernel/roles', { name: 'Gestion des propriétés', permissions: ['kernel.user-props.manage'] });
    expect(role.status, JSON.stringify(role.body)).to.equal(201);
    expect((await k.http.put(`/api/kernel/users/${manager.userId}/roles`, { roles: [role.body._id] })).status).to.equal(200);
    manager = await signIn(k, manager.email, manager.password);
  });
  after(async function () { await k?.stop(); });

  it('offers the collections whose records carry user properties, the loaded plugins’ included', async function () {
    const res = await k.http.get(`${PATH}/collections`);
    expect(res.status).to.equal(200);
    const ids = res.body.data.map((c: { pluginIdentifier: string }) => c.pluginIdentifier);
    expect(ids).to.include.members(['contacts.customers', 'contacts.providers', 'contacts.contacts', 'kernel.establishments']);
    // settings, logs, roles and global records do not
    expect(ids).to.not.include.members(['kernel.server-settings', 'kernel.activities', 'kernel.roles', 'kernel.users', 'kernel.user-props']);
    expect(res.body.data.find((c: { pluginIdentifier: string }) => c.pluginIdentifier === 'contacts.customers').label).to.equal('client');
  });

  it('refuses private properties (403, French) until the server allows them, then index and full text each apart', async function () {
    const before = await snapshotTables(k.db);
    const body = { name: 'Code fidélité', variable: 'loyalty', pluginIdentifier: 'contacts.customers' };
    const refused = await manager.http.post(PATH, body);
    expect(refused.status).to.equal(403);
    expect(refused.body).to.deep.include({ code: 'FORBIDDEN', message: 'Ce serveur n’autorise pas les entreprises à créer leurs propres propriétés.' });
    expect(changedTables(before, await snapshotTables(k.db))).to.deep.equal([]);

    expect((await setUserPropsSettings({ allowCompaniesToCreatePrivateProps: true })).status).to.equal(200);
    const indexed = await manager.http.post(PATH, { ...body, index: true });
    expect(indexed.status).to.equal(403);
    expect(indexed.body.message).to.match(/indexer/);
    const fullText = await manager.http.post(PATH, { ...body, fullTextSearch: true });
    expect(fullText.status).to.equal(403);
    expect(fullText.body.message).to.match(/texte intégral/);
    // a member without the permission
    expect((await plain.http.post(PATH, body)).status).to.equal(403);

    const created = await manager.http.post(PATH, body);
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body).to.deep.include({
      type: 'text', multiple: false, index: false, filter: false, fullTextSearch: false, fullTextWeight: 1,
      editionPlacement: 'none', listPlacement: 'none', cardPlacement: 'none', required: false, defaultValue: '',
      selectOptions: [], server: false, applyForAllCompanies: false, allowCompaniesToUseThisProperty: false,
    });
    expect(created.body.fk).to.deep.equal({ company: k.admin.companyId, companies: [] });

    await setUserPropsSettings({ allowCompaniesToCreatePrivatePropsWithIndex: true, allowCompaniesToCreatePrivatePropsWithFullTextIndex: true });
    const both = await manager.http.post(PATH, { ...body, variable: 'loyalty2', index: true, fullTextSearch: true });
    expect(both.status, JSON.stringify(both.body)).to.equal(201);
    // turned off again: existing properties keep what they have, nobody gets more
    await setUserPropsSettings({ allowCompaniesToCreatePrivatePropsWithIndex: false });
    expect((await manager.http.put(`${PATH}/${both.body._id}`, { name: 'Code fidélité 2' })).status).to.equal(200);
    expect((await manager.http.put(`${PATH}/${created.body._id}`, { index: true })).status).to.equal(403);
    await setUserPropsSettings({ allowCompaniesToCreatePrivatePropsWithIndex: true });
  });

  it('refuses bad definitions with a 400 naming the field, and a taken variable with a 409, writing nothing', async function () {
    const before = await snapshotTables(k.db);
    const base = { name: 'X', variable: 'xvar', pluginIdentifier: 'contacts.customers' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, pluginIdentifier: 'contacts.nothing' }, 'pluginIdentifier'],
      [{ ...base, pluginIdentifier: 'kernel.server-settings' }, 'pluginIdentifier'],
      [{ ...base, variable: '1abc' }, 'variable'],
      [{ ...base, variable: 'a-b' }, 'variable'],
      [{ ...base, type: 'colour' }, 'type'],
      [{ ...base, type: 'checkbox', multiple: true }, 'multiple'],
      [{ ...base, type: 'select' }, 'selectOptions'],
      [{ ...base, type: 'number', min: 10, max: 1 }, 'max'],
      [{ ...base, type: 'number', defaultValue: 'dix' }, 'defaultValue'],
      [{ ...base, type: 'textarea', index: true }, 'index'],
      [{ ...base, applyForAllCompanies: true }, 'applyForAllCompanies'],
      [{ ...base, fk: { companies: [b.companyId] } }, 'fk.companies'],
      [{ ...base, fk: { company: b.companyId } }, 'fk.company'],
    ];
    for (const [body, field] of cases) {
      const res = await k.http.post(PATH, body);
      expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.details.map((d: { field: string }) => d.field), JSON.stringify(res.body)).to.include(field);
      expect(res.body.message).to.include(`« ${field}`);
    }
    const taken = await k.http.post(PATH, { ...base, variable: 'loyalty' });
    expect(taken.status).to.equal(409);
    expect(taken.body.message).to.match(/« loyalty » est déjà utilisée/);
    expect(changedTables(before, await snapshotTables(k.db))).to.deep.equal([]);
  });

  it('select options may leave `hidden` out: stored false (the spec’s option is label, value, hidden)', async function () {
    const res = await k.http.post(PATH, {
      name: 'Canal', variable: 'canal', pluginIdentifier: 'contacts.customers', type: 'select',
      selectOptions: [{ label: 'Salon', value: 'salon' }, { label: 'Site', value: 'site', hidden: true }],
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.selectOptions).to.deep.equal([{ label: 'Salon', value: 'salon', hidden: false }, { label: 'Site', value: 'site', hidden: true }]);
    const put = await k.http.put(`${PATH}/${res.body._id}`, { selectOptions: [{ label: 'Salon', value: 'salon' }] });
    expect(put.status, JSON.stringify(put.body)).to.equal(200);
    expect(put.body.selectOptions).to.deep.equal([{ label: 'Salon', value: 'salon', hidden: false }]);
    expect((await k.http.delete(`${PATH}/${res.body._id}`)).status).to.equal(204);
  });

  it('changes keep stored values readable: no new family of type, no switch between one and many values', async function () {
    const p = await k.http.post(PATH, { name: 'Remarque', variable: 'remark', pluginIdentifier: 'contacts.customers', type: 'text', max: 20 });
    expect((await k.http.put(`${PATH}/${p.body._id}`, { type: 'number' })).status).to.equal(409);
    expect((await k.http.put(`${PATH}/${p.body._id}`, { multiple: true })).status).to.equal(409);
    const email = await k.http.put(`${PATH}/${p.body._id}`, { type: 'email' });
    expect(email.status, JSON.stringify(email.body)).to.equal(200);
    // a new type resets the default and drops the bounds of the old one (platform README « User properties »)
    expect(email.body).to.deep.include({ type: 'email', defaultValue: '', max: null });
    expect((await k.http.delete(`${PATH}/${p.body._id}`)).status).to.equal(204);
  });

  it('server properties: for all companies, linked ones, or offered and taken up; only server administrators make them', async function () {
    const forAll = await k.http.post(PATH, { name: 'Segment', variable: 'segment', pluginIdentifier: 'contacts.customers', server: true, applyForAllCompanies: true });
    expect(forAll.status, JSON.stringify(forAll.body)).to.equal(201);
    expect(forAll.body.fk).to.deep.equal({ company: null, companies: [] });
    expect((await manager.http.post(PATH, { name: 'S', variable: 's2', pluginIdentifier: 'contacts.customers', server: true })).status).to.equal(403);
    expect((await manager.http.put(`${PATH}/${forAll.body._id}`, { name: 'Pirate' })).status).to.equal(403);
    // seen by B, applied to B's customers
    const seen = await b.owner.http.get(`${PATH}/${forAll.body._id}`);
    expect(seen.status).to.equal(200);
    const cust = await b.owner.http.post(CUSTOMERS, { name: 'Client B', userProps: { segment: 'PME' } });
    expect(cust.status, JSON.stringify(cust.body)).to.equal(201);
    expect(cust.body.userProps).to.deep.equal({ segment: 'PME' });

    const offered = await k.http.post(PATH, { name: 'Parrain', variable: 'sponsor', pluginIdentifier: 'contacts.customers', server: true, allowCompaniesToUseThisProperty: true });
    expect(offered.status).to.equal(201);
    const before = await b.owner.http.post(CUSTOMERS, { name: 'Client B2', userProps: { sponsor: 'x' } });
    expect(before.status).to.equal(400);
    expect(before.body.details[0].field).to.equal('userProps.sponsor');
    const taken = await b.owner.http.put(`${PATH}/${offered.body._id}/usage`, { used: true });
    expect(taken.status, JSON.stringify(taken.body)).to.equal(200);
    expect(taken.body.fk.companies).to.deep.equal([b.companyId]);
    expect((await b.owner.http.post(CUSTOMERS, { name: 'Client B2', userProps: { sponsor: 'x' } })).status).to.equal(201);
    // A did not take it up: refused in A
    expect((await k.http.post(CUSTOMERS, { name: 'Client A', userProps: { sponsor: 'x' } })).status).to.equal(400);
    expect((await k.http.put(`${PATH}/${forAll.body._id}/usage`, { used: true })).status).to.equal(409);
    // a server property linked to B only: a company cannot take up what is not offered
    const linked = await k.http.post(PATH, { name: 'Lié', variable: 'linked', pluginIdentifier: 'contacts.customers', server: true, fk: { companies: [b.companyId] } });
    expect(linked.status, JSON.stringify(linked.body)).to.equal(201);
    expect((await b.owner.http.get(`${PATH}/${linked.body._id}`)).status).to.equal(200);
    const unknownCompany = await k.http.post(PATH, { name: 'L', variable: 'l2', pluginIdentifier: 'contacts.customers', server: true, fk: { companies: ['0123456789abcdef01234567'] } });
    expect(unknownCompany.status).to.equal(400);
    expect(unknownCompany.body.details[0].field).to.equal('fk.companies');
    // the variable of a server property for all companies cannot be reused privately
    const clash = await k.http.post(PATH, { name: 'Segment privé', variable: 'segment', pluginIdentifier: 'contacts.customers' });
    expect(clash.status).to.equal(409);
  });

  it('tenant isolation: a company never sees nor applies another company’s private properties', async function () {
    await setUserPropsSettings({ allowCompaniesToCreatePrivateProps: true });
    const ofB = await b.owner.http.post(PATH, { name: 'Secret B', variable: 'secretB', pluginIdentifier: 'contacts.customers', type: 'number' });
    expect(ofB.status, JSON.stringify(ofB.body)).to.equal(201);
    // the same variable in A is another property
    const ofA = await k.http.post(PATH, { name: 'Secret A', variable: 'secretB', pluginIdentifier: 'contacts.customers', type: 'text' });
    expect(ofA.status, JSON.stringify(ofA.body)).to.equal(201);
    for (const h of [k.http, manager.http]) {
      expect((await h.get(`${PATH}/${ofB.body._id}`)).status).to.equal(404);
      expect((await h.put(`${PATH}/${ofB.body._id}`, { name: 'x' })).status).to.equal(404);
      expect((await h.delete(`${PATH}/${ofB.body._id}`)).status).to.equal(404);
      const list = await h.get(PATH, { query: { pagination: { quantity: 500 } } });
      expect(list.body.data.map((d: { _id: string }) => d._id)).to.not.include(ofB.body._id);
    }
    const listB = await b.owner.http.get(PATH, { query: { pagination: { quantity: 500 } } });
    const idsB = listB.body.data.map((d: { _id: string }) => d._id);
    expect(idsB).to.include(ofB.body._id);
    expect(idsB).to.not.include(ofA.body._id);
    // A's customers take A's definition (text), B's take B's (number)
    const inA = await k.http.post(CUSTOMERS, { name: 'Client A', userProps: { secretB: 'texte' } });
    expect(inA.status, JSON.stringify(inA.body)).to.equal(201);
    const inB = await b.owner.http.post(CUSTOMERS, { name: 'Client B3', userProps: { secretB: 'texte' } });
    expect(inB.status).to.equal(400);
    expect(inB.body.details).to.deep.equal([{ field: 'userProps.secretB', message: 'un nombre est attendu' }]);
    expect((await b.owner.http.post(CUSTOMERS, { name: 'Client B3', userProps: { secretB: 42 } })).status).to.equal(201);
    // filters follow each company's definition
    const filtered = await b.owner.http.get(CUSTOMERS, { query: { filters: { 'userProps.secretB': { mode: 'gt', value: 40 } } } });
    expect(filtered.body.data.map((c: { name: string }) => c.name)).to.deep.equal(['Client B3']);
    expect((await k.http.get(CUSTOMERS, { query: { filters: { 'userProps.loyalty': { value: 'x' } } } })).status).to.equal(200);
    const foreign = await b.owner.http.get(CUSTOMERS, { query: { filters: { 'userProps.loyalty': { value: 'x' } } } });
    expect(foreign.status).to.equal(400);
    expect(foreign.body.message).to.equal('Propriété inconnue : « userProps.loyalty » (aucune propriété de ce nom pour cette liste).');
  });

  it('variables differing by case only get an index each (SQL identifiers ignore case), and filter their own values', async function () {
    const table = 'contacts_customers';
    const lower = await k.http.post(PATH, { name: 'Code', variable: 'code', pluginIdentifier: 'contacts.customers', index: true });
    const upper = await k.http.post(PATH, { name: 'Code client', variable: 'Code', pluginIdentifier: 'contacts.customers', index: true });
    expect([lower.status, upper.status], JSON.stringify(upper.body)).to.deep.equal([201, 201]);
    const mine = (await indexesOf(k.db, table)).filter((n) => /_s_code/i.test(n));
    expect(mine, JSON.stringify(mine)).to.have.length(2);
    const c = await k.http.post(CUSTOMERS, { name: 'Casse', userProps: { code: 'bas', Code: 'HAUT' } });
    expect(c.status, JSON.stringify(c.body)).to.equal(201);
    for (const [variable, value] of [['code', 'bas'], ['Code', 'HAUT']]) {
      const res = await k.http.get(CUSTOMERS, { query: { filters: { [`userProps.${variable}`]: { mode: 'eq', value } } } });
      expect(res.body.data.map((x: { _id: string }) => x._id), variable).to.deep.equal([c.body._id]);
    }
    expect((await k.http.delete(`${CUSTOMERS}/${c.body._id}`)).status).to.equal(204);
    for (const p of [lower, upper]) expect((await k.http.delete(`${PATH}/${p.body._id}`)).status).to.equal(204);
    expect((await indexesOf(k.db, table)).filter((n) => /_s_code/i.test(n))).to.deep.equal([]);
  });

  it('refuses an index past the collection’s limit (409, French), and keeps the definition without one possible', async function () {
    const made: string[] = [];
    const create = (i: number, index: boolean) => k.http.post(PATH, { name: `Indexée ${i}`, variable: `idx${i}`, pluginIdentifier: 'contacts.customers', type: 'number', index });
    const already = (await k.db('kernel_user_props').where({ pluginIdentifier: 'contacts.customers', index: true, multiple: false }).count({ n: '*' }).first()) as { n: number };
    for (let i = Number(already.n); i < MAX_INDEXED_PER_COLLECTION; i += 1) {
      const res = await create(i, true);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      made.push(res.body._id);
    }
    const refused = await create(999, true);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.match(/^Trop de propriétés indexées sur ces fiches \(40 au plus/);
    const plain = await create(999, false);
    expect(plain.status).to.equal(201);
    expect((await k.http.put(`${PATH}/${plain.body._id}`, { index: true })).status).to.equal(409);
    for (const id of [...made, plain.body._id]) expect((await k.http.delete(`${PATH}/${id}`)).status).to.equal(204);
  });

  it('an `index` property gets an index that its filters and sorts use (EXPLAIN), dropped with it', async function () {
    const table = 'contacts_customers';
    const mysql = (k.db.client as { config: { client: string } }).config.client === 'mysql2';
    const cases = [
      { variable: 'rank', type: 'number', kind: 'n', value: (i: number) => i % 7, bound: 3 },
      { variable: 'joined', type: 'date', kind: 'd', value: (i: number) => (i % 5 ? `2026-0${(i % 9) + 1}-15` : ''), bound: '2026-04-01' },
    ];
    for (const c of cases) {
      const p = await k.http.post(PATH, { name: c.variable, variable: c.variable, pluginIdentifier: 'contacts.customers', type: c.type, index: true });
      expect(p.status, JSON.stringify(p.body)).to.equal(201);
      expect((await indexesOf(k.db, table)).some((n) => n.includes(c.variable))).to.equal(true);
      const made: string[] = [];
      for (let i = 0; i < 30; i++) made.push((await k.http.post(CUSTOMERS, { name: `Rangé ${i}`, userProps: { [c.variable]: c.value(i) } })).body._id);

      const seen: { sql: string; bindings: unknown[] }[] = [];
      const spy = (q: { sql: string; bindings: unknown[] }) => { if (q.sql.includes('__page')) seen.push(q); };
      k.db.on('query', spy);
      const res = await k.http.get(CUSTOMERS, { query: { filters: { [`userProps.${c.variable}`]: { mode: 'gte', value: c.bound } }, sort: { field: `userProps.${c.variable}`, ascending: true } } });
      k.db.removeListener('query', spy);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const values = res.body.data.map((x: { userProps: Record<string, number | string> }) => x.userProps[c.variable]);
      expect(values).to.deep.equal([...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      expect(values.length).to.be.greaterThan(0);
      expect(values.every((v: number | string) => v >= c.bound && v !== '')).to.equal(true);
      expect(seen).to.have.length(1);
      const [plan] = await k.db.raw(`${mysql ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${seen[0].sql}`, seen[0].bindings as Knex.RawBinding[]);
      const text = JSON.stringify(mysql ? plan : await k.db.raw(`EXPLAIN QUERY PLAN ${seen[0].sql}`, seen[0].bindings as Knex.RawBinding[]));
      expect(text, text).to.match(mysql ? new RegExp(`"key":"uprop_${c.kind}_${c.variable}"`) : new RegExp(`USING (COVERING )?INDEX upidx_contacts_customers_${c.kind}_${c.variable}`));

      for (const id of made) await k.http.delete(`${CUSTOMERS}/${id}`);
      expect((await k.http.delete(`${PATH}/${p.body._id}`)).status).to.equal(204);
      expect((await indexesOf(k.db, table)).some((n) => n.includes(c.variable))).to.equal(false);
    }
  });
});
