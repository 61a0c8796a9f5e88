/**
 * Groups through the kernel routes (platform README « Groups »): a tree per company
 * and per collection, no cycle, maxDepth, flat mode, deletion of a branch refused, company
 * isolation; and `kernel.groups` as the contacts plugin uses it on `fk.groups` (unknown, foreign,
 * duplicate ids, `multi`), a deleted group leaving the records that held it.
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import { createMember, createSecondCompany, snapshotKernel, type Account, type SecondCompany } from '../support/kernel.ts';

const GROUPS = '/api/kernel/groups';
const SETTINGS = '/api/kernel/group-settings';
const CUSTOMERS = 'contacts.customers';
const contactsDir = path.resolve(import.meta.dirname, '../../plugins/contacts');

describe('kernel: groups', function () {
  let k: TestKernel;
  let b: SecondCompany;
  let plain: Account;
  const ids: Record<string, string> = {};

  async function group(h: TestHttp, name: string, parent: string | null = null, pluginIdentifier = CUSTOMERS) {
    const res = await h.post(GROUPS, { pluginIdentifier, name, ...(parent ? { fk: { parent } } : {}) });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body._id as string;
  }
  const snapshot = async () => ({ kernel: await snapshotKernel(k.db), customers: await k.db('contacts_customers').count({ n: '*' }) });

  before(async function () {
    k = await createTestKernel({ plugins: [contactsDir] });
    b = await createSecondCompany(k, 'g');
    plain = await createMember(k, 'vendeur-groupes@exemple.fr');
  });
  after(async function () { await k?.stop(); });

  it('creates a tree of customer groups with the spec fields and defaults', async function () {
    const res = await k.http.post(GROUPS, { pluginIdentifier: CUSTOMERS, name: 'Professionnels', description: 'Clients B2B', color: '#1c7ed6' });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body).to.deep.include({ pluginIdentifier: CUSTOMERS, name: 'Professionnels', description: 'Clients B2B', color: '#1c7ed6' });
    expect(res.body.fk).to.deep.equal({ company: k.admin.companyId, parent: null });
    ids.pro = res.body._id;
    ids.restaurants = await group(k.http, 'Restaurants', ids.pro);
    ids.paris = await group(k.http, 'Paris', ids.restaurants);
    ids.artisans = await group(k.http, 'Artisans', ids.pro);
    ids.particuliers = await group(k.http, 'Particuliers');
    ids.fournisseurs = await group(k.http, 'Grossistes', null, 'contacts.providers');
  });

  it('lists with the list parameters and answers the tree with the collection’s settings', async function () {
    const list = await k.http.get(GROUPS, { query: { filters: { pluginIdentifier: { mode: 'eq', value: CUSTOMERS } }, sort: { field: 'name', ascending: true } } });
    expect(list.status).to.equal(200);
    expect(list.body.count).to.equal(5);
    expect(list.body.data.map((g: { name: string }) => g.name)).to.deep.equal(['Artisans', 'Paris', 'Particuliers', 'Professionnels', 'Restaurants']);
    const children = await k.http.get(GROUPS, { query: { filters: { 'fk.parent': { mode: 'eq', value: ids.pro } } } });
    expect(children.body.count).to.equal(2);
    const tree = await k.http.get(`${GROUPS}/tree`, { query: { pluginIdentifier: CUSTOMERS } });
    expect(tree.status, JSON.stringify(tree.body)).to.equal(200);
    expect(tree.body.settings).to.deep.equal({ mode: 'tree', maxDepth: 5, multi: true });
    expect(tree.body.data.map((n: { name: string }) => n.name)).to.deep.equal(['Particuliers', 'Professionnels']);
    const pro = tree.body.data[1];
    expect(pro.children.map((n: { name: string }) => n.name)).to.deep.equal(['Artisans', 'Restaurants']);
    expect(pro.children[1].children[0]).to.deep.include({ _id: ids.paris, depth: 3, children: [] });
    const all = await k.http.get(`${GROUPS}/tree`);
    expect(all.body.data).to.have.length(3);
    const collections = await k.http.get(`${GROUPS}/collections`);
    expect(collections.body.data).to.include.members([CUSTOMERS, 'contacts.providers', 'contacts.contacts', 'kernel.establishments']);
  });

  it('refuses a bad body, an unknown collection or parent, a parent of another collection: 400, nothing written', async function () {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: 'Sans collection' }, 'pluginIdentifier', /champ obligatoire/],
      [{ pluginIdentifier: CUSTOMERS }, 'name', /champ obligatoire/],
      [{ pluginIdentifier: 'Clients', name: 'X' }, 'pluginIdentifier', /Requête invalide/],
      [{ pluginIdentifier: 'contacts.inconnus', name: 'X' }, 'pluginIdentifier', /Collection inconnue.*contacts\.inconnus/],
      [{ pluginIdentifier: CUSTOMERS, name: 'X', color: 'rouge' }, 'color', /Requête invalide/],
      [{ pluginIdentifier: CUSTOMERS, name: 'X', fk: { parent: '0123456789abcdef01234567' } }, 'fk.parent', /groupe parent introuvable/],
      [{ pluginIdentifier: CUSTOMERS, name: 'X', fk: { parent: ids.fournisseurs } }, 'fk.parent', /« Grossistes » classe « contacts\.providers »/],
      [{ pluginIdentifier: CUSTOMERS, name: 'X', fk: { parent: b.establishmentId } }, 'fk.parent', /introuvable/],
    ];
    for (const [body, field, message] of cases) {
      const res = await k.http.post(GROUPS, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION');
      expect(res.body.details[0].field, JSON.stringify(res.body)).to.equal(field);
      expect(res.body.message).to.match(message);
    }
    const moved = await k.http.put(`${GROUPS}/${ids.paris}`, { pluginIdentifier: 'contacts.providers' });
    expect(moved.status).to.equal(400);
    expect(moved.body.details).to.deep.include({ field: 'pluginIdentifier', message: 'champ inconnu' });
    expect(await snapshot()).to.deep.equal(before);
  });

  it('refuses to move a group under itself or its own descendant (409 naming them), and moves elsewhere', async function () {
    const before = await snapshot();
    const self = await k.http.put(`${GROUPS}/${ids.pro}`, { fk: { parent: ids.pro } });
    expect(self.status).to.equal(409);
    expect(self.body.message).to.equal('Déplacement impossible : le groupe « Professionnels » ne peut pas être placé sous lui-même.');
    const cycle = await k.http.put(`${GROUPS}/${ids.pro}`, { fk: { parent: ids.paris } });
    expect(cycle.status).to.equal(409);
    expect(cycle.body).to.deep.include({ code: 'CONFLICT', message: 'Déplacement impossible : le groupe « Professionnels » ne peut pas être placé sous son sous-groupe « Paris ».' });
    expect(cycle.body.details).to.deep.equal([{ field: 'fk.parent', message: 'déplacement circulaire' }]);
    expect(await snapshot()).to.deep.equal(before);
    const moved = await k.http.put(`${GROUPS}/${ids.paris}`, { fk: { parent: ids.artisans }, name: 'Paris et banlieue', color: '#e8590c' });
    expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
    expect(moved.body).to.deep.include({ name: 'Paris et banlieue', color: '#e8590c' });
    expect(moved.body.fk.parent).to.equal(ids.artisans);
    const back = await k.http.put(`${GROUPS}/${ids.paris}`, { fk: { parent: ids.restaurants }, name: 'Paris' });
    expect(back.status).to.equal(200);
  });

  it('never lets two moves made at the same instant build a cycle between them', async function () {
    const pairs: [string, string][] = [];
    for (let i = 0; i < 8; i++) pairs.push([await group(k.http, `Croisé ${i} A`, null, 'kernel.establishments'), await group(k.http, `Croisé ${i} B`, null, 'kernel.establishments')]);
    // each pair: A under B and B under A at once; exactly one may win
    const answers = await Promise.all(pairs.flatMap(([a, c]) => [k.http.put(`${GROUPS}/${a}`, { fk: { parent: c } }), k.http.put(`${GROUPS}/${c}`, { fk: { parent: a } })]));
    for (let i = 0; i < pairs.length; i++) {
      const statuses = [answers[2 * i].status, answers[2 * i + 1].status].sort();
      expect(statuses, JSON.stringify([answers[2 * i].body, answers[2 * i + 1].body])).to.deep.equal([200, 409]);
    }
    const rows = await k.db('kernel_groups').whereIn('_id', pairs.flat()).select('_id', 'fk_parent');
    const parent = new Map(rows.map((r: { _id: string; fk_parent: string | null }) => [r._id, r.fk_parent]));
    for (const [a, c] of pairs) expect([parent.get(a), parent.get(c)].filter((p) => p === null)).to.have.length(1);
    for (const [a, c] of pairs) {
      await k.http.put(`${GROUPS}/${parent.get(a) === null ? c : a}`, { fk: { parent: null } });
      for (const id of [a, c]) expect((await k.http.delete(`${GROUPS}/${id}`)).status).to.equal(204);
    }
  });

  it('keeps every group within maxDepth, and refuses settings the tree does not fit', async function () {
    const lower = await k.http.put(SETTINGS, { pluginIdentifier: CUSTOMERS, maxDepth: 2 });
    expect(lower.status).to.equal(409);
    expect(lower.body.message).to.equal('Profondeur maximale trop faible : le groupe « Paris » de « contacts.customers » est au niveau 3.');
    expect(lower.body.details[0].field).to.equal('maxDepth');
    const flat = await k.http.put(SETTINGS, { pluginIdentifier: CUSTOMERS, mode: 'flat' });
    expect(flat.status).to.equal(409);
    expect(flat.body.details[0].field).to.equal('mode');
    expect((await k.http.get(SETTINGS)).body.count).to.equal(0);
    const saved = await k.http.put(SETTINGS, { pluginIdentifier: CUSTOMERS, maxDepth: 3 });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    expect(saved.body).to.deep.include({ pluginIdentifier: CUSTOMERS, mode: 'tree', maxDepth: 3, multi: true });
    const deeper = await k.http.post(GROUPS, { pluginIdentifier: CUSTOMERS, name: 'Paris 11e', fk: { parent: ids.paris } });
    expect(deeper.status).to.equal(409);
    expect(deeper.body.message).to.match(/au plus 3 niveaux ; sous « Paris », le nouveau groupe irait jusqu’au niveau 4/);
    // Restaurants (2 levels) under Artisans (level 2) would reach level 4
    const branch = await k.http.put(`${GROUPS}/${ids.restaurants}`, { fk: { parent: ids.artisans } });
    expect(branch.status).to.equal(409);
    expect(branch.body.message).to.match(/« Restaurants » et ses sous-groupes iraient jusqu’au niveau 4/);
    const again = await k.http.put(SETTINGS, { pluginIdentifier: CUSTOMERS, maxDepth: 4 });
    expect(again.body.maxDepth).to.equal(4);
    expect((await k.http.get(SETTINGS)).body.count).to.equal(1);
    const tree = await k.http.get(`${GROUPS}/tree`, { query: { pluginIdentifier: CUSTOMERS } });
    expect(tree.body.settings).to.deep.equal({ mode: 'tree', maxDepth: 4, multi: true });
    // flat: groups of providers are one level; a parent is refused
    expect((await k.http.put(SETTINGS, { pluginIdentifier: 'contacts.providers', mode: 'flat' })).status).to.equal(200);
    const nested = await k.http.post(GROUPS, { pluginIdentifier: 'contacts.providers', name: 'Sous', fk: { parent: ids.fournisseurs } });
    expect(nested.status).to.equal(409);
    expect(nested.body.message).to.match(/mode « flat »/);
    const bad = await k.http.put(SETTINGS, { pluginIdentifier: CUSTOMERS, maxDepth: 0 });
    expect(bad.status).to.equal(400);
    expect(bad.body.details[0].field).to.equal('maxDepth');
    expect((await k.http.put(SETTINGS, { pluginIdentifier: 'kernel.inconnus', multi: false })).status).to.equal(400);
  });

  it('needs kernel.groups.manage to write; any member reads', async function () {
    expect((await plain.http.get(`${GROUPS}/tree`, { query: { pluginIdentifier: CUSTOMERS } })).status).to.equal(200);
    expect((await plain.http.get(`${GROUPS}/${ids.pro}`)).status).to.equal(200);
    for (const res of [
      await plain.http.post(GROUPS, { pluginIdentifier: CUSTOMERS, name: 'Pirate' }),
      await plain.http.put(`${GROUPS}/${ids.pro}`, { name: 'Pirate' }),
      await plain.http.delete(`${GROUPS}/${ids.particuliers}`),
      await plain.http.put(SETTINGS, { pluginIdentifier: CUSTOMERS, multi: false }),
    ]) {
      expect(res.status).to.equal(403);
      expect(res.body.message).to.equal('Permission requise : kernel.groups.manage.');
    }
  });

  it('keeps companies apart: B neither sees nor moves A’s groups, nor uses them as parents', async function () {
    const own = await group(b.owner.http, 'Clients de B');
    const listB = await b.owner.http.get(GROUPS);
    expect(listB.body.data.map((g: { _id: string }) => g._id)).to.have.members([own, b.groupId]);
    const treeB = await b.owner.http.get(`${GROUPS}/tree`, { query: { pluginIdentifier: CUSTOMERS } });
    expect(treeB.body.data.map((g: { _id: string }) => g._id)).to.deep.equal([own]);
    expect(treeB.body.settings.maxDepth).to.equal(5); // A's settings are A's
    expect((await b.owner.http.get(`${GROUPS}/${ids.pro}`)).status).to.equal(404);
    expect((await b.owner.http.put(`${GROUPS}/${ids.pro}`, { name: 'Volé' })).status).to.equal(404);
    expect((await b.owner.http.delete(`${GROUPS}/${ids.particuliers}`)).status).to.equal(404);
    const under = await b.owner.http.post(GROUPS, { pluginIdentifier: CUSTOMERS, name: 'Intrus', fk: { parent: ids.pro } });
    expect(under.status).to.equal(400);
    expect(under.body.details[0]).to.deep.equal({ field: 'fk.parent', message: 'groupe parent introuvable' });
    const moveUnder = await k.http.put(`${GROUPS}/${ids.particuliers}`, { fk: { parent: own } });
    expect(moveUnder.status).to.equal(400);
    expect((await k.http.get(`${GROUPS}/${own}`)).status).to.equal(404);
    // a customer of B cannot hold a group of A
    const customer = await b.owner.http.post('/api/contacts/customers', { name: 'Client B', fk: { groups: [ids.pro] } });
    expect(customer.status).to.equal(400);
    expect(customer.body.details[0]).to.deep.include({ field: 'fk.groups.0', message: 'groupe introuvable' });
  });

  it('checks the fk.groups of customers, providers and contacts through kernel.groups', async function () {
    const before = await snapshot();
    const bad: [string, Record<string, unknown>, string, RegExp][] = [
      ['customers', { name: 'Dupont', fk: { groups: ['0123456789abcdef01234567'] } }, 'fk.groups.0', /groupe introuvable/],
      ['customers', { name: 'Dupont', fk: { groups: [ids.pro, ids.fournisseurs] } }, 'fk.groups.1', /« Grossistes » classe « contacts\.providers », pas « contacts\.customers »/],
      ['customers', { name: 'Dupont', fk: { groups: [ids.pro, ids.pro] } }, 'fk.groups.1', /donné deux fois/],
      ['providers', { name: 'Métro', fk: { groups: [ids.pro] } }, 'fk.groups.0', /classe « contacts\.customers »/],
      ['contacts', { name: 'Martin', fk: { groups: [ids.pro] } }, 'fk.groups.0', /classe « contacts\.customers »/],
    ];
    for (const [collection, body, field, message] of bad) {
      const res = await k.http.post(`/api/contacts/${collection}`, body);
      expect(res.status, `${collection} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.details[0].field).to.equal(field);
      expect(res.body.message).to.match(message);
    }
    expect(await snapshot()).to.deep.equal(before);
    const ok = await k.http.post('/api/contacts/customers', { name: 'Brasserie du Port', fk: { groups: [ids.restaurants, ids.particuliers] } });
    expect(ok.status, JSON.stringify(ok.body)).to.equal(201);
    ids.customer = ok.body._id;
    const provider = await k.http.post('/api/contacts/providers', { name: 'Métro', fk: { groups: [ids.fournisseurs] } });
    expect(provider.status, JSON.stringify(provider.body)).to.equal(201);
    // one group only once the collection is not multi; the stored record is left as it is
    expect((await k.http.put(SETTINGS, { pluginIdentifier: CUSTOMERS, multi: false })).status).to.equal(200);
    const two = await k.http.put(`/api/contacts/customers/${ids.customer}`, { fk: { groups: [ids.restaurants, ids.paris] } });
    expect(two.status).to.equal(400);
    expect(two.body.details).to.deep.equal([{ field: 'fk.groups', message: 'un seul groupe permis' }]);
    expect(two.body.message).to.equal('Groupes invalides : « fk.groups » : un seul groupe est permis pour « contacts.customers » (2 donnés).');
    const unrelated = await k.http.put(`/api/contacts/customers/${ids.customer}`, { notes: 'Livraison le matin' });
    expect(unrelated.status, JSON.stringify(unrelated.body)).to.equal(200);
    expect(unrelated.body.fk.groups).to.deep.equal([ids.restaurants, ids.particuliers]);
    const one = await k.http.put(`/api/contacts/customers/${ids.customer}`, { fk: { groups: [ids.paris] } });
    expect(one.status).to.equal(200);
    expect(one.body.fk.groups).to.deep.equal([ids.paris]);
  });

  it('answers descendants through the service, as a « this group and its subgroups » filter needs', async function () {
    const all = await k.kernel.asSystem(k.admin.companyId, (ctx: { resolve<T>(n: string): T }) =>
      ctx.resolve<{ descendants(id: string): Promise<string[]> }>('groups').descendants(ids.pro));
    expect(all).to.have.members([ids.pro, ids.restaurants, ids.paris, ids.artisans]);
    expect(all[0]).to.equal(ids.pro);
  });

  it('refuses to delete a group with subgroups (409 naming how many); a leaf leaves the records that held it', async function () {
    const before = await snapshot();
    const branch = await k.http.delete(`${GROUPS}/${ids.pro}`);
    expect(branch.status).to.equal(409);
    expect(branch.body.message).to.equal('Le groupe « Professionnels » contient 2 sous-groupes : supprimez-les ou déplacez-les d’abord.');
    expect(await snapshot()).to.deep.equal(before);
    expect((await k.http.delete(`${GROUPS}/${ids.paris}`)).status).to.equal(204);
    expect((await k.http.get(`${GROUPS}/${ids.paris}`)).status).to.equal(404);
    const customer = await k.http.get(`/api/contacts/customers/${ids.customer}`);
    expect(customer.body.fk.groups).to.deep.equal([]);
    expect((await k.http.delete(`${GROUPS}/${ids.restaurants}`)).status).to.equal(204);
    expect((await k.http.delete(`${GROUPS}/${ids.artisans}`)).status).to.equal(204);
    expect((await k.http.delete(`${GROUPS}/${ids.pro}`)).status).to.equal(204);
  });
});
