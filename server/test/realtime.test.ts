/**
 * The WebSocket hub on the real kernel (createTestKernel, SQLite or DATABASE_URL): authentication
 * by first message, changes forwarded to the company's sockets only, live notifications through
 * `kernel.notifier` after commit, sockets closed when their session is revoked.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { fixture } from './support/boot.ts';
import { WsProbe, type Msg } from './support/ws-client.ts';

const DAY = 24 * 3600 * 1000;
const PASSWORD = 'motdepasse-membre-1';

describe('realtime: WebSocket hub', function () {
  let k: TestKernel;
  /** added to the kernel's clock (session expiry) */
  let offset = 0;
  const open: WsProbe[] = [];
  let adminSession: string;
  /** B: member of A */
  let b: { token: string; userId: string };
  /** O: member of A who created company C */
  let o: { token: string; userId: string };
  let companyC: string;

  const socket = async (token: string, company: string) => {
    const p = await WsProbe.signedIn(k.url, token, company);
    open.push(p);
    return p;
  };
  const raw = async () => {
    const p = await WsProbe.open(k.url);
    open.push(p);
    return p;
  };
  const member = async (email: string) => {
    const res = await k.http.post('/api/kernel/users', { email, password: PASSWORD });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const s = await k.login(email, PASSWORD);
    return { token: s.token, userId: s.userId };
  };
  const changesOf = (p: WsProbe, id: string) => p.messages.filter((m) => m.type === 'change' && m._id === id);
  const notificationsOf = (p: WsProbe, title: string) => p.messages.filter((m) => m.type === 'notification' && m.notification.title === title);

  before(async function () {
    k = await createTestKernel({ plugins: [fixture('notifier-probe')], now: () => new Date(Date.now() + offset) });
    adminSession = (await k.http.get('/api/auth/me')).body.session._id;
    b = await member('bruno@exemple.fr');
    o = await member('odile@exemple.fr');
    const created = await k.http.as(o.token, k.admin.companyId).post('/api/kernel/companies', { name: 'Société C SARL' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    companyC = created.body._id;
  });
  afterEach(function () {
    offset = 0;
    for (const p of open.splice(0)) p.end();
  });
  after(async function () { await k?.stop(); });

  describe('authentication', function () {
    it('answers ready with the user and company after a valid auth message', async function () {
      const p = await raw();
      p.send({ type: 'auth', token: k.admin.token, company: k.admin.companyId.toUpperCase() });
      const ready = await p.next((m) => m.type === 'ready', 'ready');
      expect(ready).to.deep.equal({ type: 'ready', userId: k.admin.userId, companyId: k.admin.companyId });
      await p.sync();
    });

    it('refuses an unknown or malformed token with 4401 and a French reason', async function () {
      const unknown = await raw();
      unknown.send({ type: 'auth', token: 'A'.repeat(43), company: k.admin.companyId });
      expect(await unknown.close()).to.deep.equal({ code: 4401, reason: 'Jeton inconnu : reconnectez-vous.' });
      const malformed = await raw();
      malformed.send({ type: 'auth', token: 'pas-un-jeton', company: k.admin.companyId });
      expect(await malformed.close()).to.deep.equal({ code: 4401, reason: 'Jeton invalide.' });
    });

    it('refuses an expired session with 4401', async function () {
      offset = 181 * DAY;
      const p = await raw();
      p.send({ type: 'auth', token: b.token, company: k.admin.companyId });
      expect(await p.close()).to.deep.equal({ code: 4401, reason: 'Session expirée : reconnectez-vous.' });
    });

    it('refuses a revoked session with 4401', async function () {
      const s = await k.login('bruno@exemple.fr', PASSWORD);
      expect((await k.http.as(s.token).post('/api/auth/logout')).status).to.equal(204);
      const p = await raw();
      p.send({ type: 'auth', token: s.token, company: k.admin.companyId });
      expect(await p.close()).to.deep.equal({ code: 4401, reason: 'Session révoquée : reconnectez-vous.' });
    });

    it('refuses a company the user does not belong to with 4403', async function () {
      const p = await raw();
      p.send({ type: 'auth', token: b.token, company: companyC });
      expect(await p.close()).to.deep.equal({ code: 4403, reason: 'Vous n’appartenez pas à cette entreprise.' });
    });

    it('closes with a French reason on a message before auth, bad JSON, a bad auth or an oversized frame', async function () {
      const early = await raw();
      early.send({ type: 'ping' });
      const c1 = await early.close();
      expect(c1.code).to.equal(4401);
      expect(c1.reason).to.match(/^Authentification requise/);

      const garbage = await raw();
      garbage.send('{pas du json');
      expect(await garbage.close()).to.deep.equal({ code: 4400, reason: 'Message illisible : un objet JSON est attendu.' });

      const noCompany = await raw();
      noCompany.send({ type: 'auth', token: b.token });
      const c3 = await noCompany.close();
      expect(c3.code).to.equal(4400);
      expect(c3.reason).to.match(/^Entreprise manquante ou invalide/);

      const big = await raw();
      big.send({ type: 'auth', token: b.token, company: k.admin.companyId, pad: 'x'.repeat(70 * 1024) });
      expect(await big.close()).to.deep.equal({ code: 1009, reason: 'Message trop volumineux : 64 Ko au plus.' });

      // the server is still there
      const ok = await socket(b.token, k.admin.companyId);
      await ok.sync();
    });

    it('refuses messages of an unknown type after ready', async function () {
      const p = await socket(b.token, k.admin.companyId);
      p.send({ type: 'subscribe' });
      expect(await p.close()).to.deep.equal({ code: 4400, reason: 'Type de message inconnu : « subscribe ».' });
    });
  });

  describe('changes', function () {
    it('forwards a change made through the API by A to B’s socket in the same company, with A’s session', async function () {
      const toB = await socket(b.token, k.admin.companyId);
      const toA = await socket(k.admin.token, k.admin.companyId);
      const toC = await socket(o.token, companyC);
      const role = await k.http.post('/api/kernel/roles', { name: 'Caissier' });
      expect(role.status, JSON.stringify(role.body)).to.equal(201);
      const expected = {
        type: 'change', name: 'kernel.role.created', entity: 'kernel.roles', _id: role.body._id, by: k.admin.userId, session: adminSession,
      };
      expect(await toB.next((m) => m._id === role.body._id, 'change')).to.deep.equal(expected);
      // A's own socket gets it too: the shell ignores its own session
      expect(await toA.next((m) => m._id === role.body._id, 'change')).to.deep.equal(expected);
      // O is a member of A, but this socket is for company C: nothing
      await toC.sync();
      expect(changesOf(toC, role.body._id)).to.deep.equal([]);
    });

    it('never sends a change of company C to the sockets of company A', async function () {
      const toB = await socket(b.token, k.admin.companyId);
      const toA = await socket(k.admin.token, k.admin.companyId);
      const toC = await socket(o.token, companyC);
      const role = await k.http.as(o.token, companyC).post('/api/kernel/roles', { name: 'Rôle de C' });
      expect(role.status, JSON.stringify(role.body)).to.equal(201);
      const got = await toC.next((m) => m._id === role.body._id, 'change');
      expect(got).to.include({ name: 'kernel.role.created', by: o.userId });
      await toB.sync();
      await toA.sync();
      expect(changesOf(toB, role.body._id)).to.deep.equal([]);
      expect(changesOf(toA, role.body._id)).to.deep.equal([]);
    });

    it('keeps another user’s session changes to that user', async function () {
      const toA = await socket(k.admin.token, k.admin.companyId);
      const mine = await socket(b.token, k.admin.companyId);
      const extra = await k.login('bruno@exemple.fr', PASSWORD);
      expect((await k.http.as(extra.token).post('/api/auth/logout')).status).to.equal(204);
      const change = await mine.next((m) => m.type === 'change' && m.entity === 'kernel.sessions', 'session change');
      expect(change).to.include({ name: 'kernel.session.updated', by: b.userId });
      await toA.sync();
      expect(toA.messages.filter((m) => m.entity === 'kernel.sessions')).to.deep.equal([]);
    });
  });

  describe('notifications', function () {
    it('delivers a notification from a plugin route to its recipient, with the spec’s defaults', async function () {
      const toB = await socket(b.token, k.admin.companyId);
      const toA = await socket(k.admin.token, k.admin.companyId);
      const toOinC = await socket(o.token, companyC);
      const res = await k.http.post('/api/notifier-probe/notify', { to: [b.userId, o.userId], notification: { title: 'Facture payée' } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const got = await toB.next((m) => m.type === 'notification', 'notification');
      const n = got.notification as Msg;
      expect(n._id).to.match(/^[0-9a-f]{24}$/);
      expect(new Date(n.date).toISOString()).to.equal(n.date);
      expect(n).to.deep.equal({
        _id: n._id, date: n.date, type: 'user', title: 'Facture payée', choices: [], priority: 'normal', style: 'primary',
        liveOnly: true, internal: false, timeToLive: 60000, sender: k.admin.userId, kind: null, batch: n.batch, read: false,
        fk: { user: b.userId, company: k.admin.companyId },
      });
      expect(res.body.sent.map((s: Msg) => s.fk.user)).to.deep.equal([b.userId, o.userId]);
      expect(res.body.sent[0]).to.deep.equal(n);
      // not a recipient; and O's socket is for company C, not the sender's company A
      await toA.sync();
      await toOinC.sync();
      expect(notificationsOf(toA, 'Facture payée')).to.deep.equal([]);
      expect(notificationsOf(toOinC, 'Facture payée')).to.deep.equal([]);
    });

    it('sends to every socket of the company with « company », choices filled with their defaults', async function () {
      const toB = await socket(b.token, k.admin.companyId);
      const toA = await socket(k.admin.token, k.admin.companyId);
      const toC = await socket(o.token, companyC);
      const res = await k.http.post('/api/notifier-probe/notify', {
        to: 'company',
        notification: { title: 'Inventaire', content: 'Demain 9 h', style: 'warning', priority: 'high', timeToLive: 0, choices: [{ title: 'Voir', url: '/stock', urlMode: 'navigate' }] },
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      for (const p of [toA, toB]) {
        const n = (await p.next((m) => m.type === 'notification' && m.notification.title === 'Inventaire', 'notification')).notification;
        expect(n).to.include({ type: 'company', content: 'Demain 9 h', style: 'warning', priority: 'high', timeToLive: 0, liveOnly: true, internal: false });
        expect(n.fk).to.deep.equal({ user: null, company: k.admin.companyId });
        expect(n.choices).to.deep.equal([{ title: 'Voir', url: '/stock', urlMode: 'navigate', method: 'get', clearNotificationForAll: false }]);
      }
      await toC.sync();
      expect(notificationsOf(toC, 'Inventaire')).to.deep.equal([]);
    });

    it('refuses an invalid notification with a French 400 and sends nothing', async function () {
      const toB = await socket(b.token, k.admin.companyId);
      const res = await k.http.post('/api/notifier-probe/notify', { to: [b.userId], notification: { title: 'Rose', style: 'rose' } });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/^Notification invalide/);
      const bad = await k.http.post('/api/notifier-probe/notify', { to: ['bruno'], notification: { title: 'Rose' } });
      expect(bad.status).to.equal(400);
      expect(bad.body.message).to.equal('Destinataire invalide : « bruno » (24 caractères hexadécimaux attendus).');
      await toB.sync();
      expect(notificationsOf(toB, 'Rose')).to.deep.equal([]);
    });

    it('sends nothing when the request is rolled back', async function () {
      const toB = await socket(b.token, k.admin.companyId);
      const res = await k.http.post('/api/notifier-probe/notify-then-fail', { to: [b.userId], notification: { title: 'Jamais' } });
      expect(res.status).to.equal(409);
      expect(res.body.message).to.equal('Refus volontaire après notification.');
      await toB.sync();
      expect(notificationsOf(toB, 'Jamais')).to.deep.equal([]);
      // the same call committed does arrive: the probe is not the reason nothing came
      await k.http.post('/api/notifier-probe/notify', { to: [b.userId], notification: { title: 'Jamais' } });
      await toB.next((m) => m.type === 'notification' && m.notification.title === 'Jamais', 'notification');
    });
  });

  describe('revocation', function () {
    it('closes the socket of a session when it logs out, and only that one', async function () {
      const s = await k.login('bruno@exemple.fr', PASSWORD);
      const doomed = await socket(s.token, k.admin.companyId);
      const kept = await socket(b.token, k.admin.companyId);
      expect((await k.http.as(s.token).post('/api/auth/logout')).status).to.equal(204);
      expect(await doomed.close()).to.deep.equal({ code: 4401, reason: 'Session révoquée : reconnectez-vous.' });
      await kept.sync();
    });

    it('closes the socket of a session revoked from another one', async function () {
      const s = await k.login('bruno@exemple.fr', PASSWORD);
      const doomed = await socket(s.token, k.admin.companyId);
      const me = await k.http.as(s.token).get('/api/auth/me');
      const res = await k.http.as(b.token).delete(`/api/kernel/sessions/${me.body.session._id}`);
      expect(res.status).to.equal(204);
      expect((await doomed.close()).code).to.equal(4401);
    });

    it('closes with 4403 the sockets of a member removed from the company', async function () {
      const gone = await member('gaston@exemple.fr');
      const p = await socket(gone.token, k.admin.companyId);
      expect((await k.http.delete(`/api/kernel/users/${gone.userId}`)).status).to.equal(204);
      expect(await p.close()).to.deep.equal({ code: 4403, reason: 'Vous n’appartenez pas à cette entreprise.' });
    });
  });

  it('answers 404 to an upgrade on another path', async function () {
    let error: Error | null = null;
    try { await WsProbe.open(k.url, {}, '/api/autre'); } catch (e) { error = e as Error; }
    expect(error?.message).to.match(/HTTP 404/);
  });
});
