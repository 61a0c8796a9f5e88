/**
 * Kinds of notifications (schemas README « PushNotification setting »: recipient any, permissions, mode
 * company, push / signal / email true by default) and each user's choices for them: the catalogue,
 * the preferences, and delivery as chosen — live toast (push), kept in the centre (signal), French
 * e-mail through kernel.mailer to a real SMTP server (email), only when chosen.
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { createMember, type Account } from '../support/kernel.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { WsProbe, type Msg } from '../../server/test/support/ws-client.ts';

/** JSON columns: text on SQLite, parsed by mysql2 on MariaDB */
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
const FIXTURES = path.join(import.meta.dirname, '../../server/test/fixtures/plugins');
const PREFS = '/api/kernel/notification-preferences';
const PAID = 'notification-probe.paid';
const DIGEST = 'notification-probe.digest';
const STOCK = 'notification-probe.stock';

describe('kernel: notification kinds and preferences', function () {
  let k: TestKernel;
  let smtp: SmtpSink;
  /** no role: may not receive « Facture payée » (it needs notification-probe.invoices.read) */
  let bruno: Account;
  /** holds notification-probe.invoices.read */
  let claire: Account;
  let otherCompany: string;
  const open: WsProbe[] = [];

  const socket = async (who: Account, company = k.admin.companyId) => {
    const p = await WsProbe.signedIn(k.url, who.token, company);
    open.push(p);
    return p;
  };
  const notify = async (to: string[] | 'company', notification: Record<string, unknown>) => {
    const res = await k.http.post('/api/notification-probe/notify', { to, notification });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.sent as Msg[];
  };
  const prefsOf = async (who: Account) => {
    const res = await who.http.get(PREFS);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return new Map<string, Msg>(res.body.data.map((p: Msg) => [p.sysName, p]));
  };
  const choose = async (who: Account, preferences: Msg[]) => {
    const res = await who.http.put(PREFS, { preferences });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data as Msg[];
  };
  const delivered = async () => { await k.kernel.mailer.drain(); return smtp.take(); };

  before(async function () {
    smtp = await startSmtpSink();
    k = await createTestKernel({ plugins: [path.join(FIXTURES, 'notification-probe')] });
    expect((await k.http.put('/api/kernel/smtp-settings', { host: '127.0.0.1', port: smtp.port, secure: false })).status).to.equal(200);
    const role = await k.http.post('/api/kernel/roles', { name: 'Comptabilité', permissions: ['notification-probe.invoices.read'] });
    expect(role.status, JSON.stringify(role.body)).to.equal(201);
    bruno = await createMember(k, 'bruno.pref@exemple.fr', { firstname: 'Bruno' });
    claire = await createMember(k, 'claire.pref@exemple.fr', { firstname: 'Claire', roles: [role.body._id] });
    const other = await claire.http.post('/api/kernel/companies', { name: 'Claire Conseil' });
    expect(other.status, JSON.stringify(other.body)).to.equal(201);
    otherCompany = other.body._id;
  });
  afterEach(function () { for (const p of open.splice(0)) p.end(); });
  after(async function () {
    await k?.stop();
    await smtp?.close();
  });

  it('serves the catalogue of kinds with the spec’s defaults (recipient any, mode company, push, signal, email)', async function () {
    const res = await k.http.get('/api/kernel/push-notifications');
    expect(res.status).to.equal(200);
    const bySys = new Map<string, Msg>(res.body.data.map((n: Msg) => [n.sysName, n]));
    expect(bySys.get('kernel.messages')).to.deep.include({
      plugin: 'kernel', category: 'Équipe', name: 'Messages de l’équipe', recipient: 'any', permissions: [], mode: 'company', push: true, signal: true, email: true,
    });
    expect(bySys.get(PAID)).to.deep.include({ plugin: 'notification-probe', permissions: ['notification-probe.invoices.read'], push: true, signal: true, email: true });
    expect(bySys.get(DIGEST)).to.deep.include({ mode: 'global', email: false });
    expect(bySys.get(STOCK)).to.deep.include({ recipient: 'company', push: false });
  });

  it('lists as preferences only the kinds a user may receive, with the kind’s defaults until they choose', async function () {
    const forBruno = await prefsOf(bruno);
    expect(forBruno.has(PAID)).to.equal(false);
    expect(forBruno.get(DIGEST)).to.deep.include({ push: true, signal: true, email: false });
    const forClaire = await prefsOf(claire);
    expect(forClaire.get(PAID)).to.deep.include({ name: 'Facture payée', push: true, signal: true, email: true });
  });

  it('delivers a kind by default live, in the centre and by e-mail (French), to those allowed to receive it only', async function () {
    const toBruno = await socket(bruno);
    const toClaire = await socket(claire);
    const sent = await notify([bruno.userId, claire.userId], { kind: PAID, title: 'Facture F-2026-0042 payée', content: '1 234,50 € par virement.', liveOnly: true });
    expect(sent.map((n) => n.fk.user)).to.deep.equal([claire.userId]);
    expect(sent[0]).to.include({ kind: PAID, liveOnly: false });
    await toClaire.next((m) => m.type === 'notification' && m.notification._id === sent[0]._id, 'toast');
    expect((await claire.http.get('/api/kernel/notifications/unread')).body.count).to.equal(1);
    await toBruno.sync();
    expect(toBruno.messages.filter((m) => m.type === 'notification')).to.deep.equal([]);
    const got = await delivered();
    expect(got.map((m) => m.to)).to.deep.equal([['claire.pref@exemple.fr']]);
    const text = got[0].mail.text ?? '';
    expect(got[0].mail.subject).to.equal(`Facture F-2026-0042 payée — ${(await k.http.get(`/api/kernel/companies/${k.admin.companyId}`)).body.name}`);
    expect(text).to.include('admin@comptoir.test vous a envoyé une notification dans « ');
    expect(text).to.include('1 234,50 € par virement.');
    expect(text).to.include('Vous recevez cet e-mail car vous l’avez choisi pour les notifications « Facture payée »');
    const activity = await k.db('kernel_activities').where({ type: 'emailSent', fk_company: k.admin.companyId }).orderBy('_id', 'desc').first();
    expect((json(activity.data) as Msg).to).to.deep.equal(['claire.pref@exemple.fr']);
  });

  it('follows the user’s choices: push off keeps it quietly in the centre, signal off keeps nothing, e-mail only when chosen', async function () {
    const saved = await choose(claire, [{ pushNotification: PAID, push: false, email: false }]);
    expect(saved.find((p) => p.sysName === PAID)).to.deep.include({ push: false, signal: true, email: false });
    const p = await socket(claire);
    const [quiet] = await notify([claire.userId], { kind: PAID, title: 'Sans toast' });
    // no toast: the bell refreshes
    const change = await p.next((m) => m.type === 'change' && m._id === quiet._id, 'quiet change');
    expect(change).to.include({ entity: 'kernel.notifications', name: 'kernel.notification.created' });
    expect(p.messages.filter((m) => m.type === 'notification')).to.deep.equal([]);
    expect((await claire.http.get('/api/kernel/notifications')).body.data.map((n: Msg) => n._id)).to.include(quiet._id);
    expect(await delivered()).to.deep.equal([]);

    await choose(claire, [{ pushNotification: PAID, signal: false, email: true }]);
    const sent = await notify([claire.userId], { kind: PAID, title: 'Par e-mail seulement' });
    expect(sent).to.deep.equal([]);
    await p.sync();
    expect(p.messages.filter((m) => m.type === 'notification' || (m.type === 'change' && m._id !== quiet._id && m.entity === 'kernel.notifications'))).to.deep.equal([]);
    expect(await k.db('kernel_notifications').where('title', 'Par e-mail seulement').first()).to.equal(undefined);
    expect((await delivered()).map((m) => m.to)).to.deep.equal([['claire.pref@exemple.fr']]);

    await choose(claire, [{ pushNotification: PAID, push: true, signal: false, email: false }]);
    const [live] = await notify([claire.userId], { kind: PAID, title: 'En direct seulement', liveOnly: false });
    expect(live.liveOnly).to.equal(true);
    await p.next((m) => m.type === 'notification' && m.notification._id === live._id, 'live');
    expect((await claire.http.get('/api/kernel/notifications')).body.data.map((n: Msg) => n._id)).to.not.include(live._id);
    expect(await delivered()).to.deep.equal([]);
  });

  it('keeps a choice per company for a company kind, one for all companies for a global kind', async function () {
    await choose(claire, [{ pushNotification: 'kernel.messages', email: false }, { pushNotification: DIGEST, email: true }]);
    const user = await k.db('kernel_users').where('_id', claire.userId).first();
    const settings = json(user.pushNotificationsSettings) as Msg[];
    expect(settings.find((s) => s.pushNotification === 'kernel.messages')).to.deep.include({ companyId: k.admin.companyId, email: false });
    expect(settings.find((s) => s.pushNotification === DIGEST)).to.deep.include({ companyId: null, email: true });
    const inOther = await claire.http.get(PREFS, { company: otherCompany });
    const there = new Map<string, Msg>(inOther.body.data.map((p: Msg) => [p.sysName, p]));
    expect(there.get('kernel.messages')).to.deep.include({ email: true });
    expect(there.get(DIGEST)).to.deep.include({ email: true });
    // the other company's own choice does not touch this one's
    expect((await claire.http.put(PREFS, { preferences: [{ pushNotification: 'kernel.messages', push: false }] }, { company: otherCompany })).status).to.equal(200);
    expect((await prefsOf(claire)).get('kernel.messages')).to.deep.include({ push: true, email: false });
  });

  it('sends a company kind to every member as each chose (push off by default here)', async function () {
    const p = await socket(bruno);
    const sent = await notify('company', { kind: STOCK, title: 'Inventaire samedi' });
    const members = (await k.http.get('/api/kernel/users')).body.data.map((u: Msg) => u._id);
    expect(sent.map((n) => n.fk.user).sort()).to.deep.equal([...members].sort());
    expect(sent.every((n) => n.type === 'company' && n.liveOnly === false)).to.equal(true);
    await p.next((m) => m.type === 'change' && m.entity === 'kernel.notifications', 'quiet');
    expect(p.messages.filter((m) => m.type === 'notification')).to.deep.equal([]);
    // every member had e-mail on by default
    expect((await delivered()).map((m) => m.to[0]).sort()).to.deep.equal(['admin@comptoir.test', 'bruno.pref@exemple.fr', 'claire.pref@exemple.fr']);
  });

  it('refuses an unknown kind, a kind the user may not receive, and a kind addressed the wrong way (400)', async function () {
    const unknown = await bruno.http.put(PREFS, { preferences: [{ pushNotification: 'inconnu.type', push: false }] });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.details).to.deep.equal([{ field: 'preferences.0.pushNotification', message: 'type de notification inconnu' }]);
    const forbidden = await bruno.http.put(PREFS, { preferences: [{ pushNotification: PAID, push: false }] });
    expect(forbidden.status).to.equal(400);
    const wrong = await bruno.http.put(PREFS, { preferences: [{ pushNotification: DIGEST, push: 'oui' }] });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.details[0].field).to.equal('preferences.0.push');
    const toUsers = await k.http.post('/api/notification-probe/notify', { to: [bruno.userId], notification: { kind: STOCK, title: 'x' } });
    expect(toUsers.status).to.equal(400);
    expect(toUsers.body.message).to.equal('Destinataires invalides : les notifications « Inventaire » s’adressent à toute l’entreprise.');
    const unknownKind = await k.http.post('/api/notification-probe/notify', { to: [bruno.userId], notification: { kind: 'x.y', title: 'x' } });
    expect(unknownKind.body).to.deep.include({ status: 400, message: 'Type de notification inconnu : « x.y ».' });
    expect(await delivered()).to.deep.equal([]);
  });

  it('sends no e-mail when the company has no mail server, and never for a kind-less notification', async function () {
    const res = await claire.http.post('/api/kernel/notifications', { recipients: [claire.userId], kind: 'kernel.messages', title: 'Sans serveur' }, { company: otherCompany });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    await notify([claire.userId, bruno.userId], { title: 'Sans type', liveOnly: false });
    expect(await delivered()).to.deep.equal([]);
    expect(await k.db('kernel_mail_queue').where('subject', 'like', 'Sans %').first()).to.equal(undefined);
  });
});
