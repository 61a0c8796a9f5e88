/**
 * The static files of the browser side (server/src/http/static.ts), through the real kernel: cache
 * headers by file name, precompressed copies, the single-page-app fallback, and path traversal.
 * The shell's build is a throwaway folder (COMPTOIR_HOST_DIST), the plugin a fixture with a
 * hand-written client/dist.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET = 'contenu-secret-hors-des-dossiers-servis';
const INDEX = '<!doctype html><html lang="fr"><title>Comptoir</title><div id="root"></div></html>';
const MAIN_JS = `console.log(${JSON.stringify('x'.repeat(2000))});`;

interface Raw { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** node:http, because fetch normalises `..` away and decodes compressed bodies. */
function raw(baseUrl: string, rawPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function write(file: string, content: string | Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

describe('static files: shell, plugin remotes, SPA fallback', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let dir: string;

  before(async () => {
    dir = path.join(ROOT, '.tmp', `static-${randomBytes(4).toString('hex')}`);
    const hostDist = path.join(dir, 'host-dist');
    write(path.join(dir, 'secret.txt'), SECRET);
    write(path.join(hostDist, 'index.html'), INDEX);
    write(path.join(hostDist, 'static/js/main.1a2b3c4d.js'), MAIN_JS);
    write(path.join(hostDist, 'static/js/main.1a2b3c4d.js.gz'), zlib.gzipSync(MAIN_JS));
    write(path.join(hostDist, 'robots.txt'), 'User-agent: *\n');

    const plugin = path.join(dir, 'plugins/vitrine');
    write(path.join(plugin, 'package.json'), JSON.stringify({
      name: '@comptoir-fixture/vitrine', version: '1.0.0', private: true, type: 'module',
      comptoir: { id: 'vitrine', sdk: '^0.1.0', menu: [{ label: 'Vitrine', path: '/vitrine' }], client: { remote: 'client/dist/remoteEntry.js' } },
    }));
    write(path.join(plugin, 'server/index.ts'), "import { definePlugin } from '@comptoir/sdk';\nexport default definePlugin({ id: 'vitrine' });\n");
    const dist = path.join(plugin, 'client/dist');
    write(path.join(dist, 'mf-manifest.json'), JSON.stringify({ id: 'comptoir_vitrine', name: 'comptoir_vitrine' }));
    write(path.join(dist, 'remoteEntry.js'), 'var comptoir_vitrine;');
    write(path.join(dist, '__federation_expose_App.0badc0de.js'), 'export default 1;');
    write(path.join(dist, '.comptoir-build.json'), '{"hash":"privé"}');

    k = await createTestKernel({ plugins: [plugin], env: { COMPTOIR_HOST_DIST: hostDist } });
  });

  after(async () => {
    await k?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the shell at / with no-cache', async () => {
    const res = await raw(k.url, '/', { Accept: 'text/html,application/xhtml+xml' });
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.match(/^text\/html/);
    expect(res.headers['cache-control']).to.equal('no-cache');
    expect(res.body.toString()).to.equal(INDEX);
  });

  it('answers every other page a browser navigates to with index.html (single-page app)', async () => {
    for (const page of ['/factures', '/factures/65a1b2c3d4e5f6a7b8c9d0e1', '/parametres/utilisateurs?onglet=roles']) {
      const res = await raw(k.url, page, { Accept: 'text/html' });
      expect(res.status, page).to.equal(200);
      expect(res.headers['cache-control'], page).to.equal('no-cache');
      expect(res.body.toString(), page).to.equal(INDEX);
    }
  });

  it('caches hashed files for a year, immutable, and sends the gzip copy to who accepts it', async () => {
    const plain = await raw(k.url, '/static/js/main.1a2b3c4d.js');
    expect(plain.status).to.equal(200);
    expect(plain.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).to.match(/javascript/);
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.body.toString()).to.equal(MAIN_JS);

    const gz = await raw(k.url, '/static/js/main.1a2b3c4d.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).to.equal('gzip');
    expect(gz.headers['content-type']).to.match(/javascript/);
    expect(gz.headers.vary).to.match(/Accept-Encoding/i);
    expect(zlib.gunzipSync(gz.body).toString()).to.equal(MAIN_JS);
  });

  it('serves a plugin remote from its client/dist: manifests and entries no-cache, chunks immutable', async () => {
    const manifest = await raw(k.url, '/plugins/vitrine/mf-manifest.json');
    expect(manifest.status).to.equal(200);
    expect(manifest.headers['cache-control']).to.equal('no-cache');
    expect(JSON.parse(manifest.body.toString()).name).to.equal('comptoir_vitrine');

    const entry = await raw(k.url, '/plugins/vitrine/remoteEntry.js');
    expect(entry.status).to.equal(200);
    expect(entry.headers['cache-control']).to.equal('no-cache');

    const chunk = await raw(k.url, '/plugins/vitrine/__federation_expose_App.0badc0de.js');
    expect(chunk.status).to.equal(200);
    expect(chunk.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
  });

  it('answers 304 to a revalidation of an unchanged no-cache file', async () => {
    const first = await raw(k.url, '/plugins/vitrine/mf-manifest.json');
    const again = await raw(k.url, '/plugins/vitrine/mf-manifest.json', { 'If-Modified-Since': String(first.headers['last-modified']) });
    expect(again.status).to.equal(304);
    expect(again.body.length).to.equal(0);
  });

  it('never answers /api/* with the shell, even to a browser', async () => {
    const res = await raw(k.url, '/api/nexiste-pas', { Accept: 'text/html' });
    expect(res.status).to.equal(404);
    expect(res.headers['content-type']).to.match(/json/);
    expect(JSON.parse(res.body.toString()).code).to.equal('NOT_FOUND');
    const health = await raw(k.url, '/api/health', { Accept: 'text/html' });
    expect(health.status).to.equal(200);
    expect(JSON.parse(health.body.toString()).status).to.equal('ok');
  });

  it('answers a missing file with a JSON 404, not with the shell', async () => {
    for (const p of ['/static/js/absent.0123abcd.js', '/plugins/vitrine/absent.js', '/plugins/inconnu/mf-manifest.json', '/plugins/vitrine/']) {
      const res = await raw(k.url, p);
      expect(res.status, p).to.equal(404);
      expect(JSON.parse(res.body.toString()).code, p).to.equal('NOT_FOUND');
    }
  });

  it('keeps dotfiles (the build stamp) private', async () => {
    const res = await raw(k.url, '/plugins/vitrine/.comptoir-build.json');
    expect(res.status).to.equal(404);
    expect(res.body.toString()).not.to.contain('privé');
  });

  it('refuses paths that climb out of the served folders', async () => {
    const attempts = [
      '/plugins/vitrine/../../../secret.txt',
      '/plugins/vitrine/%2e%2e/%2e%2e/%2e%2e/secret.txt',
      '/plugins/vitrine/..%2f..%2f..%2fsecret.txt',
      '/plugins/vitrine/..%5c..%5c..%5csecret.txt',
      '/../secret.txt',
      '/static/%2e%2e/%2e%2e/secret.txt',
      '/plugins/vitrine/%00.js',
    ];
    for (const p of attempts) {
      const res = await raw(k.url, p, { Accept: 'text/html' });
      expect(res.status, p).to.equal(403);
      expect(res.body.toString(), p).not.to.contain(SECRET);
      expect(JSON.parse(res.body.toString()).code, p).to.equal('FORBIDDEN');
    }
  });

  it('only answers GET and HEAD', async () => {
    const head = await raw(k.url, '/robots.txt', {}, 'HEAD');
    expect(head.status).to.equal(200);
    expect(head.body.length).to.equal(0);
    const post = await raw(k.url, '/robots.txt', { Accept: 'text/html' }, 'POST');
    expect(post.status).to.equal(404);
  });
});
