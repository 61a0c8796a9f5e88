/** The « Bonjour » plugin booted with the kernel on a throwaway database: its routes, end to end. */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';

const pluginDir = path.resolve(import.meta.dirname, '..');
const base = '/api/hello/people';
const unknownId = '0123456789abcdef01234567';

interface Sent { title: string; content?: string; style: string; fk: { user: string | null; company: string | null } }

describe('hello : personnes à saluer', function () {
  this.timeout(30000);
  let k: TestKernel;

  before(async () => {
    k = await createTestKernel({ plugins: [pluginDir] });
  });

  after(async () => {
    await k?.stop();
  });

  it('ajoute, liste avec un filtre, modifie et supprime une personne', async () => {
    const created = await k.http.post(base, { name: 'Camille', note: 'Cliente du samedi' });
    expect(created.status).to.equal(201);
    expect(created.body._id).to.match(/^[0-9a-f]{24}$/);
    expect(created.body).to.include({ name: 'Camille', greetings: 0 });
    const id: string = created.body._id;
    expect((await k.http.post(base, { name: 'Dominique' })).status).to.equal(201);

    const filtered = await k.http.get(base, { query: { filters: { name: { mode: 'contains', value: 'cam' } } } });
    expect(filtered.body.data.map((p: { _id: string }) => p._id)).to.deep.equal([id]);
    expect((await k.http.get(base)).body.count).to.equal(2);

    const updated = await k.http.put(`${base}/${id}`, { note: 'Cliente du dimanche' });
    expect(updated.status).to.equal(200);
    expect(updated.body).to.include({ name: 'Camille', note: 'Cliente du dimanche' });

    expect((await k.http.delete(`${base}/${id}`)).status).to.equal(204);
    expect((await k.http.get(`${base}/${id}`)).status).to.equal(404);
  });

  it('« Dire bonjour » compte les bonjours et salue l’entreprise en direct, après validation', async () => {
    const sent: Sent[] = [];
    // the kernel's bus: notifications travel as `kernel.notification.sent` after the commit
    const off = k.kernel.events.on('kernel.notification.sent', (e: { payload: { notifications: Sent[] } }) => {
      sent.push(...e.payload.notifications);
    });
    try {
      const id: string = (await k.http.post(base, { name: 'Léa' })).body._id;
      const first = await k.http.post(`${base}/${id}/greet`);
      expect(first.status).to.equal(200);
      expect(first.body.greetings).to.equal(1);
      expect(first.body.lastGreetedAt).to.be.a('string');
      expect((await k.http.post(`${base}/${id}/greet`)).body.greetings).to.equal(2);
      for (let i = 0; i < 50 && sent.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(sent.map((n) => n.title)).to.deep.equal(['Bonjour, Léa\u202f!', 'Bonjour, Léa\u202f!']);
      expect(sent.map((n) => n.content)).to.deep.equal(['Premier bonjour.', '2ᵉ bonjour.']);
      expect(sent[0]).to.include({ style: 'success' });
      expect(sent[0].fk).to.deep.equal({ user: null, company: k.admin.companyId });
      // greetings are not writable through PUT: only the action counts them
      expect((await k.http.put(`${base}/${id}`, { greetings: 99 })).status).to.equal(400);
      // nobody to greet: 404, nothing sent
      expect((await k.http.post(`${base}/${unknownId}/greet`)).status).to.equal(404);
      expect(sent).to.have.length(2);
    } finally {
      off();
    }
  });

  it('refuse un corps invalide (400) sans rien enregistrer', async () => {
    const before = (await k.http.get(base)).body.count;
    const wrongType = await k.http.post(base, { name: 42 });
    expect(wrongType.status).to.equal(400);
    expect(wrongType.body.code).to.equal('VALIDATION');
    expect(wrongType.body.details.map((d: { field: string }) => d.field)).to.include('name');
    expect((await k.http.post(base, { note: 'sans nom' })).status).to.equal(400);
    expect((await k.http.get(base)).body.count).to.equal(before);
  });

  it('répond 404 sur un identifiant inconnu et 400 sur un identifiant mal formé', async () => {
    expect((await k.http.get(`${base}/${unknownId}`)).status).to.equal(404);
    expect((await k.http.get(`${base}/pas-un-id`)).status).to.equal(400);
  });
});
