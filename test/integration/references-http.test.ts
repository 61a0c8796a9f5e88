/**
 * Issue 11, item 7, through the routes: an invoice, a quotation or a catalogue item that names
 * another company's customer, article, group or purchase is a French 400 naming the field, and
 * nothing is written; the same bodies with the company's own records pass. (Before the repository
 * checked references, each of these was stored: 201.)
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';

const PLUGINS = ['contacts', 'catalogue', 'invoicing', 'purchases'].map((id) => path.resolve(import.meta.dirname, '../../plugins', id));
const RECEIVER = { company: 'Receveur SARL', name: 'Durand' };
const LINE = { labelPrimary: 'Pain', quantity: 1, vat: 5.5, exclTaxesPrice: 2 };

async function created(p: Promise<{ status: number; body: { _id: string } }>): Promise<string> {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body._id;
}

interface Owned { customer: string; item: string; group: string; purchase: string; provider: string }

async function recordsOf(h: TestHttp): Promise<Owned> {
  const provider = await created(h.post('/api/contacts/providers', { company: 'Minoterie' }));
  return {
    customer: await created(h.post('/api/contacts/customers', { name: 'Client' })),
    item: await created(h.post('/api/catalogue/items', { name: 'Baguette', exclTaxesPrice: 1 })),
    group: await created(h.post('/api/kernel/groups', { pluginIdentifier: 'catalogue.items', name: 'Pains' })),
    provider,
    purchase: await created(h.post('/api/purchases/purchases', { fk: { provider }, items: [LINE] })),
  };
}

describe('references through the routes (issue 11, item 7)', function () {
  let k: TestKernel;
  let other: TestHttp;
  let mine: Owned;
  let theirs: Owned;
  const tables = ['invoicing_invoices', 'invoicing_quotations', 'catalogue_items', 'invoicing_invoice_templates', 'purchases_purchases', 'contacts_contacts'];
  const snapshot = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await k.db(t).select('*').orderBy('_id')])));

  before(async function () {
    k = await createTestKernel({ plugins: PLUGINS });
    const company = await k.http.post('/api/kernel/companies', { name: 'Concurrent SAS' });
    other = k.http.as(k.admin.token, company.body._id);
    mine = await recordsOf(k.http);
    theirs = await recordsOf(other);
  });
  after(async function () { await k?.stop(); });

  const cases = (o: Owned): [string, string, Record<string, unknown>, string][] => [
    ['POST', '/api/invoicing/invoices', { receiver: RECEIVER, fk: { receiverCustomer: o.customer }, items: [LINE] }, 'fk.receiverCustomer'],
    ['POST', '/api/invoicing/invoices', { items: [{ ...LINE, itemId: o.item }] }, 'items.0.itemId'],
    ['POST', '/api/invoicing/invoices', { items: [LINE], fk: { linkedPurchases: [o.purchase] } }, 'fk.linkedPurchases.0'],
    ['POST', '/api/invoicing/quotations', { receiver: RECEIVER, fk: { receiverCustomer: o.customer }, items: [LINE] }, 'fk.receiverCustomer'],
    ['POST', '/api/invoicing/quotations', { items: [LINE], fk: { linkedPurchases: [o.purchase] } }, 'fk.linkedPurchases.0'],
    ['POST', '/api/catalogue/items', { name: 'Croissant', fk: { groups: [o.group] } }, 'fk.groups.0'],
    ['POST', '/api/invoicing/invoice-templates', { name: 'Abonnement', items: [{ ...LINE, itemId: o.item }] }, 'items.0.itemId'],
  ];

  it('another company\'s customer, article, group or purchase: 400 naming the field, nothing written', async function () {
    const before = await snapshot();
    for (const [method, url, body, field] of cases(theirs)) {
      const res = await k.http.request(method, url, body);
      expect(res.status, `${url} ${field}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION');
      expect(res.body.details.map((d: { field: string }) => d.field), url).to.include(field);
      expect(res.body.message, url).to.match(/de cette entreprise ne porte l’identifiant [0-9a-f]{24}/);
    }
    expect(await snapshot()).to.deep.equal(before);
  });

  it('updates too: a draft invoice or an article given another company\'s ids is refused and stays as it was', async function () {
    const draft = await created(k.http.post('/api/invoicing/invoices', { items: [LINE] }));
    const item = await created(k.http.post('/api/catalogue/items', { name: 'Chouquette', exclTaxesPrice: 0.3 }));
    const before = await snapshot();
    const put = await k.http.put(`/api/invoicing/invoices/${draft}`, { receiver: RECEIVER, fk: { receiverCustomer: theirs.customer } });
    expect(put.status, JSON.stringify(put.body)).to.equal(400);
    expect(put.body.message).to.equal(`fk.receiverCustomer : aucun client de cette entreprise ne porte l’identifiant ${theirs.customer}.`);
    const groups = await k.http.put(`/api/catalogue/items/${item}`, { fk: { groups: [mine.group, theirs.group] } });
    expect(groups.status, JSON.stringify(groups.body)).to.equal(400);
    expect(groups.body.details).to.deep.equal([{ field: 'fk.groups.1', message: `aucun groupe de cette entreprise ne porte l’identifiant ${theirs.group}` }]);
    expect(await snapshot()).to.deep.equal(before);
  });

  it('the company\'s own records pass', async function () {
    for (const [method, url, body, field] of cases(mine)) {
      const res = await k.http.request(method, url, body);
      expect(res.status, `${url} ${field}: ${JSON.stringify(res.body)}`).to.equal(201);
    }
  });
});
