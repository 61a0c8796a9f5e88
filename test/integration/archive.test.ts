/**
 * Issue 11, item 13: a customer, provider or article that a document names cannot be deleted
 * (409 in French proposing to archive it, nothing changed); archiving hides it from lists and
 * pickers, keeps it on documents and readable by id, and is undone by restoring. The documents
 * that name a record are found through the declared references: an id column (an invoice's
 * customer), a list of ids (a template's customers), a list of objects (invoice lines' articles,
 * a template rule's customers).
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import type { CallContext } from '@comptoir/sdk';
import { createDraft, emitted, makeEligible } from '../../plugins/invoicing/test/support.ts';

const PLUGINS = ['contacts', 'catalogue', 'invoicing', 'purchases'].map((id) => path.resolve(import.meta.dirname, '../../plugins', id));
const CUSTOMERS = '/api/contacts/customers';
const PROVIDERS = '/api/contacts/providers';
const ITEMS = '/api/catalogue/items';
const LINE = { labelPrimary: 'Pain', quantity: 1, vat: 5.5, exclTaxesPrice: 2 };

async function created(p: Promise<{ status: number; body: { _id: string } }>): Promise<string> {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body._id;
}

const idsOf = async (h: TestHttp, url: string, query: Record<string, unknown> = {}): Promise<string[]> =>
  (await h.get(url, { query: { pagination: { quantity: 500 }, ...query } })).body.data.map((r: { _id: string }) => r._id);

describe('archiving in place of deleting (issue 11, item 13)', function () {
  let k: TestKernel;
  let h: TestHttp;
  const rowsOf = (table: string) => k.db(table).select('*').orderBy('_id');

  before(async function () {
    k = await createTestKernel({ plugins: PLUGINS });
    h = k.http;
    await makeEligible(k);
  });
  after(async function () { await k?.stop(); });

  it('a customer on an emitted invoice: DELETE is a 409 proposing to archive it, and nothing changes', async function () {
    const customer = await created(h.post(CUSTOMERS, { company: 'Hôtel du Parc', addresses: [{ address: '1 quai', city: 'Lyon', zipCode: '69001' }] }));
    await created(h.post('/api/contacts/contacts', { firstname: 'Sophie', customers: [{ customerId: customer, invoicesReceiver: true }] }));
    await emitted(h, { fk: { receiverCustomer: customer } });
    const before = { customers: await rowsOf('contacts_customers'), contacts: await rowsOf('contacts_contacts') };
    const res = await h.delete(`${CUSTOMERS}/${customer}`);
    expect(res.status, JSON.stringify(res.body)).to.equal(409);
    expect(res.body.code).to.equal('CONFLICT');
    expect(res.body.message).to.match(/^Ce client figure sur des documents .*: archivez-le plutôt\./);
    expect(res.body.details).to.deep.include({ field: 'références', message: 'cité par : facture' });
    expect({ customers: await rowsOf('contacts_customers'), contacts: await rowsOf('contacts_contacts') }).to.deep.equal(before);
  });

  it('archive: hidden from the list and the pickers, readable by id, kept on its documents; restore brings it back', async function () {
    const customer = await created(h.post(CUSTOMERS, { name: 'Archivable', company: 'Café des Arts', addresses: [{ address: '3 place des Terreaux', city: 'Lyon', zipCode: '69001' }] }));
    const invoice = await emitted(h, { fk: { receiverCustomer: customer } });
    const archived = await h.post(`${CUSTOMERS}/${customer}/archive`);
    expect(archived.status, JSON.stringify(archived.body)).to.equal(200);
    expect(archived.body.archived).to.equal(true);
    // the list (and so every picker searching it) leaves it out by default
    expect(await idsOf(h, CUSTOMERS)).to.not.include(customer);
    expect(await idsOf(h, CUSTOMERS, { filters: { displayName: { mode: 'contains', value: 'Café' } } })).to.not.include(customer);
    // « Archivés », or both values, or looked up by id (a picker showing its current value)
    expect(await idsOf(h, CUSTOMERS, { filters: { archived: { mode: 'eq', value: true } } })).to.include(customer);
    expect(await idsOf(h, CUSTOMERS, { filters: { archived: { mode: 'in', value: [true, false] } } })).to.include(customer);
    expect(await idsOf(h, CUSTOMERS, { filters: { _id: { mode: 'in', value: [customer] } } })).to.deep.equal([customer]);
    expect((await h.get(`${CUSTOMERS}/${customer}`)).body.archived).to.equal(true);
    const doc = await h.get(`/api/invoicing/invoices/${invoice._id}`);
    expect(doc.body.fk.receiverCustomer).to.equal(customer);
    expect(doc.body.receiver.company).to.equal('Café des Arts');
    // its invoices still get paid: the balance follows
    const paid = await h.post(`/api/invoicing/invoices/${invoice._id}/payments`, { mode: 'cb', amount: invoice.inclTaxesPrice });
    expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
    expect(paid.body.status).to.equal('paid');
    // twice is harmless; restore
    expect((await h.post(`${CUSTOMERS}/${customer}/archive`)).body.archived).to.equal(true);
    const restored = await h.post(`${CUSTOMERS}/${customer}/restore`);
    expect(restored.status).to.equal(200);
    expect(restored.body.archived).to.equal(false);
    expect(await idsOf(h, CUSTOMERS)).to.include(customer);
    // the archive flag is written by the actions only
    const put = await h.put(`${CUSTOMERS}/${customer}`, { archived: true });
    expect(put.status).to.equal(400);
    expect(put.body.details[0]).to.deep.include({ field: 'archived' });
  });

  it('an unreferenced customer is still deleted; one only a contact names too (the contact forgets it)', async function () {
    const alone = await created(h.post(CUSTOMERS, { name: 'Seul' }));
    expect((await h.delete(`${CUSTOMERS}/${alone}`)).status).to.equal(204);
    const linked = await created(h.post(CUSTOMERS, { name: 'Lié à un contact' }));
    const contact = await created(h.post('/api/contacts/contacts', { firstname: 'Paul', customers: [{ customerId: linked }] }));
    expect((await h.delete(`${CUSTOMERS}/${linked}`)).status).to.equal(204);
    expect((await h.get(`/api/contacts/contacts/${contact}`)).body.customers).to.deep.equal([]);
  });

  it('a draft, a quotation or a recurring template naming the customer (in an id column or a JSON list) also keeps it', async function () {
    const inDraft = await created(h.post(CUSTOMERS, { name: 'Sur un brouillon' }));
    await createDraft(h, { receiver: { name: 'Sur un brouillon' }, fk: { receiverCustomer: inDraft } });
    const inQuotation = await created(h.post(CUSTOMERS, { name: 'Sur un devis' }));
    await created(h.post('/api/invoicing/quotations', { items: [LINE], fk: { receiverCustomer: inQuotation } }));
    const inTemplate = await created(h.post(CUSTOMERS, { name: 'Sur un modèle' }));
    await created(h.post('/api/invoicing/invoice-templates', { name: 'Mensuel', fk: { customers: [inTemplate] } }));
    const inRule = await created(h.post(CUSTOMERS, { name: 'Sur une règle' }));
    await created(h.post('/api/invoicing/invoice-templates', {
      name: 'Trimestriel', cronRules: [{ cron: '0 8 1 */3 *', identifier: 'trimestre', overrideCustomers: true, customers: [inRule] }],
    }));
    for (const [id, label] of [[inDraft, 'facture'], [inQuotation, 'devis'], [inTemplate, 'modèle de facture récurrente'], [inRule, 'modèle de facture récurrente']]) {
      const res = await h.delete(`${CUSTOMERS}/${id}`);
      expect(res.status, label).to.equal(409);
      expect(res.body.details, label).to.deep.include({ field: 'références', message: `cité par : ${label}` });
    }
  });

  it('an article on an invoice line (JSON) or a purchase: 409; archiving it (enabled: false) hides it, restoring shows it', async function () {
    const sold = await created(h.post(ITEMS, { name: 'Baguette', exclTaxesPrice: 1 }));
    const bought = await created(h.post(ITEMS, { name: 'Farine T65', exclTaxesPrice: 30 }));
    const free = await created(h.post(ITEMS, { name: 'Jamais vendu', exclTaxesPrice: 1 }));
    await emitted(h, { items: [LINE, { ...LINE, labelPrimary: 'Baguette', itemId: sold }] });
    const provider = await created(h.post(PROVIDERS, { company: 'Minoterie' }));
    await created(h.post('/api/purchases/purchases', { fk: { provider }, items: [{ ...LINE, itemId: bought }] }));
    const before = await rowsOf('catalogue_items');
    for (const [id, label] of [[sold, 'facture'], [bought, 'achat']]) {
      const res = await h.delete(`${ITEMS}/${id}`);
      expect(res.status, label).to.equal(409);
      expect(res.body.message).to.match(/^Cet article figure sur des documents .*: archivez-le plutôt\./);
      expect(res.body.details).to.deep.include({ field: 'références', message: `cité par : ${label}` });
    }
    expect(await rowsOf('catalogue_items')).to.deep.equal(before);
    expect((await h.delete(`${ITEMS}/${free}`)).status).to.equal(204);

    const archived = await h.post(`${ITEMS}/${sold}/archive`);
    expect(archived.body.enabled).to.equal(false);
    expect(await idsOf(h, ITEMS)).to.not.include(sold);
    expect(await idsOf(h, ITEMS, { filters: { enabled: { mode: 'eq', value: false } } })).to.include(sold);
    expect((await h.get(`${ITEMS}/${sold}`)).status).to.equal(200);
    expect((await h.post(`${ITEMS}/${sold}/restore`)).body.enabled).to.equal(true);
    expect(await idsOf(h, ITEMS)).to.include(sold);
  });

  it('a provider on a purchase: 409, archive and restore', async function () {
    const provider = await created(h.post(PROVIDERS, { company: 'Laiterie' }));
    await created(h.post('/api/purchases/purchases', { fk: { provider }, items: [LINE] }));
    const res = await h.delete(`${PROVIDERS}/${provider}`);
    expect(res.status).to.equal(409);
    expect(res.body.message).to.match(/^Ce fournisseur figure sur des documents .*: archivez-le plutôt\./);
    expect((await h.post(`${PROVIDERS}/${provider}/archive`)).body.archived).to.equal(true);
    expect(await idsOf(h, PROVIDERS)).to.not.include(provider);
    expect((await h.post(`${PROVIDERS}/${provider}/restore`)).body.archived).to.equal(false);
  });

  it('a recurring invoice for a group no longer reaches its archived customers', async function () {
    const group = await created(h.post('/api/kernel/groups', { pluginIdentifier: 'contacts.customers', name: 'Abonnés' }));
    const active = await created(h.post(CUSTOMERS, { name: 'Actif', fk: { groups: [group] } }));
    const gone = await created(h.post(CUSTOMERS, { name: 'Parti', fk: { groups: [group] } }));
    await h.post(`${CUSTOMERS}/${gone}/archive`);
    const members = await k.kernel.asSystem(k.admin.companyId,
      (ctx: CallContext) => ctx.resolve<{ inGroups(ids: string[]): Promise<{ _id: string }[]> }>('customers').inGroups([group]), 'contacts');
    expect(members.map((c: { _id: string }) => c._id)).to.deep.equal([active]);
  });

  it('another company neither archives, restores nor sees the archive of the first one\'s records', async function () {
    const customer = await created(h.post(CUSTOMERS, { name: 'Privé' }));
    const company = await h.post('/api/kernel/companies', { name: 'Voisin SARL' });
    const other = h.as(k.admin.token, company.body._id);
    for (const action of ['archive', 'restore']) expect((await other.post(`${CUSTOMERS}/${customer}/${action}`)).status).to.equal(404);
    expect(await idsOf(other, CUSTOMERS, { filters: { archived: { mode: 'eq', value: true } } })).to.deep.equal([]);
  });
});
