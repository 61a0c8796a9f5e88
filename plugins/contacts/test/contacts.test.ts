/**
 * Contacts over HTTP: typed entries and their defaults, display name, links to customers and
 * providers (checked, forgotten when those are deleted), and the services other plugins use.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { consumerDir, countRows, pluginDir, secondCompany, unknownId } from './support.ts';
import { customersProvidersContacts } from '../server/migrations/20261122120000_customers_providers_contacts.ts';
import { archived } from '../server/migrations/20261127100000_archived.ts';
import { searchIndex } from '../server/migrations/20261204120000_search_index.ts';
import contactsPlugin from '../server/index.ts';

const CONTACTS = '/api/contacts/contacts';
const CUSTOMERS = '/api/contacts/customers';
const PROVIDERS = '/api/contacts/providers';

describe('contacts : contacts', function () {
  this.timeout(60000);
  let k: TestKernel;

  before(async () => { k = await createTestKernel({ plugins: [pluginDir, consumerDir] }); });
  after(async () => { await k?.stop(); });

  it('crée un contact : types par défaut « home » et « birthday », nom affiché calculé', async () => {
    const res = await k.http.post(CONTACTS, {
      prefix: 'Mme', firstname: 'Céline', name: 'Lefèvre', company: 'Boulangerie Lefèvre', job: 'Gérante',
      phoneNumbers: [{ value: '06 12 34 56 78' }, { type: 'custom', customType: 'Boutique', value: '04 78 12 34 56' }],
      emails: [{ email: 'celine@example.fr' }],
      addresses: [{ address: '3 allée des Cèdres', zipCode: '69100', city: 'Villeurbanne' }],
      events: [{ date: '--08-15' }, { date: '2010-06-12', type: 'anniversary' }],
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.displayName).to.equal('Céline Lefèvre');
    expect(res.body.phoneNumbers).to.deep.equal([
      { type: 'home', value: '06 12 34 56 78' },
      { type: 'custom', customType: 'Boutique', value: '04 78 12 34 56' },
    ]);
    expect(res.body.emails).to.deep.equal([{ type: 'home', email: 'celine@example.fr' }]);
    expect(res.body.addresses[0]).to.include({ type: 'home', city: 'Villeurbanne', delivery: true, invoicing: true });
    expect(res.body.events).to.deep.equal([{ date: '--08-15', type: 'birthday' }, { date: '2010-06-12', type: 'anniversary' }]);
    expect(res.body.customers).to.deep.equal([]);
    expect(res.body.fk).to.deep.equal({ company: k.admin.companyId, groups: [], providers: [] });
  });

  it('un contact sans nom utilisable s’affiche « (pas identifiable) » ; l’alias prime à la modification', async () => {
    const res = await k.http.post(CONTACTS, { notes: 'Rappeler lundi' });
    expect(res.status).to.equal(201);
    expect(res.body.displayName).to.equal('(pas identifiable)');
    const upd = await k.http.put(`${CONTACTS}/${res.body._id}`, { nickname: 'Le livreur' });
    expect(upd.body.displayName).to.equal('Le livreur');
    const aliased = await k.http.put(`${CONTACTS}/${res.body._id}`, { alias: 'Marc (livraisons)' });
    expect(aliased.body).to.include({ displayName: 'Marc (livraisons)', nickname: 'Le livreur', notes: 'Rappeler lundi' });
  });

  it('refuse une mauvaise saisie (400) sans rien écrire', async () => {
    const before = await countRows(k, 'contacts_contacts');
    const cases: [unknown, string][] = [
      [{ emails: [{ email: 'pas-un-email' }] }, 'emails.0.email'],
      [{ phoneNumbers: [{ type: 'home' }] }, 'phoneNumbers.0.value'],
      [{ events: [{ date: '2024-13-01' }] }, 'events.0.date'],
      [{ customers: [{ customerId: 'abc' }] }, 'customers.0.customerId'],
      [{ displayName: 'Forcé' }, 'displayName'],
      [{ fk: { company: unknownId } }, 'fk.company'],
    ];
    for (const [body, field] of cases) {
      const res = await k.http.post(CONTACTS, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.details.map((d: { field: string }) => d.field), JSON.stringify(res.body)).to.include(field);
    }
    const unknownProvider = await k.http.post(CONTACTS, { firstname: 'A', fk: { providers: [unknownId] } });
    expect(unknownProvider.status).to.equal(400);
    expect(unknownProvider.body.details).to.deep.equal([{ field: 'fk.providers.0', message: 'fournisseur introuvable' }]);
    const customer = (await k.http.post(CUSTOMERS, { company: 'Client en double' })).body._id;
    const twice = await k.http.post(CONTACTS, { firstname: 'B', customers: [{ customerId: customer }, { customerId: customer }] });
    expect(twice.status).to.equal(400);
    expect(twice.body.message).to.match(/^Contact invalide — « customers » : le client [0-9a-f]{24} est lié deux fois\.$/);
    expect(await countRows(k, 'contacts_contacts')).to.equal(before);
  });

  it('les services exportés répondent aux autres plugins (contacts.customers, contacts.contacts)', async () => {
    const acme = (await k.http.post(CUSTOMERS, { company: 'ACME' })).body._id;
    const other = (await k.http.post(CUSTOMERS, { company: 'Autre client' })).body._id;
    const link = (customerId: string, invoicesReceiver: boolean, quotationsReceiver: boolean) => ({ customerId, invoicesReceiver, quotationsReceiver });
    await k.http.post(CONTACTS, { firstname: 'Zoé', name: 'Compta', customers: [link(acme, true, false)] });
    await k.http.post(CONTACTS, { firstname: 'Anne', name: 'Achats', customers: [link(acme, true, true), link(other, false, true)] });
    await k.http.post(CONTACTS, { firstname: 'Léo', name: 'Rien', customers: [link(acme, false, false)] });

    expect((await k.http.get(`/api/contacts-consumer/receivers/${acme}`, { query: { kind: 'invoices' } })).body).to.deep.equal(['Anne Achats', 'Zoé Compta']);
    expect((await k.http.get(`/api/contacts-consumer/receivers/${acme}`, { query: { kind: 'quotations' } })).body).to.deep.equal(['Anne Achats']);
    expect((await k.http.get(`/api/contacts-consumer/receivers/${other}`, { query: { kind: 'invoices' } })).body).to.deep.equal([]);

    const got = await k.http.get(`/api/contacts-consumer/customers/${acme}`);
    expect(got.body).to.include({ _id: acme, displayName: 'ACME' });
    const missing = await k.http.get(`/api/contacts-consumer/customers/${unknownId}`);
    expect(missing.status).to.equal(404);
    expect(missing.body.message).to.equal('Client introuvable.');
    const byIds = await k.http.post('/api/contacts-consumer/customers/by-ids', { ids: [other, unknownId, acme, other] });
    expect(byIds.body).to.deep.equal([other, acme]);
    // what is not exported stays private
    expect((await k.http.get('/api/contacts-consumer/private')).body).to.deep.equal({ resolved: false });
  });

  it('supprimer un client ou un fournisseur le retire des contacts qui y renvoient', async () => {
    const customer = (await k.http.post(CUSTOMERS, { company: 'Client supprimé' })).body._id;
    const kept = (await k.http.post(CUSTOMERS, { company: 'Client gardé' })).body._id;
    const provider = (await k.http.post(PROVIDERS, { company: 'Fournisseur supprimé' })).body._id;
    const contact = await k.http.post(CONTACTS, {
      firstname: 'Inès',
      customers: [{ customerId: customer, invoicesReceiver: true }, { customerId: kept, quotationsReceiver: true }],
      fk: { providers: [provider] },
    });
    expect(contact.status, JSON.stringify(contact.body)).to.equal(201);
    expect((await k.http.delete(`${CUSTOMERS}/${customer}`)).status).to.equal(204);
    expect((await k.http.delete(`${PROVIDERS}/${provider}`)).status).to.equal(204);
    const after = (await k.http.get(`${CONTACTS}/${contact.body._id}`)).body;
    expect(after.customers).to.deep.equal([{ customerId: kept, invoicesReceiver: false, quotationsReceiver: true }]);
    expect(after.fk.providers).to.deep.equal([]);
  });

  it('liste les contacts par nom affiché et les supprime', async () => {
    const list = await k.http.get(CONTACTS, { query: { filters: { displayName: { mode: 'contains', value: 'celine' } }, sort: { field: 'displayName', ascending: true } } });
    expect(list.status).to.equal(200);
    expect(list.body.data.map((c: { displayName: string }) => c.displayName)).to.deep.equal(['Céline Lefèvre']);
    const id = list.body.data[0]._id;
    expect((await k.http.delete(`${CONTACTS}/${id}`)).status).to.equal(204);
    expect((await k.http.get(`${CONTACTS}/${id}`)).status).to.equal(404);
  });

  it('publie les événements du dépôt (contacts.customer.created…)', async () => {
    const seen: string[] = [];
    const off = k.kernel.events.on('contacts.customer.created', (e: { name: string }) => { seen.push(e.name); });
    try {
      await k.http.post(CUSTOMERS, { company: 'Événement' });
      for (let i = 0; i < 50 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(seen).to.deep.equal(['contacts.customer.created']);
    } finally { off(); }
  });

  it('sème les exemples de la démo une seule fois, dans une entreprise qui n’en a pas', async () => {
    const b = await secondCompany(k, 'Démo B');
    const companyId = (await b.get('/api/auth/me')).body.company._id as string;
    const seed = () => k.kernel.asSystem(companyId, (ctx: never) => contactsPlugin.seedDemo!(ctx), 'contacts');
    await seed();
    await seed();
    const customers = await b.get(CUSTOMERS, { query: { sort: { field: 'displayName', ascending: true } } });
    expect(customers.body.data.map((c: { displayName: string }) => c.displayName)).to.deep.equal([
      'Café des Arts (Marc Lambert)', 'Claire Dubois', 'Hôtel du Parc', 'Julie Bernard', 'Mairie du 2e arrondissement',
    ]);
    expect((await b.get(PROVIDERS)).body.count).to.equal(3);
    const hotel = customers.body.data[2]._id;
    const receivers = await b.get(`/api/contacts-consumer/receivers/${hotel}`, { query: { kind: 'invoices' } });
    expect(receivers.body).to.deep.equal(['Sophie Garnier']);
    // the administrator's company already has contacts: nothing is added there
    const before = await countRows(k, 'contacts_customers');
    await k.kernel.asSystem(k.admin.companyId, (ctx: never) => contactsPlugin.seedDemo!(ctx), 'contacts');
    expect(await countRows(k, 'contacts_customers')).to.equal(before);
  });

  it('la migration se défait et se refait (up/down/up)', async () => {
    // the search index first: a later migration that rebuilds the table on SQLite would drop its triggers
    await searchIndex.down(k.db);
    for (const t of ['contacts_customers', 'contacts_providers', 'contacts_contacts']) expect(await k.db.schema.hasColumn(t, 'displayName__fold')).to.equal(false);
    await archived.down(k.db);
    for (const t of ['contacts_customers', 'contacts_providers', 'contacts_contacts']) expect(await k.db.schema.hasColumn(t, 'archived')).to.equal(false);
    await customersProvidersContacts.down(k.db);
    for (const t of ['contacts_customers', 'contacts_providers', 'contacts_contacts']) expect(await k.db.schema.hasTable(t)).to.equal(false);
    await customersProvidersContacts.up(k.db);
    await archived.up(k.db);
    expect(await k.db.schema.hasColumn('contacts_customers', 'origin')).to.equal(true);
    expect(await k.db.schema.hasColumn('contacts_contacts', 'archived')).to.equal(true);
    expect(await k.db.schema.hasColumn('contacts_providers', 'origin')).to.equal(false);
    expect(await k.db.schema.hasColumn('contacts_contacts', 'fk_providers')).to.equal(true);
    await searchIndex.up(k.db);
    expect(await k.db.schema.hasColumn('contacts_contacts', 'displayName__grams')).to.equal(true);
    expect((await k.http.post(CONTACTS, { firstname: 'Après' })).status).to.equal(201);
    const found = await k.http.get(CONTACTS, { query: { filters: { displayName: { mode: 'contains', value: 'APRÈ' } } } });
    expect(found.body.data.map((c: { displayName: string }) => c.displayName)).to.deep.equal(['Après']);
  });
});
