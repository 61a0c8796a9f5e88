/** The « Questionnaires » plugin booted with the kernel on a throwaway database: its routes, end to end. */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';

const pluginDir = path.resolve(import.meta.dirname, '..');
const base = '/api/surveys/items';
const unknownId = '0123456789abcdef01234567';

describe('surveys : éléments', function () {
  this.timeout(30000);
  let k: TestKernel;

  before(async () => {
    k = await createTestKernel({ plugins: [pluginDir] });
  });

  after(async () => {
    await k?.stop();
  });

  it('crée, liste avec un filtre, modifie, archive et supprime un élément', async () => {
    const created = await k.http.post(base, { name: 'Croissant au beurre', description: 'Pur beurre AOP', price: 1.2 });
    expect(created.status).to.equal(201);
    expect(created.body._id).to.match(/^[0-9a-f]{24}$/);
    expect(created.body).to.include({ name: 'Croissant au beurre', price: 1.2, archived: false });
    const id: string = created.body._id;
    expect((await k.http.post(base, { name: 'Pain de campagne', price: 3.5 })).status).to.equal(201);

    const filtered = await k.http.get(base, { query: { filters: { name: { mode: 'contains', value: 'croissant' } } } });
    expect(filtered.status).to.equal(200);
    expect(filtered.body.count).to.equal(1);
    expect(filtered.body.data.map((i: { _id: string }) => i._id)).to.deep.equal([id]);
    expect((await k.http.get(base)).body.count).to.equal(2);

    const updated = await k.http.put(`${base}/${id}`, { price: 1.35 });
    expect(updated.status).to.equal(200);
    expect(updated.body).to.include({ name: 'Croissant au beurre', price: 1.35 });
    expect((await k.http.get(`${base}/${id}`)).body.price).to.equal(1.35);

    const archived = await k.http.post(`${base}/${id}/archive`);
    expect(archived.status).to.equal(200);
    expect(archived.body.archived).to.equal(true);
    expect(archived.body.archivedAt).to.be.a('string');
    const again = await k.http.post(`${base}/${id}/archive`);
    expect(again.status).to.equal(409);
    expect(again.body.code).to.equal('CONFLICT');

    expect((await k.http.delete(`${base}/${id}`)).status).to.equal(204);
    expect((await k.http.get(`${base}/${id}`)).status).to.equal(404);
    expect((await k.http.get(base)).body.count).to.equal(1);
  });

  it('refuse un corps invalide (400) sans rien enregistrer', async () => {
    const before = (await k.http.get(base)).body.count;
    const wrongType = await k.http.post(base, { name: 42 });
    expect(wrongType.status).to.equal(400);
    expect(wrongType.body.code).to.equal('VALIDATION');
    expect(wrongType.body.details.map((d: { field: string }) => d.field)).to.include('name');
    const unknownField = await k.http.post(base, { name: 'Baguette', archived: true });
    expect(unknownField.status).to.equal(400);
    const missingName = await k.http.post(base, { price: 1 });
    expect(missingName.status).to.equal(400);
    expect(missingName.body.message).to.be.a('string');
    expect((await k.http.get(base)).body.count).to.equal(before);
  });

  it('envoie une notification en direct à l’entreprise quand un élément est archivé', async () => {
    const sent: Array<{ title: string; content?: string; fk: { user: string | null; company: string | null } }> = [];
    // the kernel's bus: notifications travel as `kernel.notification.sent` after the commit
    const off = k.kernel.events.on('kernel.notification.sent', (e: { payload: { notifications: typeof sent } }) => {
      sent.push(...e.payload.notifications);
    });
    try {
      const created = await k.http.post(base, { name: 'Chausson aux pommes', price: 1.9 });
      expect((await k.http.post(`${base}/${created.body._id}/archive`)).status).to.equal(200);
      for (let i = 0; i < 50 && sent.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(sent).to.have.length(1);
      expect(sent[0]).to.include({ title: 'Élément archivé', content: '« Chausson aux pommes » a été archivé.' });
      expect(sent[0].fk).to.deep.equal({ user: null, company: k.admin.companyId });
      // refused (409): rolled back, nothing sent
      expect((await k.http.post(`${base}/${created.body._id}/archive`)).status).to.equal(409);
      expect(sent).to.have.length(1);
    } finally {
      off();
    }
  });

  it('répond 404 sur un identifiant inconnu et 400 sur un identifiant mal formé', async () => {
    const missing = await k.http.get(`${base}/${unknownId}`);
    expect(missing.status).to.equal(404);
    expect(missing.body.code).to.equal('NOT_FOUND');
    expect((await k.http.put(`${base}/${unknownId}`, { price: 2 })).status).to.equal(404);
    expect((await k.http.delete(`${base}/${unknownId}`)).status).to.equal(404);
    expect((await k.http.get(`${base}/pas-un-id`)).status).to.equal(400);
  });
});
