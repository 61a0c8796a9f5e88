/**
 * A record named by a new document and deleted at the same moment (issue 11 review, item 3): the
 * repository checks a declared reference by reading its target, and a deletion looks for documents
 * still naming it. On MariaDB a plain read takes no lock, so a creation could find the customer,
 * the deletion then find no document (the creation not committed yet) and both commit: a document
 * naming nothing. The check now reads targets whose deletion references block `FOR SHARE`: the
 * deletion waits for the creation and sees its document (409), or the creation waits for the
 * deletion and finds nothing (400). Never both. On SQLite (one writer) it holds either way.
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';

const PLUGINS = ['contacts', 'catalogue', 'invoicing'].map((id) => path.resolve(import.meta.dirname, '../../plugins', id));
const N = 20;
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('references: a record deleted while a new document names it (issue 11 review)', function () {
  this.timeout(180_000);
  let k: TestKernel;
  before(async () => { k = await createTestKernel({ plugins: PLUGINS }); });
  after(async () => { await k?.stop(); });

  async function created(p: Promise<{ status: number; body: { _id: string } }>): Promise<string> {
    const res = await p;
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body._id;
  }

  /** Each pair: the creation of a document naming the target, and the target's deletion a little later (0 to 9 ms). */
  async function race(targets: string[], create: (id: string) => Promise<{ status: number; body: Record<string, unknown> }>, remove: (id: string) => Promise<{ status: number; body: Record<string, unknown> }>) {
    return Promise.all(targets.map(async (id, i) => {
      const creation = create(id);
      const deletion = later(i % 10).then(() => remove(id));
      return { id, creation: await creation, deletion: await deletion };
    }));
  }

  it(`${N} brouillons de facture nommant chacun un client supprimé en même temps : jamais une facture sans son client`, async () => {
    const customers: string[] = [];
    for (let i = 0; i < N; i++) customers.push(await created(k.http.post('/api/contacts/customers', { name: `Client ${i}` })));
    const pairs = await race(customers,
      (id) => k.http.post('/api/invoicing/invoices', { fk: { receiverCustomer: id }, items: [{ labelPrimary: 'Pain', vat: 5.5, exclTaxesPrice: 2 }] }),
      (id) => k.http.delete(`/api/contacts/customers/${id}`));
    for (const { id, creation, deletion } of pairs) {
      const exists = (await k.db('contacts_customers').where('_id', id).first()) !== undefined;
      if (creation.status === 201) {
        // the document won: the customer is still there, its deletion refused
        expect(deletion.status, JSON.stringify(deletion.body)).to.equal(409);
        expect(exists).to.equal(true);
      } else {
        expect(creation.status, JSON.stringify(creation.body)).to.equal(400);
        expect(deletion.status, JSON.stringify(deletion.body)).to.equal(204);
        expect(exists).to.equal(false);
      }
    }
    const dangling = await k.db('invoicing_invoices').whereIn('fk_receiverCustomer', customers)
      .whereNotIn('fk_receiverCustomer', k.db('contacts_customers').select('_id'));
    expect(dangling).to.deep.equal([]);
  });

  it(`${N} brouillons nommant chacun un article (dans leurs lignes) supprimé en même temps : jamais une ligne sans son article`, async () => {
    const items: string[] = [];
    for (let i = 0; i < N; i++) items.push(await created(k.http.post('/api/catalogue/items', { name: `Article ${i}`, exclTaxesPrice: 1 })));
    const pairs = await race(items,
      (id) => k.http.post('/api/invoicing/invoices', { items: [{ labelPrimary: 'Article', vat: 20, exclTaxesPrice: 1, itemId: id }] }),
      (id) => k.http.delete(`/api/catalogue/items/${id}`));
    for (const { id, creation, deletion } of pairs) {
      const exists = (await k.db('catalogue_items').where('_id', id).first()) !== undefined;
      expect([creation.status, deletion.status], JSON.stringify([creation.body, deletion.body])).to.deep.equal(creation.status === 201 ? [201, 409] : [400, 204]);
      expect(exists).to.equal(creation.status === 201);
    }
  });
});
