/**
 * Archiving customers, providers and contacts (README « Archiving »): the actions, the lists that
 * leave archived records out unless asked, the permission, and the field that no body may set.
 * That a record named by a document cannot be deleted is proven with the documents' plugins in
 * test/integration/archive.test.ts.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { memberWith, pluginDir, unknownId } from './support.ts';

const KINDS = ['customers', 'providers', 'contacts'] as const;

describe('contacts : archiver et restaurer', function () {
  this.timeout(60000);
  let k: TestKernel;

  before(async () => { k = await createTestKernel({ plugins: [pluginDir] }); });
  after(async () => { await k?.stop(); });

  for (const kind of KINDS) {
    it(`${kind} : archiver masque de la liste, le filtre « archived » le montre, restaurer le rend`, async () => {
      const base = `/api/contacts/${kind}`;
      const kept = await k.http.post(base, { name: `Gardé ${kind}` });
      const created = await k.http.post(base, { name: `Archivé ${kind}` });
      expect(created.body.archived).to.equal(false);
      const id = created.body._id;
      const archived = await k.http.post(`${base}/${id}/archive`);
      expect(archived.status, JSON.stringify(archived.body)).to.equal(200);
      expect(archived.body).to.include({ _id: id, archived: true });
      const ids = async (query: Record<string, unknown> = {}) => (await k.http.get(base, { query })).body.data.map((r: { _id: string }) => r._id);
      expect(await ids()).to.deep.equal([kept.body._id]);
      expect(await ids({ filters: { archived: { mode: 'eq', value: true } } })).to.deep.equal([id]);
      expect((await k.http.get(`${base}/${id}`)).body.archived).to.equal(true);
      const activity = await k.http.get('/api/kernel/activities', { query: { filters: { 'fk.object': { mode: 'eq', value: id } }, sort: { field: 'date', ascending: false } } });
      expect(JSON.stringify(activity.body.data[0])).to.include('archived');
      expect((await k.http.post(`${base}/${id}/restore`)).body.archived).to.equal(false);
      expect(await ids()).to.include.members([id, kept.body._id]);
      // the flag is the actions' only; an unknown id is a 404
      expect((await k.http.put(`${base}/${id}`, { archived: true })).status).to.equal(400);
      expect((await k.http.post(base, { name: 'x', archived: true })).status).to.equal(400);
      expect((await k.http.post(`${base}/${unknownId}/archive`)).status).to.equal(404);
      // nothing references it: it can still be deleted
      expect((await k.http.delete(`${base}/${id}`)).status).to.equal(204);
    });
  }

  it('archiver demande la permission de gérer', async () => {
    const created = await k.http.post('/api/contacts/customers', { name: 'Protégé' });
    const reader = await memberWith(k, ['contacts.customers.read']);
    expect((await reader.post(`/api/contacts/customers/${created.body._id}/archive`)).status).to.equal(403);
    expect((await reader.post(`/api/contacts/customers/${created.body._id}/restore`)).status).to.equal(403);
  });
});
