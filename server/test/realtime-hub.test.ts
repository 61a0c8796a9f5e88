/**
 * The hub alone, on a bare HTTP server with a stand-in authenticator: auth delay, heartbeat,
 * delivery targets, re-checks, shutdown; and the bridge's translation of bus events. The same hub
 * runs in the kernel (realtime.test.ts covers it end to end with the real authenticator).
 */
import http from 'node:http';
import { expect } from 'chai';
import { forbidden, unauthenticated, type BusEvent, type EntityDefinition } from '@comptoir/sdk';
import { createHub, type Hub, type SocketIdentity } from '../src/realtime/hub.ts';
import { createMemoryFanout, type Fanout } from '../src/realtime/fanout.ts';
import { translate } from '../src/realtime/bridge.ts';
import { closeReason } from '../src/realtime/protocol.ts';
import { NOTIFICATION_EVENT } from '../src/notifications/notifier.ts';
import { WsProbe } from './support/ws-client.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const A = 'a'.repeat(24);
const C = 'c'.repeat(24);
const U1 = '1'.repeat(24);
const U2 = '2'.repeat(24);
const S1 = 'e'.repeat(24);

/** token -> identity; `refuse` makes a token fail as the request layer would */
function standIn() {
  const known = new Map<string, SocketIdentity>();
  const refused = new Map<string, Error>();
  let gate: Promise<void> | null = null;
  return {
    known, refused,
    hold() { let open!: () => void; gate = new Promise((r) => { open = r; }); return () => { gate = null; open(); }; },
    async authenticate(token: string, companyId: string): Promise<SocketIdentity> {
      if (gate) await gate;
      if (refused.has(token)) throw refused.get(token);
      const id = known.get(token);
      if (!id) throw unauthenticated('Jeton inconnu : reconnectez-vous.');
      if (id.companyId !== companyId) throw forbidden('Vous n’appartenez pas à cette entreprise.');
      return id;
    },
  };
}

describe('realtime: hub', function () {
  let server: http.Server;
  let url: string;
  let hub: Hub;
  let fanout: Fanout;
  let auth: ReturnType<typeof standIn>;
  const open: WsProbe[] = [];

  /** a hub on its own server; the auth delay outlasts every bounded wait unless a test shortens it */
  async function start(authTimeoutMs = 60_000) {
    if (server) await stop();
    fanout = createMemoryFanout();
    hub = createHub({ authenticate: (t, c) => auth.authenticate(t, c), fanout, log: silent, authTimeoutMs, heartbeatMs: 0 });
    server = http.createServer((_req, res) => { res.statusCode = 404; res.end(); });
    hub.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }
  async function stop() {
    for (const p of open.splice(0)) p.end();
    await hub.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  beforeEach(async function () {
    auth = standIn();
    auth.known.set('t1', { userId: U1, sessionId: S1, companyId: A });
    auth.known.set('t2', { userId: U2, sessionId: null, companyId: A });
    auth.known.set('t1c', { userId: U1, sessionId: null, companyId: C });
    await start();
  });
  afterEach(async function () {
    await stop();
    server = undefined as unknown as http.Server;
  });

  const raw = async () => { const p = await WsProbe.open(url); open.push(p); return p; };
  const socket = async (token: string, company: string) => { const p = await WsProbe.signedIn(url, token, company); open.push(p); return p; };

  it('closes a socket that does not authenticate in time (4408)', async function () {
    await start(50);
    const p = await raw();
    const closed = await p.close();
    expect(closed.code).to.equal(4408);
    expect(closed.reason).to.match(/^Authentification attendue/);
  });

  it('refuses a binary frame (1003) and a message sent before ready (4400)', async function () {
    const bin = await raw();
    bin.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await bin.close()).code).to.equal(1003);

    const release = auth.hold();
    const eager = await raw();
    eager.send({ type: 'auth', token: 't1', company: A });
    eager.send({ type: 'ping' });
    const closed = await eager.close();
    release();
    expect(closed).to.deep.equal({ code: 4400, reason: 'Attendez la réponse « ready » avant d’envoyer un autre message.' });
  });

  it('closes with 1009 a frame far over the limit, without crashing', async function () {
    const p = await raw();
    p.send('x'.repeat(300 * 1024));
    expect((await p.close()).code).to.equal(1009);
    await (await socket('t1', A)).sync();
  });

  it('closes with 1011 when the authentication itself fails, and keeps serving', async function () {
    auth.refused.set('boom', new Error('base injoignable'));
    const p = await raw();
    p.send({ type: 'auth', token: 'boom', company: A });
    expect((await p.close()).code).to.equal(1011);
    await (await socket('t1', A)).sync();
  });

  it('drops a socket that does not answer pings, keeps the others', async function () {
    const dead = await WsProbe.open(url, { autoPong: false });
    open.push(dead);
    dead.send({ type: 'auth', token: 't1', company: A });
    await dead.next((m) => m.type === 'ready', 'ready');
    const alive = await socket('t2', A);
    hub.sweep();
    await alive.sync(); // the server's ping came before this pong: the client has answered it
    await alive.sync(); // and the server has read that answer before this one
    hub.sweep(); // drops the dead one, pings the other again
    expect((await dead.close()).code).to.equal(1006);
    await alive.sync();
    await alive.sync();
    hub.sweep();
    await alive.sync();
  });

  it('delivers to a company, to users in a company, and to users in any company', async function () {
    const u1a = await socket('t1', A);
    const u2a = await socket('t2', A);
    const u1c = await socket('t1c', C);
    const all = [u1a, u2a, u1c];
    const got = async () => {
      for (const p of all) await p.sync();
      const out = all.map((p) => p.messages.filter((m) => m.type === 'change').map((m) => m._id));
      for (const p of all) p.messages.length = 0;
      return out;
    };
    const change = (_id: string) => ({ type: 'change' as const, name: 'x.y.created', entity: 'x.ys', _id, by: null, session: null });

    await fanout.publish({ kind: 'deliver', target: { companyId: A, userIds: 'company' }, message: change('1') });
    expect(await got()).to.deep.equal([['1'], ['1'], []]);
    await fanout.publish({ kind: 'deliver', target: { companyId: A, userIds: [U1] }, message: change('2') });
    expect(await got()).to.deep.equal([['2'], [], []]);
    await fanout.publish({ kind: 'deliver', target: { companyId: null, userIds: [U1] }, message: change('3') });
    expect(await got()).to.deep.equal([['3'], [], ['3']]);
    await fanout.publish({ kind: 'deliver', target: { companyId: null, userIds: 'company' }, message: change('4') });
    expect(await got()).to.deep.equal([[], [], []]);
  });

  it('re-checks the sockets of a session or a user and closes the refused ones', async function () {
    const s1 = await socket('t1', A);
    const s1c = await socket('t1c', C);
    const s2 = await socket('t2', A);
    auth.refused.set('t1', unauthenticated('Session révoquée : reconnectez-vous.'));
    await fanout.publish({ kind: 'recheck', sessionId: S1 });
    expect(await s1.close()).to.deep.equal({ code: 4401, reason: 'Session révoquée : reconnectez-vous.' });
    await s1c.sync();
    auth.refused.set('t2', forbidden('Vous n’appartenez pas à cette entreprise.'));
    await fanout.publish({ kind: 'recheck', userId: U2 });
    expect((await s2.close()).code).to.equal(4403);
    await s1c.sync();
  });

  it('closes every socket with 1001 on shutdown', async function () {
    const p = await socket('t1', A);
    const waiting = await raw();
    await hub.close();
    expect(await p.close()).to.deep.equal({ code: 1001, reason: 'Arrêt du serveur : reconnexion dans un instant.' });
    expect((await waiting.close()).code).to.equal(1001);
    expect(hub.size).to.equal(0);
  });

  it('cuts close reasons to 123 bytes on a character boundary', function () {
    const long = closeReason('é'.repeat(200));
    expect(Buffer.byteLength(long)).to.be.at.most(123);
    expect(long.endsWith('…')).to.equal(true);
    expect(closeReason('court')).to.equal('court');
  });
});

describe('realtime: bridge from the bus', function () {
  const entity = (plugin: string, name: string, companyScoped: boolean) => ({ plugin, name, companyScoped }) as unknown as EntityDefinition;
  const entities = new Map<string, EntityDefinition>([
    ['alpha.notes', entity('alpha', 'notes', true)],
    ['kernel.users', entity('kernel', 'users', false)],
    ['kernel.companies', entity('kernel', 'companies', false)],
    ['kernel.sessions', entity('kernel', 'sessions', false)],
    ['kernel.access-tokens', entity('kernel', 'access-tokens', false)],
  ]);
  const ev = (name: string, payload: unknown, over: Partial<BusEvent> = {}): BusEvent =>
    ({ name, payload, companyId: A, userId: U1, sessionId: S1, date: new Date(0).toISOString(), ...over });
  const ID = 'f'.repeat(24);

  it('sends company entity changes to the event’s company, with author and session', function () {
    expect(translate(ev('alpha.note.created', { _id: ID, entity: 'alpha.notes' }), entities)).to.deep.equal([{
      kind: 'deliver', target: { companyId: A, userIds: 'company' },
      message: { type: 'change', name: 'alpha.note.created', entity: 'alpha.notes', _id: ID, by: U1, session: S1 },
    }]);
    expect(translate(ev('alpha.note.created', { _id: ID, entity: 'alpha.notes' }, { companyId: null }), entities)).to.deep.equal([]);
    expect(translate(ev('alpha.note.paid', { total: 3 }), entities)).to.deep.equal([]);
  });

  it('sends a company’s change to that company, private entities to their author only', function () {
    const [company] = translate(ev('kernel.company.created', { _id: C, entity: 'kernel.companies' }), entities);
    expect(company).to.deep.include({ target: { companyId: C, userIds: 'company' } });
    const session = translate(ev('kernel.session.updated', { _id: ID, entity: 'kernel.sessions' }), entities);
    expect(session.map((m) => (m.kind === 'deliver' ? m.target : m))).to.deep.equal([
      { companyId: null, userIds: [U1] }, { kind: 'recheck', sessionId: ID },
    ]);
    expect(translate(ev('kernel.user.updated', { _id: U2, entity: 'kernel.users' }), entities).at(-1)).to.deep.equal({ kind: 'recheck', userId: U2 });
    expect(translate(ev('kernel.access-token.deleted', { _id: ID, entity: 'kernel.access-tokens' }), entities).at(-1)).to.deep.equal({ kind: 'recheck', accessTokenId: ID, userId: U1 });
    // for the caches of every process (server/src/http/auth-cache.ts): hubs ignore them
    expect(translate(ev('kernel.role.updated', { _id: ID, entity: 'kernel.roles' }), entities).at(-1)).to.deep.equal({ kind: 'recheck', roleId: ID });
  });

  it('never delivers a notification to a company other than the call’s', function () {
    const n = (company: string | null, user: string | null) => ({ _id: ID, title: 't', fk: { user, company } });
    const out = translate(ev(NOTIFICATION_EVENT, { notifications: [n(A, U2), n(C, U2), n(A, null)] }), entities);
    expect(out.map((m) => (m.kind === 'deliver' ? m.target : null))).to.deep.equal([
      { companyId: A, userIds: [U2] }, { companyId: A, userIds: 'company' },
    ]);
  });
});
