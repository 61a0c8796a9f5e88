/**
 * A third-party plugin, for real: examples/hello-plugin lives outside plugins/, is not an npm
 * workspace and builds its remote on its own. The kernel boots without it, then again on the SAME
 * database with COMPTOIR_PLUGINS_PATH naming examples/: the plugin is in /api/health, its migration
 * ran, its routes answer, its « Dire bonjour » notifies an open WebSocket, /api/kernel/plugins gives
 * its menu entry and remote, and the kernel serves its mf-manifest.json and remoteEntry.js — while
 * no file of the shell's build (host/dist) changed. Its own tests pass too.
 */
import path from 'node:path';
import { spawn } from 'node:child_process';
import { expect } from 'chai';
import { createKernel, loadConfig, type Kernel } from '@comptoir/server';
import { TestHttp, TEST_ADMIN, throwawayDatabase, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { buildTarget, pluginTarget } from '../../tools/src/build-clients.ts';
import { WsProbe } from '../../server/test/support/ws-client.ts';
import { fingerprint } from '../support/fingerprint.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const EXAMPLES = path.join(REPO_ROOT, 'examples');
const HELLO = path.join(EXAMPLES, 'hello-plugin');
const HOST_DIST = path.join(REPO_ROOT, 'host/dist');

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  for (const k of ['DATABASE_URL', 'DATA_DIR', 'COMPTOIR_PLUGINS_PATH', 'NODE_OPTIONS']) delete env[k];
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('third-party plugin: examples/hello-plugin through COMPTOIR_PLUGINS_PATH', function () {
  this.timeout(120_000);
  let db: ThrowawayDatabase;
  let kernel: Kernel | undefined;
  let hostBefore: Map<string, string>;
  let ownTests: Promise<{ code: number | null; out: string }>;

  async function boot(env: Record<string, string>): Promise<{ url: string; http: TestHttp }> {
    const config = loadConfig({
      DATA_DIR: db.dataDir,
      LOG_LEVEL: 'silent',
      COMPTOIR_ADMIN_EMAIL: TEST_ADMIN.email,
      COMPTOIR_ADMIN_PASSWORD: TEST_ADMIN.password,
      ...(db.url ? { DATABASE_URL: db.url } : {}),
      ...env,
    });
    // no pluginDirs: the kernel discovers plugins/ and COMPTOIR_PLUGINS_PATH, as `npm start` does
    kernel = await createKernel({ config });
    const { url } = await kernel.listen(0, '127.0.0.1');
    const login = await new TestHttp(url).post('/api/auth/login', TEST_ADMIN);
    expect(login.status, JSON.stringify(login.body)).to.equal(200);
    return { url, http: new TestHttp(url, login.body.token, login.body.company._id) };
  }

  before(async function () {
    // the example's own tests, beside this file's work (a child process: its own throwaway database)
    ownTests = run(process.execPath, [path.join(REPO_ROOT, 'node_modules/mocha/bin/mocha.js'), '--no-config', '--import=tsx', '--timeout', '30000', '--exit', 'test/**/*.test.ts'], HELLO);
    // the remote is build output (git-ignored): build it when absent or stale
    const built = await buildTarget(pluginTarget(HELLO));
    expect(built.status, built.error).not.to.equal('failed');
    db = await throwawayDatabase();
    hostBefore = fingerprint(HOST_DIST);
  });

  after(async () => {
    await kernel?.stop();
    await db?.drop();
    await ownTests?.catch(() => undefined);
  });

  it('without COMPTOIR_PLUGINS_PATH: no « hello » anywhere', async () => {
    const { url, http } = await boot({});
    const health = await http.get('/api/health');
    expect(health.status).to.equal(200);
    expect(health.body.plugins.map((p: { id: string }) => p.id)).not.to.include('hello');
    const plugins = await http.get('/api/kernel/plugins');
    expect(plugins.status).to.equal(200);
    expect(plugins.body.data.map((p: { id: string }) => p.id)).not.to.include('hello');
    expect((await http.get('/api/hello/people')).status).to.equal(404);
    expect((await fetch(`${url}/plugins/hello/mf-manifest.json`)).status).to.equal(404);
    expect(await kernel!.db.schema.hasTable('hello_migrations')).to.equal(false);
    await kernel!.stop();
    kernel = undefined;
  });

  it('restarted on the same database with COMPTOIR_PLUGINS_PATH: listed, migrated, routed, notifying', async () => {
    const { url, http } = await boot({ COMPTOIR_PLUGINS_PATH: EXAMPLES });
    const health = await http.get('/api/health');
    expect(health.body.plugins).to.deep.include({ id: 'hello', version: '0.1.0' });

    // its migration ran, recorded in its own table
    const migrations = await kernel!.db('hello_migrations').select('name');
    expect(migrations.map((m: { name: string }) => m.name)).to.deep.equal(['20261122002536_init']);
    expect(await kernel!.db.schema.hasTable('hello_people')).to.equal(true);

    // its routes, with the kernel's request layer; « Dire bonjour » notifies the open sessions
    const socket = await WsProbe.signedIn(url, http.token!, http.company!);
    try {
      const created = await http.post('/api/hello/people', { name: 'Camille' });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const greeted = await http.post(`/api/hello/people/${created.body._id}/greet`);
      expect(greeted.status).to.equal(200);
      expect(greeted.body.greetings).to.equal(1);
      const live = await socket.next((m) => m.type === 'notification', 'notification');
      expect(live.notification).to.include({ title: 'Bonjour, Camille\u202f!', content: 'Premier bonjour.', style: 'success' });
      expect((await http.post('/api/hello/people', { note: 'sans nom' })).status).to.equal(400);
      expect((await http.get('/api/hello/people')).body.count).to.equal(1);
    } finally {
      socket.end();
    }

    // the shell's view: a menu entry and the remote's address
    const plugins = await http.get('/api/kernel/plugins');
    const hello = plugins.body.data.find((p: { id: string }) => p.id === 'hello');
    expect(hello).to.deep.include({ id: 'hello', version: '0.1.0', remote: '/plugins/hello/mf-manifest.json' });
    expect(hello.menu).to.deep.equal([{ label: 'Bonjour', path: '/hello', icon: 'box', permission: 'hello.people.read', order: 500 }]);
    expect(hello.permissions).to.deep.equal(['hello.people.read', 'hello.people.manage']);

    // the kernel serves the remote from the folder the manifest names
    const manifestRes = await fetch(`${url}/plugins/hello/mf-manifest.json`);
    expect(manifestRes.status).to.equal(200);
    expect(manifestRes.headers.get('cache-control')).to.equal('no-cache');
    const manifest = await manifestRes.json() as { name: string; exposes: Array<{ name: string; assets: { js: { sync: string[] } } }>; metaData: { publicPath: string } };
    expect(manifest.name).to.equal('comptoir_hello');
    expect(manifest.metaData.publicPath).to.equal('/plugins/hello/');
    expect(manifest.exposes.map((e) => e.name).sort()).to.deep.equal(['App', 'Settings']);
    const entry = await fetch(`${url}/plugins/hello/remoteEntry.js`);
    expect(entry.status).to.equal(200);
    expect(entry.headers.get('content-type')).to.match(/javascript/);
    expect(await entry.text()).to.include('comptoir_hello');
    const chunk = manifest.exposes.find((e) => e.name === 'App')!.assets.js.sync[0];
    const chunkRes = await fetch(`${url}/plugins/hello/${chunk}`);
    expect(chunkRes.status).to.equal(200);
    expect(chunkRes.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
  });

  it('changed no file of the shell’s build (host/dist)', () => {
    const after = fingerprint(HOST_DIST);
    expect([...after.keys()].sort()).to.deep.equal([...hostBefore.keys()].sort());
    for (const [file, sum] of hostBefore) expect(after.get(file), file).to.equal(sum);
  });

  it('passes its own tests (its `npm test` command, in examples/hello-plugin)', async () => {
    const res = await ownTests;
    expect(res.code, res.out).to.equal(0);
    expect(res.out).to.match(/\b6 passing\b/);
  });
});
