/** Customers and providers over HTTP: CRUD, defaults, display name, bad input, permissions, isolation. */
import { expect } from 'chai';
import { createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import { countRows, memberWith, pluginDir, secondCompany, unknownId } from './support.ts';

const CUSTOMERS = '/api/contacts/customers';
const PROVIDERS = '/api/contacts/providers';

describe('contacts : clients et fournisseurs', function () {
  this.timeout(60000);
  let k: TestKernel;

  before(async () => { k = await createTestKernel({ plugins: [pluginDir] }); });
  after(async () => { await k?.stop(); });

  it('crée un client avec les valeurs par défaut de la spec et un nom affiché calculé', async () => {
    const res = await k.http.post(CUSTOMERS, {
      civ: 'Mme', firstname: 'Céline', name: 'Lefèvre', company: 'Boulangerie Lefèvre', email: 'celine@boulangerie-lefevre.fr',
      telMobile: '06 12 34 56 78', bankTransferLabels: ['VIR LEFEVRE'],
      addresses: [{ name: 'Boutique', address: '12 rue de la République', zipCode: '69002', city: 'Lyon', country: 'France' }],
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body).to.include({ displayName: 'Boulangerie Lefèvre (Céline Lefèvre)', gender: 'secret', origin: 'unknown', balance: 0 });
    expect(res.body.addresses[0]).to.include({ delivery: true, invoicing: true, city: 'Lyon' });
    expect(res.body.directAccessKey).to.match(/^[0-9a-f]{32}$/);
    expect(res.body.fk).to.deep.equal({ groups: [], company: k.admin.companyId });
    expect(res.body).to.not.have.property('password');
    const read = await k.http.get(`${CUSTOMERS}/${res.body._id}`);
    expect(read.body).to.deep.equal(res.body);
  });

  it('recalcule le nom affiché à la modification et garde le reste', async () => {
    const created = await k.http.post(CUSTOMERS, { firstname: 'Paul', name: 'Roy' });
    expect(created.body.displayName).to.equal('Paul Roy');
    const id = created.body._id;
    const upd = await k.http.put(`${CUSTOMERS}/${id}`, { company: 'Moulins Roy' });
    expect(upd.status, JSON.stringify(upd.body)).to.equal(200);
    expect(upd.body).to.include({ displayName: 'Moulins Roy (Paul Roy)', firstname: 'Paul', origin: 'unknown' });
    const cleared = await k.http.put(`${CUSTOMERS}/${id}`, { firstname: '', name: '', email: '' });
    expect(cleared.body).to.include({ displayName: 'Moulins Roy', email: '' });
    expect(cleared.body.directAccessKey).to.equal(created.body.directAccessKey);
  });

  it('liste avec recherche sur le nom affiché (sans accents ni casse), tri et pagination', async () => {
    for (const company of ['Épicerie Zola', 'Atelier Blanc', 'Épicerie Arnaud']) {
      expect((await k.http.post(CUSTOMERS, { company })).status).to.equal(201);
    }
    const found = await k.http.get(CUSTOMERS, { query: {
      filters: { displayName: { mode: 'contains', value: 'epicerie' } },
      sort: { field: 'displayName', ascending: false },
      pagination: { quantity: 1, page: 1 },
    } });
    expect(found.status, JSON.stringify(found.body)).to.equal(200);
    expect(found.body.count).to.equal(2);
    expect(found.body.data.map((c: { displayName: string }) => c.displayName)).to.deep.equal(['Épicerie Zola']);
    const page2 = await k.http.get(CUSTOMERS, { query: {
      filters: { displayName: { mode: 'contains', value: 'epicerie' } },
      sort: { field: 'displayName', ascending: false },
      pagination: { quantity: 1, page: 2 },
    } });
    expect(page2.body.data.map((c: { displayName: string }) => c.displayName)).to.deep.equal(['Épicerie Arnaud']);
    const byEmail = await k.http.get(CUSTOMERS, { query: { filters: { email: { mode: 'eq', value: 'celine@boulangerie-lefevre.fr' } } } });
    expect(byEmail.body.count).to.equal(1);
  });

  it('refuse une mauvaise saisie (400, en français) sans rien écrire', async () => {
    const before = await countRows(k, 'contacts_customers');
    const cases: [unknown, string][] = [
      [{ company: 'X', email: 'pas-un-email' }, 'email'],
      [{ company: 'X', displayName: 'Forcé' }, 'displayName'],
      [{ company: 'X', password: 'secret' }, 'password'],
      [{ company: 'X', balance: 100 }, 'balance'],
      [{ company: 'X', directAccessKey: 'abc' }, 'directAccessKey'],
      [{ company: 'X', fk: { company: unknownId } }, 'fk.company'],
      [{ company: 'X', fk: { groups: ['pas-un-id'] } }, 'fk.groups.0'],
      [{ company: 'X', addresses: [{ city: 'Lyon', delivery: 'oui' }] }, 'addresses.0.delivery'],
      [{ company: 'X', inconnu: 1 }, 'inconnu'],
      [{ civ: 'M.' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await k.http.post(CUSTOMERS, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION');
      expect(res.body.details.map((d: { field: string }) => d.field), JSON.stringify(res.body)).to.include(field);
    }
    const nameless = await k.http.post(CUSTOMERS, { email: 'a@b.fr' });
    expect(nameless.body.message).to.equal('Indiquez au moins un nom, un prénom ou une raison sociale.');
    const someone = await k.http.post(CUSTOMERS, { company: 'Quelqu’un' });
    const emptied = await k.http.put(`${CUSTOMERS}/${someone.body._id}`, { company: '' });
    expect(emptied.status).to.equal(400);
    expect((await k.http.get(`${CUSTOMERS}/${someone.body._id}`)).body.company).to.equal('Quelqu’un');
    expect(await countRows(k, 'contacts_customers')).to.equal(before + 1);
  });

  it('répond 404 en français sur un client inconnu et 400 sur un identifiant mal formé', async () => {
    const missing = await k.http.get(`${CUSTOMERS}/${unknownId}`);
    expect(missing.status).to.equal(404);
    expect(missing.body.message).to.equal('Client introuvable.');
    expect((await k.http.put(`${CUSTOMERS}/${unknownId}`, { company: 'X' })).status).to.equal(404);
    expect((await k.http.delete(`${CUSTOMERS}/${unknownId}`)).status).to.equal(404);
    expect((await k.http.get(`${CUSTOMERS}/pas-un-id`)).status).to.equal(400);
    expect((await k.http.get(`${PROVIDERS}/${unknownId}`)).body.message).to.equal('Fournisseur introuvable.');
  });

  it('gère les fournisseurs comme les clients, sans origine', async () => {
    const res = await k.http.post(PROVIDERS, { company: 'Moulins Bourgeois', firstname: 'Paul', name: 'Roy', telFax: '01 02 03 04 05' });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body).to.include({ displayName: 'Moulins Bourgeois (Paul Roy)', gender: 'secret', balance: 0 });
    expect(res.body).to.not.have.property('origin');
    expect((await k.http.post(PROVIDERS, { company: 'X', origin: 'web' })).status).to.equal(400);
    expect((await k.http.delete(`${PROVIDERS}/${res.body._id}`)).status).to.equal(204);
    expect((await k.http.get(`${PROVIDERS}/${res.body._id}`)).status).to.equal(404);
  });

  it('demande les permissions de chaque collection', async () => {
    const reader = await memberWith(k, ['contacts.customers.read']);
    expect((await reader.get(CUSTOMERS)).status).to.equal(200);
    const refused = await reader.post(CUSTOMERS, { company: 'Interdit' });
    expect(refused.status).to.equal(403);
    expect((await reader.get(PROVIDERS)).status).to.equal(403);
    expect((await reader.get('/api/contacts/contacts')).status).to.equal(403);
    const manager = await memberWith(k, ['contacts.providers.read', 'contacts.providers.manage']);
    expect((await manager.post(PROVIDERS, { company: 'Autorisé' })).status).to.equal(201);
    expect((await manager.get(CUSTOMERS)).status).to.equal(403);
  });

  describe('isolation entre deux entreprises', () => {
    let b: TestHttp;
    let mine: string;
    let theirs: string;

    before(async () => {
      b = await secondCompany(k);
      mine = (await k.http.post(CUSTOMERS, { company: 'Client de A' })).body._id;
      theirs = (await b.post(CUSTOMERS, { company: 'Client de B' })).body._id;
    });

    it('chaque entreprise ne voit que ses clients', async () => {
      const listB = await b.get(CUSTOMERS);
      expect(listB.body.data.map((c: { _id: string }) => c._id)).to.deep.equal([theirs]);
      const listA = await k.http.get(CUSTOMERS, { query: { pagination: { quantity: 500 } } });
      expect(listA.body.data.map((c: { _id: string }) => c._id)).to.include(mine).and.not.include(theirs);
    });

    it('le client d’une autre entreprise est introuvable, en lecture comme en écriture', async () => {
      expect((await k.http.get(`${CUSTOMERS}/${theirs}`)).status).to.equal(404);
      expect((await k.http.put(`${CUSTOMERS}/${theirs}`, { company: 'Piraté' })).status).to.equal(404);
      expect((await k.http.delete(`${CUSTOMERS}/${theirs}`)).status).to.equal(404);
      expect((await b.get(`${CUSTOMERS}/${theirs}`)).body.company).to.equal('Client de B');
    });

    it('un contact ne peut pas lier le client d’une autre entreprise', async () => {
      const res = await k.http.post('/api/contacts/contacts', { firstname: 'Marc', customers: [{ customerId: theirs, invoicesReceiver: true }] });
      expect(res.status).to.equal(400);
      expect(res.body.details).to.deep.equal([{ field: 'customers.0.customerId', message: 'client introuvable' }]);
    });
  });
});
