/**
 * Working time, the timer, invoicing it, comments and their notifications (README « Working
 * time », « Invoicing », « Notifications »).
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { ProjectItem, ProjectWorkingTime } from '../schemas/index.ts';
import { API, bootKernel, createItem, createProject, memberWith, ok, rowCounts } from './support.ts';

describe('projects : temps passé, facturation, commentaires et notifications', function () {
  this.timeout(120_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  const customer = async (name = 'Hôtel du Parc') => ok<{ _id: string }>(k.http.post('/api/contacts/customers', { name }), 201);
  const period = (fk: Record<string, unknown>, start: string, end: string) =>
    ok<ProjectWorkingTime>(k.http.post(`${API}/working-times`, { start, end, comment: 'Pose', fk }), 201);

  it('le chronomètre : un seul en cours, relancer arrête le précédent, arrêter le termine', async () => {
    const p = await createProject(k.http);
    const item = await createItem(k.http, p._id);
    expect((await ok(k.http.get(`${API}/working-times/running`))).running).to.equal(null);
    const first = await ok(k.http.post(`${API}/working-times/start`, { fk: { item: item._id } }), 201);
    expect(first.running.fk).to.include({ project: p._id, item: item._id, user: k.admin.userId });
    expect(first.running.end).to.equal(null);
    const second = await ok(k.http.post(`${API}/working-times/start`, { fk: { project: p._id } }), 201);
    expect(second.stopped._id).to.equal(first.running._id);
    expect(second.stopped.end).to.be.a('string');
    expect((await ok(k.http.get(`${API}/working-times/running`))).running._id).to.equal(second.running._id);
    const stopped = await ok<ProjectWorkingTime>(k.http.post(`${API}/working-times/stop`, { starRate: 4 }));
    expect(stopped).to.include({ starRate: 4, runningUser: null });
    const again = await k.http.post(`${API}/working-times/stop`, {});
    expect(again.status).to.equal(409);
    expect(again.body.message).to.equal('Aucun chronomètre en cours.');
  });

  it('le temps saisi s’additionne sur l’élément ; un temps facturé ne change plus', async () => {
    const p = await createProject(k.http);
    const item = await createItem(k.http, p._id, { name: 'Décor' });
    const a = await period({ item: item._id }, '2026-12-01T09:00:00.000Z', '2026-12-01T10:30:00.000Z');
    await period({ item: item._id }, '2026-12-02T14:00:00.000Z', '2026-12-02T14:45:00.000Z');
    expect(a.minutes).to.equal(90);
    expect((await ok<ProjectItem>(k.http.get(`${API}/items/${item._id}`))).workingTime).to.equal(135);
    await ok(k.http.put(`${API}/working-times/${a._id}`, { end: '2026-12-01T10:00:00.000Z' }));
    expect((await ok<ProjectItem>(k.http.get(`${API}/items/${item._id}`))).workingTime).to.equal(105);
  });

  it('facture le temps à un client : un brouillon, une ligne par élément au taux du projet, une seule fois', async () => {
    const c = await customer();
    const p = await createProject(k.http, { name: 'Vitrine', hourlyRate: 45 });
    const item = await createItem(k.http, p._id, { name: 'Décor' });
    const a = await period({ item: item._id }, '2026-12-01T09:00:00.000Z', '2026-12-01T10:30:00.000Z');
    const b = await period({ item: item._id }, '2026-12-02T09:00:00.000Z', '2026-12-02T09:30:00.000Z');
    const c2 = await period({ project: p._id }, '2026-12-03T09:00:00.000Z', '2026-12-03T09:20:00.000Z');
    const answer = await ok(k.http.post(`${API}/working-times/invoice`, { workingTimes: [a._id, b._id, c2._id], customer: c._id }));
    const invoice = await ok(k.http.get(`/api/invoicing/invoices/${answer.invoice._id}`));
    expect(invoice.numberFull ?? null, 'a draft has no number').to.equal(null);
    expect(invoice.fk.receiverCustomer).to.equal(c._id);
    expect(invoice.items.map((l: { labelPrimary: string; quantity: number; exclTaxesPrice: number; vat: number }) => [l.labelPrimary, l.quantity, l.exclTaxesPrice, l.vat])).to.deep.equal([
      ['Vitrine — Décor', 2, 45, 20], ['Vitrine', 0.33, 45, 20],
    ]);
    // 90 + 14.85 = 104.85 excl. taxes
    expect(invoice.exclTaxesPrice).to.equal(104.85);
    const stored = await ok<ProjectWorkingTime>(k.http.get(`${API}/working-times/${a._id}`));
    expect(stored.fk.invoice).to.equal(invoice._id);
    const before = await rowCounts(k);
    const twice = await k.http.post(`${API}/working-times/invoice`, { workingTimes: [b._id], customer: c._id });
    expect(twice.status).to.equal(409);
    expect(twice.body.message).to.equal('Ce temps a déjà été facturé.');
    const edit = await k.http.put(`${API}/working-times/${a._id}`, { comment: 'autre' });
    expect(edit.status).to.equal(409);
    expect(edit.body.message).to.equal('Ce temps a déjà été facturé : il ne peut plus être modifié ni supprimé.');
    expect(await rowCounts(k)).to.deep.equal(before);
    // more time, added to the same draft
    const d = await period({ item: item._id }, '2026-12-04T09:00:00.000Z', '2026-12-04T10:00:00.000Z');
    const added = await ok(k.http.post(`${API}/working-times/invoice`, { workingTimes: [d._id], customer: c._id, invoice: invoice._id, hourlyRate: 50 }));
    expect(added.invoice._id).to.equal(invoice._id);
    expect(added.invoice.items).to.have.length(3);
    // another customer's draft is refused, nothing written
    const other = await customer('Café des Arts');
    const e = await period({ item: item._id }, '2026-12-05T09:00:00.000Z', '2026-12-05T10:00:00.000Z');
    const refused = await k.http.post(`${API}/working-times/invoice`, { workingTimes: [e._id], customer: other._id, invoice: invoice._id });
    expect(refused.status).to.equal(409);
    expect((await ok<ProjectWorkingTime>(k.http.get(`${API}/working-times/${e._id}`))).fk.invoice ?? null).to.equal(null);
  });

  it('sans taux horaire : 400 qui le dit, rien d’écrit', async () => {
    const c = await customer();
    const p = await createProject(k.http, { hourlyRate: null });
    const a = await period({ project: p._id }, '2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z');
    const before = await rowCounts(k);
    const res = await k.http.post(`${API}/working-times/invoice`, { workingTimes: [a._id], customer: c._id });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.equal('Ce projet n’a pas de taux horaire : indiquez-en un.');
    expect(await rowCounts(k)).to.deep.equal(before);
  });

  it('un commentaire prévient les abonnés ; une demande d’aide prévient les aides souhaitées, avec le lien du client mentionné', async () => {
    const c = await customer('Boulangerie Dupain');
    const follower = await memberWith(k, ['projects.items.read', 'projects.items.write']);
    const helper = await memberWith(k, ['projects.items.read']);
    const p = await createProject(k.http);
    const item = await createItem(k.http, p._id, { name: 'Vitrine', fk: { project: p._id, followers: [follower.userId] } });
    const comment = await ok(k.http.post(`${API}/comments`, {
      description: 'Le client veut du doré.', helpRequired: true, fk: { item: item._id, desiredHelpers: [helper.userId], customers: [c._id] },
    }), 201);
    expect(comment.fk).to.include({ project: p._id, user: k.admin.userId });
    const toHelper = await k.db('kernel_notifications').where({ fk_user: helper.userId });
    expect(toHelper).to.have.length(1);
    expect(toHelper[0].title).to.equal('Demande d’aide sur « Vitrine »');
    expect(toHelper[0].content).to.contain('Client mentionné : Boulangerie Dupain');
    const choices = typeof toHelper[0].choices === 'string' ? JSON.parse(toHelper[0].choices) : toHelper[0].choices;
    expect(choices.map((x: { url: string }) => x.url)).to.deep.equal([`/projets/elements/${item._id}`, `/clients/${c._id}`]);
    const toFollower = await k.db('kernel_notifications').where({ fk_user: follower.userId });
    expect(toFollower.map((n: { title: string }) => n.title)).to.deep.equal(['Nouveau commentaire sur « Vitrine »']);
    // the author is never told about their own comment
    expect(await k.db('kernel_notifications').where({ fk_user: k.admin.userId })).to.have.length(0);
    const stored = await ok<ProjectItem>(k.http.get(`${API}/items/${item._id}`));
    expect(stored).to.include({ helpRequired: true, lastActivityDescription: 'Demande d’aide' });
    // a change of column tells the followers too
    await ok(k.http.post(`${API}/items/${item._id}/move`, { status: 'accepted' }));
    expect((await k.db('kernel_notifications').where({ fk_user: follower.userId })).map((n: { content: string }) => n.content)).to.include('Désormais acceptée.');
  });

  it('une intervention chez un client garde son nom', async () => {
    const c = await customer('Hôtel Bellevue');
    const i = await ok(k.http.post(`${API}/interventions`, { title: 'Pose des guirlandes', fk: { customer: c._id } }), 201);
    expect(i).to.include({ kind: 'event', customerName: 'Hôtel Bellevue', title: 'Pose des guirlandes' });
    expect(i.date).to.be.a('string');
  });
});
