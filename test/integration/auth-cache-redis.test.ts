/**
 * The authentication cache across processes (server/src/http/README.md « Authentication cache »):
 * kernel A (this process) and kernel B (a child process) on one database and one Redis channel.
 * A change made through A is refused or applied by B's very next request, B's cache being warm:
 * revocation, password change, a role's permissions, removal from the company, a user-property
 * definition. Then a B that reaches Redis through a TCP proxy of this test
 * (server/test/support/redis-proxy.ts): when what Redis sends B arrives late, B's very next request
 * still sees A's change (the fan-out's barrier: before the fix, B read the HTTP request before the
 * invalidation and served its memory); when the link is cut, B serves nothing from memory while it
 * is down, and once subscribed again, invalidations reach it.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createTestKernel, TestHttp, TEST_ADMIN, type TestKernel } from '@comptoir/sdk/testing';
import { createMember, signIn, type Account } from '../support/kernel.ts';
import { startKernelProcess, type KernelProcess } from '../support/spawn-kernel.ts';
import { redisProxy, type RedisProxy } from '../../server/test/support/redis-proxy.ts';

const REDIS = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const UNREAD = '/api/kernel/notifications/unread';
const USERS = '/api/kernel/users';

describe('auth cache: two kernel processes sharing Redis', function () {
  this.timeout(120_000);
  let a: TestKernel;
  let b: KernelProcess;
  let proxy: RedisProxy | null = null;
  let role: string;
  /** a member signed in through A, then warmed in B's cache */
  let m: Account;
  let onB: TestHttp;

  const status = async (res: Promise<{ status: number }>) => (await res).status;
  /** a revocation written by hand: no event, so only B's memory can still say « valid » */
  const revokeByHand = (revoked: boolean) => a.db('kernel_sessions').where({ userId: m.userId }).update({ revoked });

  async function warmOnB(account: Account) {
    const http = new TestHttp(b.url, account.token, a.admin.companyId);
    expect(await status(http.get(UNREAD))).to.equal(200);
    expect(await status(http.get(UNREAD))).to.equal(200);
    return http;
  }

  /** A, and B reaching Redis directly or through `proxy` */
  async function start(throughProxy: boolean) {
    const channel = `comptoir-test:${randomBytes(6).toString('hex')}`;
    proxy = throughProxy ? await redisProxy(REDIS.toString()) : null;
    a = await createTestKernel({ env: { REDIS_URL: REDIS.toString(), COMPTOIR_REDIS_CHANNEL: channel } });
    b = await startKernelProcess(a, { REDIS_URL: proxy?.url ?? REDIS.toString(), COMPTOIR_REDIS_CHANNEL: channel, LOG_LEVEL: 'info' });
    const created = await a.http.post('/api/kernel/roles', { name: 'Lecteur (Redis)', permissions: [] });
    expect(created.status).to.equal(201);
    role = created.body._id;
  }
  async function stop() {
    await b?.stop();
    await a?.stop();
    await proxy?.close();
  }
  beforeEach(async function () {
    m = await createMember(a, `redis-${randomBytes(3).toString('hex')}@exemple.fr`, { roles: [role] });
    onB = await warmOnB(m);
  });

  /** the two changes B must see on its very next request, whatever the delivery of Redis */
  function revocationAndRightsSeenAtOnce() {
  it('a session revoked through A is refused by B’s very next request', async function () {
    expect(await status(onB.post('/api/kernel/notifications/read'))).to.equal(200);
    expect(await status(m.http.post('/api/auth/logout'))).to.equal(204);
    const res = await onB.get(UNREAD);
    expect(res.status).to.equal(401);
    expect(res.body.message).to.equal('Session révoquée : reconnectez-vous.');
    // a write too (served from B's memory like reads, behind the same barrier)
    expect(await status(onB.post('/api/kernel/notifications/read'))).to.equal(401);
  });

  it('a role’s permissions changed through A apply on B at once, both ways', async function () {
    expect(await status(onB.get(USERS))).to.equal(403);
    expect(await status(a.http.put(`/api/kernel/roles/${role}`, { permissions: ['kernel.users.read'] }))).to.equal(200);
    expect(await status(onB.get(USERS))).to.equal(200);
    expect(await status(a.http.put(`/api/kernel/roles/${role}`, { permissions: [] }))).to.equal(200);
    expect(await status(onB.get(USERS))).to.equal(403);
  });
  }

  describe('changes made through A', function () {
    before(() => start(false));
    after(stop);

    it('B serves a warm session from memory (a revocation by hand, without event, is not seen before the TTL)', async function () {
      await revokeByHand(true);
      try {
        expect(await status(onB.get(UNREAD))).to.equal(200);
        // A never read this token: it reads the database
        expect(await status(a.http.as(m.token).get(UNREAD))).to.equal(401);
      } finally {
        await revokeByHand(false);
      }
    });

    revocationAndRightsSeenAtOnce();

    it('a password change through A ends B’s other sessions at once; a member removed through A is refused by B at once', async function () {
      const second = await signIn(a, m.email, m.password);
      const secondOnB = await warmOnB(second);
      expect(await status(second.http.post(`/api/kernel/users/${m.userId}/password`, { currentPassword: m.password, newPassword: 'autre-motdepasse-1' }))).to.equal(204);
      expect(await status(onB.get(UNREAD))).to.equal(401);
      expect(await status(secondOnB.get(UNREAD))).to.equal(200);
      expect(await status(a.http.delete(`/api/kernel/users/${m.userId}`))).to.equal(204);
      const res = await secondOnB.get(UNREAD);
      expect(res.status).to.equal(403);
      expect(res.body.message).to.equal('Vous n’appartenez pas à cette entreprise.');
    });

    it('a user-property definition created or removed through A applies to B’s lists at once', async function () {
      const onBAdmin = new TestHttp(b.url, a.admin.token, a.admin.companyId);
      const list = () => onBAdmin.get('/api/kernel/establishments', { query: { filters: { 'userProps.canal': { value: 'x' } } } });
      expect(await status(list())).to.equal(400);
      const prop = await a.http.post('/api/kernel/user-props', { name: 'Canal', variable: 'canal', pluginIdentifier: 'kernel.establishments', server: true, applyForAllCompanies: true });
      expect(prop.status, JSON.stringify(prop.body)).to.equal(201);
      expect(await status(list())).to.equal(200);
      expect(await status(list())).to.equal(200);
      expect(await status(a.http.delete(`/api/kernel/user-props/${prop.body._id}`))).to.equal(204);
      expect(await status(list())).to.equal(400);
    });
  });

  // the race of a busy machine, made certain: whatever Redis sends B (invalidations, PONGs) reaches
  // it 150 ms after A's PUBLISH was answered, so B reads the client's next request first
  describe('what Redis sends B arriving late', function () {
    before(async () => {
      await start(true);
      proxy!.delay(150);
    });
    after(stop);

    it('B still serves a warm session from memory (a revocation by hand, without event, is not seen before the TTL)', async function () {
      await revokeByHand(true);
      try {
        expect(await status(onB.get(UNREAD))).to.equal(200);
      } finally {
        await revokeByHand(false);
      }
    });

    revocationAndRightsSeenAtOnce();

    it('a user-property definition created or removed through A applies to B’s lists at once', async function () {
      const onBAdmin = new TestHttp(b.url, a.admin.token, a.admin.companyId);
      const list = () => onBAdmin.get('/api/kernel/establishments', { query: { filters: { 'userProps.canal': { value: 'x' } } } });
      expect(await status(list())).to.equal(400);
      const prop = await a.http.post('/api/kernel/user-props', { name: 'Canal', variable: 'canal', pluginIdentifier: 'kernel.establishments', server: true, applyForAllCompanies: true });
      expect(prop.status, JSON.stringify(prop.body)).to.equal(201);
      expect(await status(list())).to.equal(200);
      expect(await status(a.http.delete(`/api/kernel/user-props/${prop.body._id}`))).to.equal(204);
      expect(await status(list())).to.equal(400);
    });

    it('the same for a token B has never seen (its identity is read from the database, the definitions would come from memory)', async function () {
      const onBAdmin = new TestHttp(b.url, a.admin.token, a.admin.companyId);
      const list = (http: TestHttp) => http.get('/api/kernel/establishments', { query: { filters: { 'userProps.rayon': { value: 'x' } } } });
      // B now holds the establishments' definitions: none
      expect(await status(list(onBAdmin))).to.equal(400);
      const prop = await a.http.post('/api/kernel/user-props', { name: 'Rayon', variable: 'rayon', pluginIdentifier: 'kernel.establishments', server: true, applyForAllCompanies: true });
      expect(prop.status, JSON.stringify(prop.body)).to.equal(201);
      const again = await a.login(TEST_ADMIN.email, TEST_ADMIN.password);
      expect(await status(list(new TestHttp(b.url, again.token, a.admin.companyId)))).to.equal(200);
      expect(await status(a.http.delete(`/api/kernel/user-props/${prop.body._id}`))).to.equal(204);
    });
  });

  // the proxy runs in this process: its forwarding competes with the test's own requests, so the
  // last check waits (well within the TTL) instead of asserting the very next request
  describe('the Redis link of B cut', function () {
    before(() => start(true));
    after(stop);

    it('B keeps nothing in memory until subscribed again, then invalidations reach it again', async function () {
      const from = b.printedLength;
      proxy!.cut();
      await b.printed(/link down, caches off/, from);
      await revokeByHand(true);
      try {
        // no memory while messages may be lost: the database says revoked
        expect(await status(onB.get(UNREAD))).to.equal(401);
      } finally {
        await revokeByHand(false);
      }
      expect(await status(onB.get(UNREAD))).to.equal(200);
      const back = b.printedLength;
      proxy!.restore();
      await b.printed(/subscribed again, caches restarted/, back);
      await warmOnB(m);
      expect(await status(m.http.post('/api/auth/logout'))).to.equal(204);
      const end = Date.now() + 5_000;
      let last = 200;
      while (last === 200 && Date.now() < end) {
        last = await status(onB.get(UNREAD));
        if (last === 200) await new Promise((r) => setTimeout(r, 20));
      }
      // 5 s is far below the 30 s TTL: the revocation arrived through Redis
      expect(last).to.equal(401);
    });
  });
});
