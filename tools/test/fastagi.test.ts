/**
 * Calls end to end over the FastAGI socket, as Asterisk speaks them (tools/src/fastagi/replay.ts):
 * the bridge (tools/src/fastagi/server.ts) on a real TCP port, Comptoir's real HTTP API, the contacts,
 * the process-queues engine and espeak-ng. A 20-node queue: a known VIP customer in opening hours, a
 * call at night, keypad input, a blocked number, a caller hanging up; then malformed sessions, each
 * hung up cleanly while the bridge goes on. The screens hear of calls through the kernel's WebSocket.
 */
import fs from 'node:fs';
import net from 'node:net';
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import WebSocket from 'ws';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { startFastAgiBridge, type FastAgiBridge } from '../src/fastagi/server.ts';
import { createTts, type Tts } from '../src/fastagi/tts.ts';
import { asteriskAnswer, asteriskEnvironment, replayAgiSession } from '../src/fastagi/replay.ts';
import { sampleCallQueue } from '../src/pbx-queue-sample.ts';

const PLUGINS = ['contacts', 'process-queues', 'pbx'].map((id) => path.resolve(import.meta.dirname, '..', '..', 'plugins', id));

/** a Paris wall-clock time in November (UTC+1) */
const parisNovember = (hhmm: string) => new Date(`2026-11-30T${hhmm}:00+01:00`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are arbitrary JSON
async function ok<T = any>(answer: Promise<{ status: number; body: any }>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  return res.body as T;
}

describe('pbx: calls over the FastAGI socket (20-node queue)', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let bridge: FastAgiBridge;
  let tts: Tts;
  let ttsDir: string;
  let key: string;
  let clock = parisNovember('10:00');
  let seq = 0;
  const ids: Record<string, string> = {};
  const changes: { entity: string; _id: string }[] = [];
  let socket: WebSocket;

  const callid = () => `1764493200.${++seq}`;
  const call = async (asteriskId: string) => (await ok(k.http.get(`/api/pbx/calls?filters=${encodeURIComponent(JSON.stringify({ asteriskId: { mode: 'eq', value: asteriskId } }))}`))).data[0];
  const play = (uniqueid: string, callerid: string, respond: (c: string) => string | null | Promise<string | null>) =>
    replayAgiSession(bridge.port, { env: asteriskEnvironment({ port: bridge.port, key, uniqueid, callerid }), respond });

  before(async () => {
    k = await createTestKernel({ plugins: PLUGINS });
    const h = k.http;
    ids.vip = (await ok(h.post('/api/kernel/groups', { pluginIdentifier: 'contacts.customers', name: 'Clients privilégiés' }), 201))._id;
    ids.customer = (await ok(h.post('/api/contacts/customers', { company: 'Hôtel du Parc', telMobile: '06 12 34 56 78', fk: { groups: [ids.vip] } }), 201))._id;
    ids.blocked = (await ok(h.post('/api/pbx/number-lists', { name: 'Numéros bloqués', numbers: ['+33699999999'] }), 201))._id;
    const server = await ok(h.post('/api/pbx/servers', { name: 'Asterisk', host: '127.0.0.1' }), 201);
    key = server.secretKey;
    ids.accueil = (await ok(h.post('/api/pbx/users', { username: 'accueil', number: '101', fk: { server: server._id, user: k.admin.userId } }), 201))._id;
    ids.atelier = (await ok(h.post('/api/pbx/users', { username: 'atelier', number: '102', fk: { server: server._id } }), 201))._id;
    ids.playlist = (await ok(h.post('/api/pbx/playlists', { name: 'Attente', items: [{ audioFile: 'attente/valse' }] }), 201))._id;
    const queue = await ok(h.post('/api/process-queues/queues', sampleCallQueue({ blocked: ids.blocked, vip: ids.vip, accueil: ids.accueil, atelier: ids.atelier, playlist: ids.playlist })), 201);
    expect(queue.plugins).to.have.length(20);
    const report = await ok(h.post(`/api/process-queues/queues/${queue._id}/validate`, {}));
    expect(report.errors, JSON.stringify(report.errors)).to.deep.equal([]);
    ids.queue = queue._id;
    await ok(h.post('/api/pbx/contexts', { name: 'atmos-incoming', file: 'extensions', fk: { queue: queue._id } }), 201);

    // the bridge signs in as a user who may only route calls, with an access token
    const role = await ok(h.post('/api/kernel/roles', { name: 'Passerelle Asterisk', permissions: ['pbx.calls.route'] }), 201);
    await ok(h.post('/api/kernel/users', { email: 'asterisk@boulangerie.test', password: 'passerelle-asterisk-1', roles: [role._id] }), 201);
    const s = await k.login('asterisk@boulangerie.test', 'passerelle-asterisk-1');
    const token = (await ok(k.http.as(s.token, s.companyId!).post('/api/kernel/access-tokens', { name: 'FastAGI' }), 201)).token;

    ttsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-tts-'));
    tts = createTts({ dir: ttsDir });
    bridge = await startFastAgiBridge({ port: 0, host: '127.0.0.1', key, api: { url: k.url, token, company: k.admin.companyId }, tts, now: () => clock });

    socket = new WebSocket(`${k.url.replace(/^http/, 'ws')}/api/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: k.admin.token, company: k.admin.companyId })));
      socket.on('message', (raw) => {
        const m = JSON.parse(String(raw));
        if (m.type === 'ready') resolve();
        if (m.type === 'change') changes.push({ entity: m.entity, _id: m._id });
      });
      socket.on('error', reject);
    });
  });

  after(async () => {
    socket?.close();
    await bridge?.close();
    await k?.stop();
    if (ttsDir) fs.rmSync(ttsDir, { recursive: true, force: true });
  });

  it('a VIP customer in opening hours: greeted, rung, waits, transferred by the operator — seen live', async () => {
    clock = parisNovember('10:00');
    const id = callid();
    const replay = await play(id, '+33612345678', async (c) => {
      // while the caller waits, the person rung chooses « transfer »
      if (c.startsWith('EXEC Wait')) await ok(k.http.post('/api/pbx/pre-pickup-choices', { requestId: id, action: 'transfer' }), 201);
      return asteriskAnswer(c);
    });
    const greeting = replay.commands[0].match(/^STREAM FILE (\S+) ""$/)?.[1];
    expect(greeting, replay.commands[0]).to.match(/comptoir-tts-[0-9a-f]{32}$/);
    expect(fs.statSync(`${greeting}.sln`).size).to.be.greaterThan(8000);
    expect(replay.commands.slice(1)).to.deep.equal([
      'EXEC Dial PJSIP/accueil,60', 'GET VARIABLE DIALSTATUS', 'STREAM FILE attente/valse ""', 'EXEC Wait 30',
      'SET CONTEXT compta', 'SET EXTENSION s', 'SET PRIORITY 1',
    ]);
    expect(replay.closedBy).to.equal('server');
    const c = await call(id);
    expect(c).to.include({ state: 'ended', callerNumber: '+33612345678', requests: 4 });
    expect(c.path).to.deep.equal(['start', 'prefix', 'lists', 'hours', 'evening', 'ident', 'who', 'groups', 'vip-hello', 'ring-vip', 'playlist', 'choice', 'accounting']);
    expect(c.identified.customers).to.deep.equal([ids.customer]);
    expect(c.fk).to.include({ queue: ids.queue });
    expect(c.fk.potentialHotliners).to.deep.equal([k.admin.userId]);
    expect(c.nextGoto).to.deep.include({ context: 'compta', exten: 's', priority: 1 });
    const history = await ok(k.http.get(`/api/pbx/calls/${c._id}/history`));
    const kinds = history.events.map((e: { kind: string }) => e.kind);
    expect(kinds[0]).to.equal('started');
    expect(kinds.at(-1)).to.equal('ended');
    expect(history.steps.map((st: { nodeUuid: string; exit: string }) => `${st.nodeUuid}:${st.exit}`)).to.include.members(['groups:included', 'choice:transfer']);
    expect(history.steps.map((st: { nodeUuid: string }) => st.nodeUuid)).to.deep.equal(c.path);
    // the screens heard of it through the WebSocket
    await new Promise((r) => setTimeout(r, 200));
    expect(changes.some((m) => m.entity === 'pbx.calls' && m._id === c._id)).to.equal(true);
    expect(changes.some((m) => m.entity === 'pbx.call-events')).to.equal(true);
  });

  it('out of hours: told the bakery is closed, then hung up', async () => {
    clock = parisNovember('22:30');
    const id = callid();
    const replay = await play(id, '0612345678', (c) => asteriskAnswer(c));
    expect(replay.commands).to.have.length(2);
    expect(replay.commands[0]).to.match(/^STREAM FILE \S+comptoir-tts-[0-9a-f]{32} ""$/);
    expect(replay.commands[1]).to.equal('HANGUP');
    const c = await call(id);
    expect(c.path).to.deep.equal(['start', 'prefix', 'lists', 'hours', 'evening', 'closed', 'bye']);
    expect(c.state).to.equal('ended');
    // before 08:00 too
    clock = parisNovember('07:59');
    const early = await play(callid(), '0612345678', (c) => asteriskAnswer(c));
    expect(early.commands.at(-1)).to.equal('HANGUP');
  });

  it('keypad input: an unknown caller types nothing, then 2, and reaches the accounting context', async () => {
    clock = parisNovember('15:00');
    const id = callid();
    const rendered = tts.rendered;
    const keys = ['', '2'];
    const replay = await play(id, '0700000001', (c) => asteriskAnswer(c, keys));
    const menu = replay.commands[1].match(/^GET DATA (\S+) 5000 1$/)?.[1];
    expect(menu, replay.commands[1]).to.match(/comptoir-tts-/);
    expect(replay.commands).to.deep.equal([
      'STREAM FILE comptoir/bienvenue ""', `GET DATA ${menu} 5000 1`, `GET DATA ${menu} 5000 1`, 'SET CONTEXT compta', 'SET EXTENSION s', 'SET PRIORITY 1',
    ]);
    // the menu was rendered once for both prompts
    expect(tts.rendered - rendered).to.equal(1);
    const c = await call(id);
    expect(c.path).to.deep.equal(['start', 'prefix', 'lists', 'hours', 'evening', 'ident', 'unknown', 'welcome', 'key', 'again', 'welcome', 'key', 'accounting']);
    expect(c.identified).to.deep.equal({ customers: [], contacts: [], groups: [] });
    const history = await ok(k.http.get(`/api/pbx/calls/${c._id}/history`));
    expect(history.events.filter((e: { kind: string }) => e.kind === 'input').map((e: { input: string }) => e.input)).to.deep.equal(['2']);
  });

  it('keypad input never typed: the menu is said three times (limit 2), then hang-up', async () => {
    const replay = await play(callid(), '0700000002', (c) => asteriskAnswer(c, []));
    expect(replay.commands.filter((c) => c.startsWith('GET DATA'))).to.have.length(3);
    expect(replay.commands.at(-1)).to.equal('HANGUP');
  });

  it('a blocked number and a foreign prefix are hung up at once', async () => {
    const blocked = await play(callid(), '0699999999', (c) => asteriskAnswer(c));
    expect(blocked.commands).to.deep.equal(['HANGUP']);
    const hidden = await play(callid(), 'unknown', (c) => asteriskAnswer(c));
    expect(hidden.commands).to.deep.equal(['HANGUP']);
  });

  it('the caller hangs up while waiting: the call ends where it was', async () => {
    const id = callid();
    const replay = await play(id, '+33612345678', (c) => (c.startsWith('STREAM FILE attente') ? null : asteriskAnswer(c)));
    expect(replay.commands.at(-1)).to.equal('STREAM FILE attente/valse ""');
    let c = await call(id);
    for (let i = 0; i < 50 && c.state !== 'ended'; i++) { await new Promise((r) => setTimeout(r, 100)); c = await call(id); }
    expect(c.state).to.equal('ended');
    const history = await ok(k.http.get(`/api/pbx/calls/${c._id}/history`));
    expect(history.events.at(-1)).to.include({ kind: 'caller-hung-up', node: 'playlist' });
  });

  it('malformed sessions are hung up cleanly and the bridge goes on', async () => {
    const before = { ...bridge.stats };
    const raw = (preamble: string, respond = (c: string) => asteriskAnswer(c)) => replayAgiSession(bridge.port, { preamble, respond, timeoutMs: 15_000 });
    const good = asteriskEnvironment({ port: bridge.port, key, uniqueid: callid(), callerid: '0612345678' });
    const envText = (e: Record<string, string>) => `${Object.entries(e).map(([n, v]) => `agi_${n}: ${v}`).join('\n')}\n\n`;
    // not AGI at all
    expect((await raw('GET / HTTP/1.1\r\nHost: pbx\r\n\r\n')).commands).to.deep.equal(['HANGUP']);
    // a wrong key, no key
    expect((await raw(envText({ ...good, network_script: 'comptoir?key=faux', request: 'agi://x/comptoir?key=faux' }))).commands).to.deep.equal(['HANGUP']);
    expect((await raw(envText({ ...good, network_script: 'comptoir', request: 'agi://x/comptoir' }))).commands).to.deep.equal(['HANGUP']);
    // no unique id
    const { uniqueid: _, ...noId } = good;
    expect((await raw(envText(noId))).commands).to.deep.equal(['HANGUP']);
    // a line longer than any Asterisk writes
    expect((await raw(`agi_network: yes\nagi_callerid: ${'9'.repeat(20_000)}`)).commands).to.deep.equal(['HANGUP']);
    // an answer Asterisk never gives
    const garbage = await raw(envText({ ...good, uniqueid: callid() }), () => 'bonjour');
    expect(garbage.commands.at(-1)).to.equal('HANGUP');
    // the connection dropped in the middle of the environment
    await new Promise<void>((resolve) => {
      const s = net.connect(bridge.port, '127.0.0.1', () => { s.end('agi_network: yes\nagi_channel: PJSIP/x'); });
      s.on('close', () => resolve());
    });
    expect(bridge.stats.refused - before.refused).to.be.at.least(6);
    expect(bridge.stats.errors).to.equal(0);
    // still answering
    const after = await play(callid(), '0699999999', (c) => asteriskAnswer(c));
    expect(after.commands).to.deep.equal(['HANGUP']);
  });

  it('npm run pbx-config writes the server’s Asterisk files', async function () {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-asterisk-'));
    try {
      const servers = await ok(k.http.get('/api/pbx/servers'));
      // asynchronous: the kernel answering the child runs in this process
      const run = (args: string[], env: Record<string, string> = {}) => new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', 'tools/src/pbx-config.ts', ...args], { cwd: path.resolve(import.meta.dirname, '..', '..'), env: { ...process.env, ...env }, encoding: 'utf8' },
          (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }));
      });
      const printed = (await run( ['--url', k.url, '--company', k.admin.companyId, '--server', servers.data[0]._id, '--out', out], { COMPTOIR_TOKEN: k.admin.token })).stdout;
      expect(printed).to.include('extensions.conf écrit');
      expect(fs.readFileSync(path.join(out, 'extensions.conf'), 'utf8')).to.include(`COMPTOIR_AGI=agi://127.0.0.1:12020/comptoir?key=${key}`);
      expect(fs.readFileSync(path.join(out, 'pjsip.conf'), 'utf8')).to.include('[accueil]\ntype=endpoint');
      const failed = await run(['--url', k.url, '--company', k.admin.companyId, '--server', 'nope']);
      expect(failed.code).to.equal(1);
      expect(failed.stderr).to.include('Configuration d’Asterisk : --company et --server sont des identifiants');
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it('Comptoir refusing the bridge (a revoked token): the caller is hung up, no call is stored', async () => {
    const other = await startFastAgiBridge({ port: 0, host: '127.0.0.1', key, api: { url: k.url, token: 'jeton-revoque', company: k.admin.companyId }, tts });
    try {
      const id = callid();
      const replay = await replayAgiSession(other.port, { env: asteriskEnvironment({ port: other.port, key, uniqueid: id, callerid: '0612345678' }), respond: (c) => asteriskAnswer(c) });
      expect(replay.commands).to.deep.equal(['HANGUP']);
      expect(await call(id)).to.equal(undefined);
      expect(other.stats.refused).to.equal(1);
    } finally {
      await other.close();
    }
  });
});
