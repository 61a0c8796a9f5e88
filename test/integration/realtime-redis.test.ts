/**
 * Several kernel processes behind a load balancer (docs/architecture.md « Scale-out »): two kernels on the same
 * database — the test's own, and a second one in a child process — sharing the local Redis
 * (127.0.0.1:6379) on a channel of their own, random per run. A notification created through
 * kernel A's API reaches a WebSocket client of kernel B (and the other way round); changes,
 * clearing and revocations (re-checks) travel too.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createTestKernel, TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import { createMember, type Account } from '../support/kernel.ts';
import { startKernelProcess, type KernelProcess } from '../support/spawn-kernel.ts';
import { WsProbe } from '../../server/test/support/ws-client.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('realtime: two kernel processes sharing Redis', function () {
  this.timeout(90_000);
  let a: TestKernel;
  let b: KernelProcess & { http: TestHttp };
  let bruno: Account;
  const open: WsProbe[] = [];
  const socketOn = async (url: string, token: string) => {
    const p = await WsProbe.signedIn(url, token, a.admin.companyId);
    open.push(p);
    return p;
  };

  before(async function () {
    const channel = `comptoir-test:${randomBytes(6).toString('hex')}`;
    a = await createTestKernel({ env: { REDIS_URL, COMPTOIR_REDIS_CHANNEL: channel } });
    const started = await startKernelProcess(a, { REDIS_URL, COMPTOIR_REDIS_CHANNEL: channel });
    b = Object.assign(started, { http: new TestHttp(started.url, a.admin.token, a.admin.companyId) });
    bruno = await createMember(a, 'bruno.redis@exemple.fr');
  });
  afterEach(function () { for (const p of open.splice(0)) p.end(); });
  after(async function () {
    await b?.stop();
    await a?.stop();
  });

  it('both kernels serve the same data (one database)', async function () {
    const fromB = await b.http.get('/api/auth/me');
    expect(fromB.status, JSON.stringify(fromB.body)).to.equal(200);
    expect(fromB.body.user._id).to.equal(a.admin.userId);
  });

  it('delivers a notification created through A’s API to a WebSocket client of B, and the other way round', async function () {
    const onB = await socketOn(b.url, bruno.token);
    const onA = await socketOn(a.url, bruno.token);
    const res = await a.http.post('/api/kernel/notifications', { recipients: [bruno.userId], title: 'Depuis A', liveOnly: false });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const got = await onB.next((m) => m.type === 'notification' && m.notification.title === 'Depuis A', 'notification on B');
    expect(got.notification).to.deep.equal(res.body.data[0]);
    await onA.next((m) => m.type === 'notification' && m.notification.title === 'Depuis A', 'notification on A');

    const back = await b.http.post('/api/kernel/notifications', { recipients: [bruno.userId], title: 'Depuis B' });
    expect(back.status).to.equal(201);
    await onA.next((m) => m.type === 'notification' && m.notification.title === 'Depuis B', 'notification on A from B');
    // delivered once, not once per process
    await onB.next((m) => m.type === 'notification' && m.notification.title === 'Depuis B', 'notification on B from B');
    await onA.sync();
    expect(onA.messages.filter((m) => m.type === 'notification' && m.notification.title === 'Depuis A')).to.have.length(1);
  });

  it('carries changes and clearing across processes', async function () {
    const onB = await socketOn(b.url, bruno.token);
    const role = await a.http.post('/api/kernel/roles', { name: 'Vendeur (Redis)' });
    expect(role.status).to.equal(201);
    await onB.next((m) => m.type === 'change' && m._id === role.body._id, 'change on B');
    const sent = await a.http.post('/api/kernel/notifications', { recipients: [bruno.userId], title: 'À effacer', liveOnly: false });
    const id = sent.body.data[0]._id;
    expect((await bruno.http.delete(`/api/kernel/notifications/${id}`)).status).to.equal(204);
    expect(await onB.next((m) => m.type === 'notifications-cleared', 'cleared on B')).to.deep.equal({ type: 'notifications-cleared', ids: [id] });
  });

  it('closes on B the socket of a session revoked through A (re-checks travel)', async function () {
    const s = await a.login('bruno.redis@exemple.fr', bruno.password);
    const doomed = await socketOn(b.url, s.token);
    const kept = await socketOn(b.url, bruno.token);
    expect((await a.http.as(s.token).post('/api/auth/logout')).status).to.equal(204);
    expect(await doomed.close()).to.deep.equal({ code: 4401, reason: 'Session révoquée : reconnectez-vous.' });
    await kept.sync();
  });
});
