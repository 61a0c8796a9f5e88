/**
 * Authentication through real HTTP (http README « Authentication and company »: 180-day sessions):
 * login answer, identical refusals, bearer checks (missing, malformed, unknown, expired, revoked),
 * sessions and their labels, login throttling, security headers, access tokens.
 */
import { expect } from 'chai';
import { createTestKernel, TEST_ADMIN, type TestKernel } from '@comptoir/sdk/testing';
import { createMember, rawRequest, signIn, type Account } from '../support/kernel.ts';

const SESSION_DURATION_MS = 15552000000;
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const WRONG_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect.';

describe('kernel: authentication', function () {
  // a clock the tests move: sessions expire 180 days after their creation
  const clock = { ms: Date.UTC(2026, 2, 2, 9, 0, 0) };
  let k: TestKernel;
  let member: Account;

  before(async function () {
    k = await createTestKernel({ now: () => new Date(clock.ms), env: { COMPTOIR_LOGIN_ATTEMPTS: '3' } });
    member = await createMember(k, 'camille.martin@exemple.fr', { firstname: 'Camille', name: 'Martin' });
  });
  after(async function () { await k?.stop(); });

  describe('login', function () {
    it('answers token, user without password, company, companySettings, profile and roles', async function () {
      const res = await k.anonymous.post('/api/auth/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
      expect(res.status).to.equal(200);
      expect(res.body).to.include.keys('token', 'user', 'company', 'companySettings', 'profile', 'roles');
      expect(res.body.token).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.user.email).to.equal(TEST_ADMIN.email);
      expect(res.body.user).to.not.have.property('password');
      expect(JSON.stringify(res.body)).to.not.include('$argon2');
      expect(res.body.company._id).to.equal(k.admin.companyId);
      expect(res.body.companySettings.fk.company).to.equal(k.admin.companyId);
      expect(res.body.profile.fk).to.deep.equal({ company: k.admin.companyId, user: k.admin.userId });
      const names = res.body.roles.map((r: { name: string }) => r.name).sort();
      expect(names).to.deep.equal(['Administrateur', 'Super-administrateur']);
      // 180 days from creation, on the kernel's clock
      expect(new Date(res.body.expiration).getTime()).to.equal(clock.ms + SESSION_DURATION_MS);
    });

    it('accepts the e-mail in any case and with spaces', async function () {
      const res = await k.anonymous.post('/api/auth/login', { email: '  Camille.MARTIN@exemple.fr ', password: member.password });
      expect(res.status).to.equal(200);
      expect(res.body.user._id).to.equal(member.userId);
    });

    it('refuses a wrong password and an unknown e-mail with the same 401 and the same body', async function () {
      const wrongPassword = await k.anonymous.post('/api/auth/login', { email: TEST_ADMIN.email, password: 'pas-le-bon' });
      const unknownEmail = await k.anonymous.post('/api/auth/login', { email: 'personne@exemple.fr', password: 'pas-le-bon' });
      expect(wrongPassword.status).to.equal(401);
      expect(unknownEmail.status).to.equal(401);
      expect(wrongPassword.body).to.deep.equal({ status: 401, code: 'UNAUTHENTICATED', message: WRONG_CREDENTIALS, details: [] });
      expect(unknownEmail.body).to.deep.equal(wrongPassword.body);
    });

    it('still signs in when the client sends a stale (revoked or unknown) bearer token', async function () {
      const s = await signIn(k, member.email, member.password);
      expect((await s.http.post('/api/auth/logout')).status).to.equal(204);
      const again = await k.anonymous.post('/api/auth/login', { email: member.email, password: member.password }, { token: s.token });
      expect(again.status, JSON.stringify(again.body)).to.equal(200);
      const unknown = await k.anonymous.get('/api/health', { token: 'x'.repeat(43) });
      expect(unknown.status).to.equal(200);
    });
  });

  describe('bearer token', function () {
    it('GET /api/auth/me answers the session context', async function () {
      const res = await k.http.get('/api/auth/me');
      expect(res.status).to.equal(200);
      expect(res.body.user._id).to.equal(k.admin.userId);
      expect(res.body.user).to.not.have.property('password');
      expect(res.body.company._id).to.equal(k.admin.companyId);
      expect(res.body.session).to.include({ userId: k.admin.userId, revoked: false });
      expect(res.body.session).to.not.have.property('tokenHash');
      expect(res.body.serverSettings.globalPermissions).to.deep.equal({ allowCompanyCreation: true, allowUserRegistration: false });
      expect(res.body.god).to.equal(true);
    });

    it('is required: missing, malformed and unknown tokens are 401', async function () {
      const missing = await k.anonymous.get('/api/auth/me');
      const malformed = await k.anonymous.get('/api/auth/me', { token: 'pas-un-jeton' });
      const notBearer = await k.anonymous.get('/api/auth/me', { headers: { Authorization: `Basic ${k.admin.token}` } });
      const unknown = await k.anonymous.get('/api/auth/me', { token: 'A'.repeat(43) });
      for (const res of [missing, malformed, notBearer, unknown]) {
        expect(res.status).to.equal(401);
        expect(res.body.code).to.equal('UNAUTHENTICATED');
        expect(res.body.message).to.be.a('string').and.not.equal('');
      }
      expect(missing.body.message).to.match(/Authentification requise/);
      expect(unknown.body.message).to.match(/Jeton inconnu/);
    });

    it('expires 180 days (15552000000 ms) after the session was created, not before', async function () {
      const created = clock.ms;
      const s = await signIn(k, member.email, member.password);
      try {
        clock.ms = created + SESSION_DURATION_MS - 1;
        const justBefore = await s.http.get('/api/auth/me');
        expect(justBefore.status).to.equal(200);
        clock.ms = created + SESSION_DURATION_MS;
        const atExpiry = await s.http.get('/api/auth/me');
        expect(atExpiry.status).to.equal(401);
        expect(atExpiry.body.code).to.equal('UNAUTHENTICATED');
        expect(atExpiry.body.message).to.match(/expirée/);
        clock.ms = created + SESSION_DURATION_MS + 86_400_000;
        expect((await s.http.get('/api/kernel/sessions')).status).to.equal(401);
        // activity in between does not extend it: expiry counts from creation
        clock.ms = created + SESSION_DURATION_MS / 2;
        expect((await s.http.get('/api/auth/me')).status).to.equal(200);
        clock.ms = created + SESSION_DURATION_MS;
        expect((await s.http.get('/api/auth/me')).status).to.equal(401);
      } finally {
        clock.ms = created;
      }
    });

    it('is revoked by POST /api/auth/logout', async function () {
      const s = await signIn(k, member.email, member.password);
      expect((await s.http.get('/api/auth/me')).status).to.equal(200);
      const out = await s.http.post('/api/auth/logout');
      expect(out.status).to.equal(204);
      const after = await s.http.get('/api/auth/me');
      expect(after.status).to.equal(401);
      expect(after.body.message).to.match(/révoquée/);
      // the other sessions of the same user are untouched
      expect((await member.http.get('/api/auth/me')).status).to.equal(200);
    });

    it('is revoked by DELETE /api/kernel/sessions/:id from another session', async function () {
      const victim = await signIn(k, member.email, member.password);
      const me = await victim.http.get('/api/auth/me');
      const sessionId = me.body.session._id as string;
      const del = await member.http.delete(`/api/kernel/sessions/${sessionId}`);
      expect(del.status).to.equal(204);
      expect((await victim.http.get('/api/auth/me')).status).to.equal(401);
      expect((await member.http.get('/api/auth/me')).status).to.equal(200);
      // listed as revoked
      const list = await member.http.get('/api/kernel/sessions', { query: { pagination: { quantity: 500 } } });
      const row = list.body.data.find((x: { _id: string }) => x._id === sessionId);
      expect(row).to.include({ revoked: true });
    });

    it('cannot revoke the session of someone else (404)', async function () {
      const adminSession = (await k.http.get('/api/auth/me')).body.session._id as string;
      const res = await member.http.delete(`/api/kernel/sessions/${adminSession}`);
      expect(res.status).to.equal(404);
      expect((await k.http.get('/api/auth/me')).status).to.equal(200);
    });
  });

  describe('sessions list', function () {
    it('lists only my sessions, labelled « (session inconnue) » without user-agent and « Chrome sur Linux » with Chrome', async function () {
      const u = await createMember(k, 'dominique@exemple.fr');
      const body = JSON.stringify({ email: u.email, password: u.password });
      const bare = await rawRequest(k.url, 'POST', '/api/auth/login', { body });
      expect(bare.status).to.equal(200);
      const chrome = await rawRequest(k.url, 'POST', '/api/auth/login', { body, headers: { 'User-Agent': CHROME_LINUX } });
      expect(chrome.status).to.equal(200);
      const list = await u.http.get('/api/kernel/sessions');
      expect(list.status).to.equal(200);
      expect(list.body.count).to.equal(3);
      for (const s of list.body.data) {
        expect(s.userId).to.equal(u.userId);
        expect(s).to.not.have.property('tokenHash');
      }
      const byId = new Map(list.body.data.map((s: { _id: string; label: string }) => [s._id, s.label]));
      expect(byId.get(bare.body.sessionId)).to.equal('(session inconnue)');
      expect(byId.get(chrome.body.sessionId)).to.equal('Chrome sur Linux');
      const current = list.body.data.filter((s: { current: boolean }) => s.current);
      expect(current).to.have.length(1);
    });
  });

  describe('login throttling (COMPTOIR_LOGIN_ATTEMPTS=3)', function () {
    it('answers 429 RATE_LIMITED in French on the 4th failed attempt, even with the right password', async function () {
      const u = await createMember(k, 'limite@exemple.fr');
      for (let i = 0; i < 3; i++) {
        const res = await k.anonymous.post('/api/auth/login', { email: u.email, password: `faux-${i}` });
        expect(res.status, `attempt ${i + 1}`).to.equal(401);
      }
      const fourth = await k.anonymous.post('/api/auth/login', { email: u.email, password: 'faux-4' });
      expect(fourth.status).to.equal(429);
      expect(fourth.body.code).to.equal('RATE_LIMITED');
      expect(fourth.body.message).to.match(/Trop de tentatives de connexion\. Réessayez dans \d+ (secondes?|minutes?)\./);
      // from the same address the right password waits too (kernel-login-throttle.test.ts: a delay, not a lock)
      const right = await k.anonymous.post('/api/auth/login', { email: u.email, password: u.password });
      expect(right.status).to.equal(429);
      // per e-mail: another account is not blocked
      const other = await k.anonymous.post('/api/auth/login', { email: member.email, password: member.password });
      expect(other.status).to.equal(200);
    });
  });

  describe('headers', function () {
    it('sends security headers on every answer, errors included', async function () {
      for (const res of [await k.http.get('/api/auth/me'), await k.anonymous.get('/api/auth/me'), await k.anonymous.get('/api/health')]) {
        expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
        expect(res.headers.get('x-frame-options')).to.equal('DENY');
        expect(res.headers.get('content-security-policy')).to.equal("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers.get('strict-transport-security')).to.match(/max-age=\d+/);
        expect(res.headers.get('x-powered-by')).to.equal(null);
      }
    });

    it('echoes X-Request-Id, or makes one', async function () {
      const echoed = await k.http.get('/api/auth/me', { headers: { 'X-Request-Id': 'essai-requete-0001' } });
      expect(echoed.headers.get('x-request-id')).to.equal('essai-requete-0001');
      const failed = await k.anonymous.get('/api/auth/me', { headers: { 'X-Request-Id': 'essai-requete-0002' } });
      expect(failed.status).to.equal(401);
      expect(failed.headers.get('x-request-id')).to.equal('essai-requete-0002');
      const made = await k.http.get('/api/auth/me');
      expect(made.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
      // a header that could forge log lines is replaced
      const forged = await k.http.get('/api/auth/me', { headers: { 'X-Request-Id': 'a b' } });
      expect(forged.headers.get('x-request-id')).to.not.equal('a b');
    });
  });

  describe('access tokens', function () {
    it('are shown once, work as a bearer, and stop working once deleted', async function () {
      const created = await member.http.post('/api/kernel/access-tokens', { name: 'Script de sauvegarde' });
      expect(created.status).to.equal(201);
      expect(created.body.token).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(created.body).to.not.have.property('tokenHash');
      expect(created.body.generatedByUser).to.equal(member.userId);

      const list = await member.http.get('/api/kernel/access-tokens');
      expect(list.status).to.equal(200);
      const row = list.body.data.find((t: { _id: string }) => t._id === created.body._id);
      expect(row).to.include({ name: 'Script de sauvegarde' });
      expect(row).to.not.have.property('token');
      expect(row).to.not.have.property('tokenHash');
      expect(JSON.stringify(list.body)).to.not.include(created.body.token);

      const asToken = k.http.as(created.body.token, member.companyId);
      const me = await asToken.get('/api/auth/me');
      expect(me.status).to.equal(200);
      expect(me.body.user._id).to.equal(member.userId);
      expect(me.body.session).to.equal(null);
      expect((await asToken.get('/api/kernel/sessions')).status).to.equal(200);

      const del = await member.http.delete(`/api/kernel/access-tokens/${created.body._id}`);
      expect(del.status).to.equal(204);
      const after = await asToken.get('/api/auth/me');
      expect(after.status).to.equal(401);
      expect((await member.http.delete(`/api/kernel/access-tokens/${created.body._id}`)).status).to.equal(404);
    });

    it('of someone else cannot be deleted (404)', async function () {
      const created = await k.http.post('/api/kernel/access-tokens', { name: 'Jeton admin' });
      expect(created.status).to.equal(201);
      expect((await member.http.delete(`/api/kernel/access-tokens/${created.body._id}`)).status).to.equal(404);
      expect((await k.http.as(created.body.token).get('/api/auth/me')).status).to.equal(200);
    });
  });
  describe('password change', function () {
    it('ends every other session of the user and keeps the one that made the change', async function () {
      const who = await createMember(k, 'dominique.roux@exemple.fr');
      const other = await signIn(k, who.email, who.password);
      expect((await other.http.get('/api/auth/me')).status).to.equal(200);
      const res = await who.http.post(`/api/kernel/users/${who.userId}/password`, { currentPassword: who.password, newPassword: 'nouveau-mot-de-passe-2' });
      expect(res.status).to.equal(204);
      expect((await other.http.get('/api/auth/me')).status).to.equal(401);
      expect((await who.http.get('/api/auth/me')).status).to.equal(200);
    });
  });
});
