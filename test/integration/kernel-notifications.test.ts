/**
 * Notifications kept for their recipients (platform README « Notifications »; collection `notifications`):
 * the spec's defaults, live only or kept in the centre, read state and dismissal, isolation between
 * users and companies, a rolled-back call, and the expiry of live-only notifications. Real kernel,
 * real WebSocket clients. Choices (call back, clear for all): kernel-notification-choices.test.ts.
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { createMember, createSecondCompany, type Account, type SecondCompany } from '../support/kernel.ts';
import { WsProbe, type Msg } from '../../server/test/support/ws-client.ts';
import { purgeExpired } from '../../server/src/notifications/notification-center.ts';

/** JSON columns: text on SQLite, parsed by mysql2 on MariaDB */
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
const FIXTURES = path.join(import.meta.dirname, '../../server/test/fixtures/plugins');
const PATH = '/api/kernel/notifications';
const HOUR = 3600 * 1000;

describe('kernel: notifications', function () {
  let k: TestKernel;
  let bruno: Account;
  let b: SecondCompany;
  /** added to the kernel's clock */
  let offset = 0;
  const open: WsProbe[] = [];

  const socket = async (who: Account | { token: string }, company = k.admin.companyId) => {
    const p = await WsProbe.signedIn(k.url, who.token, company);
    open.push(p);
    return p;
  };
  const sendTo = async (recipients: string[] | 'company', body: Record<string, unknown>) => {
    const res = await k.http.post(PATH, { recipients, ...body });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data as Msg[];
  };
  const notificationsOf = (p: WsProbe, title: string) => p.messages.filter((m) => m.type === 'notification' && m.notification.title === title);

  before(async function () {
    k = await createTestKernel({ plugins: [path.join(FIXTURES, 'notifier-probe')], now: () => new Date(Date.now() + offset) });
    bruno = await createMember(k, 'bruno.notif@exemple.fr', { firstname: 'Bruno' });
    b = await createSecondCompany(k, 'n');
  });
  afterEach(function () {
    offset = 0;
    for (const p of open.splice(0)) p.end();
  });
  after(async function () { await k?.stop(); });

  it('fills the spec’s defaults: type user, priority normal, style primary, liveOnly, not internal, 60 s, choices hidden/get', async function () {
    const [n] = await sendTo([bruno.userId], { title: 'Bienvenue', choices: [{ title: 'Voir', url: '/accueil', urlMode: 'navigate' }, { title: 'OK' }] });
    expect(n).to.deep.include({
      type: 'user', title: 'Bienvenue', priority: 'normal', style: 'primary', liveOnly: true, internal: false, timeToLive: 60000,
      sender: k.admin.userId, kind: null, read: false, fk: { user: bruno.userId, company: k.admin.companyId },
    });
    expect(n.choices).to.deep.equal([
      { title: 'Voir', url: '/accueil', urlMode: 'navigate', method: 'get', clearNotificationForAll: false },
      { title: 'OK', urlMode: 'hidden', method: 'get', clearNotificationForAll: false },
    ]);
    expect(n.batch).to.match(/^[0-9a-f]{24}$/);
    const stored = await k.db('kernel_notifications').where('_id', n._id).first();
    expect(stored).to.include({ fk_user: bruno.userId, fk_company: k.admin.companyId, type: 'user', priority: 'normal', style: 'primary', timeToLive: 60000 });
    expect((json(stored.choices) as Msg[])[1]).to.deep.equal({ title: 'OK', urlMode: 'hidden', method: 'get', headers: {}, clearNotificationForAll: false });
  });

  it('refuses a bad notification with a French 400 naming the field, and stores nothing', async function () {
    const before = await k.db('kernel_notifications').count({ n: '*' }).first();
    const cases: [Record<string, unknown>, string][] = [
      [{ recipients: [bruno.userId], title: 'x', style: 'rose' }, 'style'],
      [{ recipients: [bruno.userId], title: 'x', priority: 'urgente' }, 'priority'],
      [{ recipients: [bruno.userId], title: 'x', timeToLive: -1 }, 'timeToLive'],
      [{ recipients: [bruno.userId], title: '' }, 'title'],
      [{ recipients: [bruno.userId], title: 'x', choices: [{ title: 'Go', urlMode: 'ailleurs' }] }, 'choices.0.urlMode'],
      [{ recipients: [bruno.userId], title: 'x', choices: [{ title: 'Go', url: '/stock' }] }, 'choices.0.url'],
      [{ recipients: [bruno.userId], title: 'x', kind: 'inconnu.type' }, 'kind'],
      [{ recipients: [], title: 'x' }, 'recipients'],
      [{ recipients: [b.owner.userId], title: 'x' }, 'recipients'],
    ];
    for (const [body, field] of cases) {
      const res = await k.http.post(PATH, body);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.details.map((d: { field: string }) => d.field).join(' '), JSON.stringify(res.body)).to.include(field);
      expect(res.body.message).to.match(/invalide|inconnu|membre/);
    }
    const stranger = await k.http.post(PATH, { recipients: [b.owner.userId], title: 'x' });
    expect(stranger.body.message).to.equal(`Destinataires invalides : « ${b.owner.userId} » n’est pas membre de l’entreprise.`);
    expect(await k.db('kernel_notifications').count({ n: '*' }).first()).to.deep.equal(before);
  });

  it('delivers a live-only notification live, and keeps it out of the centre', async function () {
    const p = await socket(bruno);
    const [n] = await sendTo([bruno.userId], { title: 'Éphémère' });
    const got = (await p.next((m) => m.type === 'notification' && m.notification.title === 'Éphémère', 'notification')).notification;
    expect(got).to.deep.equal(n);
    const list = await bruno.http.get(PATH);
    expect(list.body.data.map((x: Msg) => x._id)).to.not.include(n._id);
    expect((await bruno.http.get(`${PATH}/unread`)).body).to.deep.equal({ count: 0 });
  });

  it('keeps a notification that is not liveOnly for a user who had no open screen, unread, until dismissed', async function () {
    const [n] = await sendTo([bruno.userId], { title: 'À lire plus tard', content: 'Le devis D-12 attend votre accord.', liveOnly: false });
    expect(n.liveOnly).to.equal(false);
    // Bruno comes later: it is in his centre
    const list = await bruno.http.get(PATH, { query: { sort: { field: 'date', ascending: false }, filters: { read: { mode: 'eq', value: false } } } });
    expect(list.status, JSON.stringify(list.body)).to.equal(200);
    expect(list.body.data[0]).to.deep.equal(n);
    expect(list.body).to.include.keys('count', 'next', 'aggregation');
    expect((await bruno.http.get(`${PATH}/unread`)).body.count).to.equal(1);
    expect((await bruno.http.get(`${PATH}/${n._id}`)).body).to.deep.equal(n);

    const other = await socket(bruno);
    const read = await bruno.http.post(`${PATH}/${n._id}/read`);
    expect(read.status, JSON.stringify(read.body)).to.equal(200);
    expect(read.body.read).to.equal(true);
    expect((await bruno.http.get(`${PATH}/unread`)).body.count).to.equal(0);
    // his other screens refresh their bell
    const change = await other.next((m) => m.type === 'change' && m.entity === 'kernel.notifications', 'change');
    expect(change).to.include({ _id: n._id, name: 'kernel.notification.updated' });
    const stored = await k.db('kernel_notifications').where('_id', n._id).first();
    expect(stored.readDate).to.be.a('string');

    expect((await bruno.http.post(`${PATH}/${n._id}/unread`)).body.read).to.equal(false);
    expect((await bruno.http.get(`${PATH}/unread`)).body.count).to.equal(1);
    await sendTo([bruno.userId], { title: 'Deuxième', liveOnly: false });
    expect((await bruno.http.post(`${PATH}/read`)).body).to.deep.equal({ count: 2 });
    expect((await bruno.http.get(`${PATH}/unread`)).body.count).to.equal(0);

    const gone = await bruno.http.delete(`${PATH}/${n._id}`);
    expect(gone.status).to.equal(204);
    const cleared = await other.next((m) => m.type === 'notifications-cleared', 'cleared');
    expect(cleared).to.deep.equal({ type: 'notifications-cleared', ids: [n._id] });
    expect((await bruno.http.get(`${PATH}/${n._id}`)).status).to.equal(404);
    expect(await k.db('kernel_notifications').where('_id', n._id).first()).to.equal(undefined);
  });

  it('never shows, changes or deletes another user’s notification, nor another company’s', async function () {
    const [n] = await sendTo([bruno.userId], { title: 'Pour Bruno seulement', liveOnly: false });
    const theirs = await b.owner.http.post(PATH, { recipients: [b.member.userId], title: 'Chez B', liveOnly: false });
    expect(theirs.status, JSON.stringify(theirs.body)).to.equal(201);
    const bId = theirs.body.data[0]._id;
    for (const [who, id] of [[k.http, n._id], [k.http, bId], [bruno.http, bId], [b.owner.http, n._id]] as const) {
      for (const [method, suffix] of [['GET', ''], ['POST', '/read'], ['POST', '/unread'], ['DELETE', '']] as const) {
        const res = await who.request(method, `${PATH}/${id}${suffix}`, method === 'POST' ? {} : undefined);
        expect(res.status, `${method} ${suffix}: ${JSON.stringify(res.body)}`).to.equal(404);
        expect(res.body.message).to.equal('Notification introuvable.');
      }
    }
    const adminList = await k.http.get(PATH, { query: { pagination: { quantity: 500 } } });
    expect(adminList.body.data.map((x: Msg) => x._id)).to.not.include.members([n._id, bId]);
    const bList = await b.member.http.get(PATH);
    expect(bList.body.data.map((x: Msg) => x._id)).to.deep.equal([bId]);
    // a filter cannot widen the scope
    const widened = await k.http.get(PATH, { query: { filters: { 'fk.user': { mode: 'eq', value: bruno.userId } } } });
    expect(widened.body.count).to.equal(0);
    // still there for their owners
    expect((await bruno.http.get(`${PATH}/${n._id}`)).status).to.equal(200);
    expect((await b.member.http.get(`${PATH}/${bId}`)).status).to.equal(200);
  });

  it('sends to the whole company: live only once for every screen; kept, one per member', async function () {
    const mine = await socket(k.admin);
    const his = await socket(bruno);
    const inB = await socket(b.owner, b.companyId);
    const [live] = await sendTo('company', { title: 'Inventaire demain' });
    expect(live).to.deep.include({ type: 'company', fk: { user: null, company: k.admin.companyId } });
    for (const p of [mine, his]) await p.next((m) => m.type === 'notification' && m.notification._id === live._id, 'company notification');
    const kept = await sendTo('company', { title: 'Fermeture le 24', liveOnly: false });
    const members = (await k.http.get('/api/kernel/users', { query: { pagination: { quantity: 500 } } })).body.data.map((u: Msg) => u._id);
    expect(kept.map((x) => x.fk.user).sort()).to.deep.equal([...members].sort());
    expect(new Set(kept.map((x) => x.batch)).size).to.equal(1);
    expect((await his.next((m) => m.type === 'notification' && m.notification.title === 'Fermeture le 24', 'kept')).notification.fk.user).to.equal(bruno.userId);
    await inB.sync();
    expect(notificationsOf(inB, 'Inventaire demain').concat(notificationsOf(inB, 'Fermeture le 24'))).to.deep.equal([]);
    // the company-wide live one is nobody's to mark or delete
    expect((await bruno.http.get(`${PATH}/${live._id}`)).status).to.equal(404);
  });

  it('requires kernel.notifications.send to send through the API', async function () {
    const res = await bruno.http.post(PATH, { recipients: [k.admin.userId], title: 'Interdit' });
    expect(res.status).to.equal(403);
    expect(res.body.message).to.equal('Permission requise : kernel.notifications.send.');
  });

  it('stores and sends nothing when the call is rolled back', async function () {
    const p = await socket(bruno);
    const res = await k.http.post('/api/notifier-probe/notify-then-fail', { to: [bruno.userId], notification: { title: 'Jamais gardée', liveOnly: false } });
    expect(res.status).to.equal(409);
    await p.sync();
    expect(notificationsOf(p, 'Jamais gardée')).to.deep.equal([]);
    expect(await k.db('kernel_notifications').where('title', 'Jamais gardée').first()).to.equal(undefined);
  });

  it('skips users who are not members when a plugin notifies them', async function () {
    const res = await k.http.post('/api/notifier-probe/notify', { to: [bruno.userId, b.owner.userId], notification: { title: 'Tri', liveOnly: false } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.sent.map((x: Msg) => x.fk.user)).to.deep.equal([bruno.userId]);
    expect(await k.db('kernel_notifications').where({ title: 'Tri', fk_user: b.owner.userId }).first()).to.equal(undefined);
  });

  it('delivers an internal notification live to screens only, never to the centre', async function () {
    const p = await socket(bruno);
    const [n] = await sendTo([bruno.userId], { title: 'rafraichir-stock', internal: true, liveOnly: false });
    expect(n).to.include({ internal: true, liveOnly: true });
    const got = await p.next((m) => m.type === 'notification' && m.notification._id === n._id, 'internal');
    expect(got.notification.internal).to.equal(true);
    expect((await bruno.http.get(PATH)).body.data.map((x: Msg) => x._id)).to.not.include(n._id);
  });

  it('forgets live-only notifications after a day (or their time on screen), never the kept ones', async function () {
    const [live] = await sendTo([bruno.userId], { title: 'Passagère', choices: [{ title: 'OK' }] });
    const [long] = await sendTo([bruno.userId], { title: 'Longue', timeToLive: 2 * 24 * HOUR });
    const [kept] = await sendTo([bruno.userId], { title: 'Gardée', liveOnly: false });
    offset = 25 * HOUR;
    const late = await bruno.http.post(`${PATH}/${live._id}/choose`, { choice: 0 });
    expect(late.status, JSON.stringify(late.body)).to.equal(404);
    expect(late.body.message).to.equal('Notification expirée.');
    const purged = await purgeExpired(k.db, new Date(Date.now() + offset));
    expect(purged).to.be.greaterThan(0);
    const left = (await k.db('kernel_notifications').whereIn('_id', [live._id, long._id, kept._id]).select('_id')).map((r: Msg) => r._id);
    expect(left.sort()).to.deep.equal([long._id, kept._id].sort());
  });
});
