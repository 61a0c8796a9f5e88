/**
 * Notification choices (platform README « Notifications »): the call back of a `/api/...` path on this
 * server as the user who clicks (method and headers received by a real route), of an absolute
 * address (plugin code only) received by a real HTTP listener without the user's credentials, the
 * refusals that keep requests on the safe side, a failed call back changing nothing, and
 * clearNotificationForAll removing the notification for every recipient on every screen.
 */
import http from 'node:http';
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { createMember, type Account } from '../support/kernel.ts';
import { WsProbe, type Msg } from '../../server/test/support/ws-client.ts';

const FIXTURES = path.join(import.meta.dirname, '../../server/test/fixtures/plugins');
const PATH = '/api/kernel/notifications';

interface Received { method: string; url: string; headers: http.IncomingHttpHeaders }

describe('kernel: notification choices', function () {
  let k: TestKernel;
  let bruno: Account;
  let claire: Account;
  let listener: http.Server;
  let listenerUrl: string;
  const received: Received[] = [];
  const open: WsProbe[] = [];

  const socket = async (who: { token: string }) => {
    const p = await WsProbe.signedIn(k.url, who.token, k.admin.companyId);
    open.push(p);
    return p;
  };
  const sendTo = async (recipients: string[] | 'company', body: Record<string, unknown>) => {
    const res = await k.http.post(PATH, { recipients, ...body });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data as Msg[];
  };
  /** through the plugin (kernel.notifier): absolute call backs allowed */
  const pluginSend = async (to: string[] | 'company', notification: Record<string, unknown>) => {
    const res = await k.http.post('/api/notification-probe/notify', { to, notification });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.sent as Msg[];
  };
  const calls = async () => (await k.http.get('/api/notification-probe/calls')).body.data as Msg[];
  const choose = (who: Account, id: string, choice: number) => who.http.post(`${PATH}/${id}/choose`, { choice });

  before(async function () {
    listener = http.createServer((req, res) => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      if (req.url === '/refuse') { res.writeHead(500); res.end('non'); return; }
      if (req.url === '/redirect') { res.writeHead(302, { Location: `http://127.0.0.1:${(listener.address() as { port: number }).port}/redirected` }); res.end(); return; }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', () => resolve()));
    listenerUrl = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
    k = await createTestKernel({ plugins: [path.join(FIXTURES, 'notification-probe')] });
    bruno = await createMember(k, 'bruno.choix@exemple.fr');
    claire = await createMember(k, 'claire.choix@exemple.fr');
  });
  beforeEach(function () { received.length = 0; });
  afterEach(function () { for (const p of open.splice(0)) p.end(); });
  after(async function () {
    await k?.stop();
    await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  });

  it('calls an /api path of this server back with the choice’s method and headers, as the user who clicks', async function () {
    const before = (await calls()).length;
    const [n] = await sendTo([bruno.userId], {
      title: 'Valider la commande ?', liveOnly: false,
      choices: [{ title: 'Valider', url: '/api/notification-probe/callback', method: 'put', headers: { 'X-Origine': 'notification', 'X-Commande': 'C-42' } }],
    });
    // the browser never sees the address nor the headers of a call back
    expect(n.choices).to.deep.equal([{ title: 'Valider', urlMode: 'hidden', method: 'put', clearNotificationForAll: false }]);
    const mine = await socket(bruno);
    const res = await choose(bruno, n._id, 0);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.deep.equal({ choice: 0, callback: { status: 200 }, cleared: [n._id] });
    const [call] = (await calls()).slice(before);
    expect(call.method).to.equal('PUT');
    expect(call.headers).to.include({ 'x-origine': 'notification', 'x-commande': 'C-42', 'at-company': k.admin.companyId });
    expect(call.headers.authorization).to.equal(`Bearer ${bruno.token}`);
    expect(call).to.include({ userId: bruno.userId, companyId: k.admin.companyId });
    // chosen: gone for Bruno, on his screens too
    expect((await bruno.http.get(`${PATH}/${n._id}`)).status).to.equal(404);
    expect(await mine.next((m) => m.type === 'notifications-cleared', 'cleared')).to.deep.equal({ type: 'notifications-cleared', ids: [n._id] });
  });

  it('calls every method of a choice as given (get by default)', async function () {
    const before = (await calls()).length;
    for (const method of [undefined, 'post', 'patch', 'delete']) {
      const [n] = await sendTo([bruno.userId], { title: `Méthode ${method}`, choices: [{ title: 'Go', url: '/api/notification-probe/callback', ...(method ? { method } : {}) }] });
      expect((await choose(bruno, n._id, 0)).status).to.equal(200);
    }
    expect((await calls()).slice(before).map((c) => c.method)).to.deep.equal(['GET', 'POST', 'PATCH', 'DELETE']);
  });

  it('acts with the clicking user’s own rights: a call back they may not make fails with 409 and changes nothing', async function () {
    const [n] = await sendTo([bruno.userId], {
      title: 'Créer un rôle ?', liveOnly: false, choices: [{ title: 'Créer', url: '/api/kernel/roles', method: 'post' }],
    });
    const res = await choose(bruno, n._id, 0);
    expect(res.status, JSON.stringify(res.body)).to.equal(409);
    expect(res.body.message).to.equal('L’action « Créer » n’a pas abouti : Permission requise : kernel.roles.manage.');
    expect((await bruno.http.get(`${PATH}/${n._id}`)).status).to.equal(200);
    const refused = await sendTo([bruno.userId], { title: 'Refus', liveOnly: false, choices: [{ title: 'Essayer', url: '/api/notification-probe/callback-refused', method: 'post' }] });
    const again = await choose(bruno, refused[0]._id, 0);
    expect(again.status).to.equal(409);
    expect(again.body.message).to.equal('L’action « Essayer » n’a pas abouti : Refusé par la sonde.');
    expect((await bruno.http.get(`${PATH}/${refused[0]._id}`)).status).to.equal(200);
  });

  it('binds the call back of a notification sent through the API by its sender’s rights too: a colleague’s click cannot act for them', async function () {
    // Bruno may send notifications, not manage roles; the administrator may do both
    const admin = { ...k.admin, http: k.http } as unknown as Account;
    const role = await k.http.post('/api/kernel/roles', { name: 'Messager', permissions: ['kernel.notifications.send'] });
    expect(role.status, JSON.stringify(role.body)).to.equal(201);
    const spare = await k.http.post('/api/kernel/roles', { name: 'Rôle à garder', permissions: [] });
    expect((await k.http.put(`/api/kernel/users/${bruno.userId}/roles`, { roles: [role.body._id] })).status).to.equal(200);
    const sent = await bruno.http.post(PATH, {
      recipients: [k.admin.userId], title: 'Bonjour', liveOnly: false,
      choices: [{ title: 'OK', url: `/api/kernel/roles/${spare.body._id}`, method: 'delete' }],
    });
    expect(sent.status, JSON.stringify(sent.body)).to.equal(201);
    const res = await choose(admin, sent.body.data[0]._id, 0);
    expect(res.status, JSON.stringify(res.body)).to.equal(409);
    expect(res.body.message).to.equal('L’action « OK » n’a pas abouti : Permission requise : kernel.roles.manage.');
    expect((await k.http.get(`/api/kernel/roles/${spare.body._id}`)).status).to.equal(200);
    // what both may do still goes through, as the one who clicks
    const before = (await calls()).length;
    const ok = await bruno.http.post(PATH, { recipients: [k.admin.userId], title: 'Vu ?', choices: [{ title: 'Vu', url: '/api/notification-probe/callback', method: 'post' }] });
    expect((await choose(admin, ok.body.data[0]._id, 0)).status).to.equal(200);
    expect((await calls()).slice(before).map((c) => c.userId)).to.deep.equal([k.admin.userId]);
    // the header only ever takes rights away, and names a member
    const self = await k.http.get(`/api/kernel/roles/${spare.body._id}`, { headers: { 'AT-Rights-Of': bruno.userId } });
    expect(self.status).to.equal(403);
    const stranger = await k.http.get('/api/kernel/roles', { headers: { 'AT-Rights-Of': '0'.repeat(24) } });
    expect([stranger.status, stranger.body.message]).to.deep.equal([403, 'L’auteur de cette action n’appartient plus à cette entreprise.']);
    expect((await k.http.get('/api/kernel/roles', { headers: { 'AT-Rights-Of': 'x' } })).status).to.equal(400);
    await k.http.put(`/api/kernel/users/${bruno.userId}/roles`, { roles: [] });
  });

  it('calls an absolute address given by plugin code with the choice’s headers, never the user’s credentials', async function () {
    const [n] = await pluginSend([bruno.userId], {
      title: 'Décrocher ?', choices: [{ title: 'Décrocher', url: `${listenerUrl}/appel/7?x=1`, method: 'post', headers: { 'X-Cle': 'secret-pbx' } }],
    });
    expect(n.choices[0]).to.not.have.property('url');
    const res = await choose(bruno, n._id, 0);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(received).to.have.length(1);
    expect(received[0]).to.include({ method: 'POST', url: '/appel/7?x=1' });
    expect(received[0].headers['x-cle']).to.equal('secret-pbx');
    expect(received[0].headers).to.not.have.property('authorization');
    expect(received[0].headers).to.not.have.property('at-company');
    expect(received[0].headers).to.not.have.property('cookie');
  });

  it('follows no redirect, and reports an address that fails or cannot be reached (409, nothing changed)', async function () {
    const [redirected] = await pluginSend([bruno.userId], { title: 'R', liveOnly: false, choices: [{ title: 'Suivre', url: `${listenerUrl}/redirect` }] });
    expect((await choose(bruno, redirected._id, 0)).status).to.equal(200);
    expect(received.map((r) => r.url)).to.deep.equal(['/redirect']);
    const [failing] = await pluginSend([bruno.userId], { title: 'F', liveOnly: false, choices: [{ title: 'Payer', url: `${listenerUrl}/refuse` }] });
    const failed = await choose(bruno, failing._id, 0);
    expect(failed.status).to.equal(409);
    expect(failed.body.message).to.equal('L’action « Payer » n’a pas abouti : le service a répondu 500.');
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const deadUrl = `http://127.0.0.1:${(closed.address() as { port: number }).port}/x`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const [dead] = await pluginSend([bruno.userId], { title: 'D', liveOnly: false, choices: [{ title: 'Joindre', url: deadUrl }] });
    const unreachable = await choose(bruno, dead._id, 0);
    expect(unreachable.status).to.equal(409);
    expect(unreachable.body.message).to.equal('L’action « Joindre » n’a pas abouti : le service est injoignable.');
    for (const id of [failing._id, dead._id]) expect((await bruno.http.get(`${PATH}/${id}`)).status).to.equal(200);
  });

  it('refuses call backs that would leave the safe side, with a French 400 naming the field', async function () {
    const cases: [string, Record<string, unknown>, string][] = [
      ['API', { title: 'Go', url: `${listenerUrl}/x` }, 'choices.0.url'],
      ['API', { title: 'Go', url: '//autre.exemple/api/x' }, 'choices.0.url'],
      ['API', { title: 'Go', url: '/api/../admin' }, 'choices.0.url'],
      ['API', { title: 'Go', url: '/plugins/x' }, 'choices.0.url'],
      ['API', { title: 'Go', url: '/api/x', headers: { Authorization: 'Bearer volé' } }, 'choices.0.headers.Authorization'],
      ['API', { title: 'Go', url: '/api/x', headers: { 'AT-Company': 'x' } }, 'choices.0.headers.AT-Company'],
      ['API', { title: 'Go', url: '/api/x', headers: { 'at-rights-of': 'x' } }, 'choices.0.headers.at-rights-of'],
      ['API', { title: 'Go', url: '/api/x', headers: { 'X-Nul': 'a\u0000b' } }, 'choices.0.headers.X-Nul'],
      ['plugin', { title: 'Go', url: '/api/x', rightsOf: '0'.repeat(24) }, 'choices.0.rightsOf'],
      ['API', { title: 'Go', url: '/api/x', headers: { 'X-Ligne': 'a\r\nInjecté: 1' } }, 'choices.0.headers.X-Ligne'],
      ['plugin', { title: 'Go', url: 'file:///etc/passwd' }, 'choices.0.url'],
      ['plugin', { title: 'Go', url: 'http://moi:secret@127.0.0.1/x' }, 'choices.0.url'],
      ['plugin', { title: 'Go', url: 'javascript:alert(1)', urlMode: 'blank' }, 'choices.0.url'],
      ['plugin', { title: 'Go', url: 'https://exemple.fr', urlMode: 'navigate' }, 'choices.0.url'],
    ];
    for (const [via, choice, field] of cases) {
      const res = via === 'API'
        ? await k.http.post(PATH, { recipients: [bruno.userId], title: 'Piège', choices: [choice] })
        : await k.http.post('/api/notification-probe/notify', { to: [bruno.userId], notification: { title: 'Piège', choices: [choice] } });
      expect(res.status, `${via} ${JSON.stringify(choice)}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.details[0].field, JSON.stringify(res.body)).to.equal(field);
      expect(res.body.message).to.match(/^(Notification|Requête) invalide/);
    }
    expect(received).to.deep.equal([]);
  });

  it('answers 400 for a choice that does not exist, 404 for someone else’s notification', async function () {
    const [n] = await sendTo([bruno.userId], { title: 'Deux choix', choices: [{ title: 'A' }, { title: 'B' }] });
    const wrong = await choose(bruno, n._id, 5);
    expect(wrong.status).to.equal(400);
    expect(wrong.body).to.deep.include({ message: 'Choix inconnu : la notification « Deux choix » propose 2 choix.', details: [{ field: 'choice', message: 'choix inconnu' }] });
    const notHers = await choose(claire, n._id, 0);
    expect(notHers.status).to.equal(404);
    // a choice without address only answers
    expect((await choose(bruno, n._id, 1)).body).to.deep.equal({ choice: 1, callback: null, cleared: [n._id] });
  });

  it('clears the notification for every recipient, on every screen, with clearNotificationForAll', async function () {
    const brunoA = await socket(bruno);
    const brunoB = await socket(bruno);
    const claireA = await socket(claire);
    const adminA = await socket(k.admin);
    const sent = await sendTo([bruno.userId, claire.userId], {
      title: 'Qui prend la livraison ?', liveOnly: false,
      choices: [{ title: 'Je m’en occupe', url: '/api/notification-probe/callback', method: 'post', clearNotificationForAll: true }],
    });
    const idOf = (u: string) => sent.find((x) => x.fk.user === u)!._id;
    const res = await choose(claire, idOf(claire.userId), 0);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect([...res.body.cleared].sort()).to.deep.equal(sent.map((x) => x._id).sort());
    for (const p of [brunoA, brunoB]) {
      expect(await p.next((m) => m.type === 'notifications-cleared', 'cleared')).to.deep.equal({ type: 'notifications-cleared', ids: [idOf(bruno.userId)] });
    }
    expect(await claireA.next((m) => m.type === 'notifications-cleared', 'cleared')).to.deep.equal({ type: 'notifications-cleared', ids: [idOf(claire.userId)] });
    await adminA.sync();
    expect(adminA.messages.filter((m) => m.type === 'notifications-cleared')).to.deep.equal([]);
    expect((await bruno.http.get(PATH)).body.data.map((x: Msg) => x._id)).to.not.include(idOf(bruno.userId));
    expect(await k.db('kernel_notifications').where('batch', sent[0].batch).first()).to.equal(undefined);
  });

  it('clears a live-only notification sent to the whole company from every screen of the company', async function () {
    const screens = [await socket(bruno), await socket(claire), await socket(k.admin)];
    const [n] = await sendTo('company', { title: 'Caisse 2 bloquée', choices: [{ title: 'Je m’en charge', clearNotificationForAll: true }] });
    const res = await choose(bruno, n._id, 0);
    expect(res.body).to.deep.equal({ choice: 0, callback: null, cleared: [n._id] });
    for (const p of screens) expect(await p.next((m) => m.type === 'notifications-cleared', 'cleared')).to.deep.equal({ type: 'notifications-cleared', ids: [n._id] });
  });

  it('keeps what a call with no active company could always do: named users, live only, nothing kept', async function () {
    const p = await socket(bruno);
    const res = await k.anonymous.post('/api/notification-probe/notify-without-company', { to: [bruno.userId], notification: { title: 'Hors entreprise' } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.sent[0]).to.deep.include({ liveOnly: true, fk: { user: bruno.userId, company: null } });
    await p.next((m) => m.type === 'notification' && m.notification.title === 'Hors entreprise', 'notification');
    expect(await k.db('kernel_notifications').where('title', 'Hors entreprise').first()).to.equal(undefined);
    for (const [notification, field] of [[{ title: 'x', liveOnly: false }, 'liveOnly'], [{ title: 'x', kind: 'kernel.messages' }, 'kind'], [{ title: 'x', choices: [{ title: 'OK' }] }, 'choices']] as const) {
      const refused = await k.anonymous.post('/api/notification-probe/notify-without-company', { to: [bruno.userId], notification });
      expect(refused.status).to.equal(400);
      expect(refused.body.details[0].field).to.equal(field);
      expect(refused.body.message).to.match(/demande une entreprise active/);
    }
  });

  it('lets plugin code clear a sending for everyone (kernel.notifier.clear)', async function () {
    const p = await socket(claire);
    const sent = await pluginSend([bruno.userId, claire.userId], { title: 'Demande d’accès', liveOnly: false });
    const res = await k.http.post('/api/notification-probe/clear', { batch: sent[0].batch });
    expect(res.body).to.deep.equal({ cleared: 2 });
    await p.next((m) => m.type === 'notifications-cleared', 'cleared');
    expect((await claire.http.get(`${PATH}/unread`)).body.count).to.equal(0);
  });
});
