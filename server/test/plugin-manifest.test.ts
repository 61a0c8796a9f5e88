import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readManifest, discoverPluginDirs, pluginRoots, PluginError } from '../src/plugins/manifest.ts';
import { loadDefinition } from '../src/plugins/load.ts';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { fixture, FIXTURES as FIXTURE_ROOT } from './support/boot.ts';

// inside the checkout, so that `@comptoir/sdk` resolves as it does for an installed plugin
const SCRATCH = path.join(import.meta.dirname, '../../.tmp');

function pluginDir(pkg: unknown, server?: string): string {
  fs.mkdirSync(SCRATCH, { recursive: true });
  const dir = fs.mkdtempSync(path.join(SCRATCH, 'manifest-'));
  fs.writeFileSync(path.join(dir, 'package.json'), typeof pkg === 'string' ? pkg : JSON.stringify(pkg));
  if (server !== undefined) {
    fs.mkdirSync(path.join(dir, 'server'));
    fs.writeFileSync(path.join(dir, 'server', 'index.ts'), server);
  }
  return dir;
}

describe('plugin manifests', () => {
  it('reads the comptoir field with defaults', () => {
    const m = readManifest(fixture('beta'));
    expect(m).to.include({ id: 'beta', version: '0.3.0', sdk: '^0.1.0', server: './server/index.ts' });
    expect(m.dependsOn).to.deep.equal({ alpha: '^1.0.0' });
    expect(m.menu).to.deep.equal([]);
  });

  const bad: [string, unknown, RegExp][] = [
    ['unreadable JSON', '{ nope', /package\.json illisible/],
    ['no comptoir field', { name: 'x', version: '1.0.0' }, /le champ « comptoir » manque/],
    ['bad id', { version: '1.0.0', comptoir: { id: 'Mon Plugin', sdk: '*' } }, /« comptoir\.id » doit être en minuscules/],
    ['no sdk range', { version: '1.0.0', comptoir: { id: 'x' } }, /« comptoir\.sdk » .* est obligatoire/],
    ['bad dependsOn', { version: '1.0.0', comptoir: { id: 'x', sdk: '*', dependsOn: ['a'] } }, /« comptoir\.dependsOn »/],
    ['bad menu', { version: '1.0.0', comptoir: { id: 'x', sdk: '*', menu: [{ label: 1 }] } }, /« comptoir\.menu »/],
  ];
  for (const [what, pkg, message] of bad) {
    it(`refuses ${what} with a French sentence`, () => {
      expect(() => readManifest(pluginDir(pkg))).to.throw(PluginError, message);
    });
  }

  it('discovers folders holding a comptoir package, and a folder that is itself a plugin', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-root-'));
    fs.cpSync(fixture('alpha'), path.join(root, 'alpha'), { recursive: true });
    fs.mkdirSync(path.join(root, 'not-a-plugin'));
    fs.writeFileSync(path.join(root, 'not-a-plugin', 'package.json'), '{"name":"x"}');
    expect(discoverPluginDirs([root])).to.deep.equal([path.join(root, 'alpha')]);
    expect(discoverPluginDirs([fixture('beta')])).to.deep.equal([fixture('beta')]);
    expect(() => discoverPluginDirs(['/nonexistent/plugins'])).to.throw(PluginError, 'Dossier de plugins introuvable');
  });

  it('looks in the built-in folder only when it exists, and in every COMPTOIR_PLUGINS_PATH folder', () => {
    // a fresh clone has no plugins/ folder yet: that is not an error
    expect(pluginRoots({ builtinPluginsDir: '/nonexistent/builtin', pluginsPaths: ['/x/extra'] })).to.deep.equal(['/x/extra']);
    expect(pluginRoots({ builtinPluginsDir: FIXTURE_ROOT, pluginsPaths: [FIXTURE_ROOT, '/x/extra'] })).to.deep.equal([FIXTURE_ROOT, '/x/extra']);
    // but a folder named in COMPTOIR_PLUGINS_PATH that does not exist is refused by discovery
    expect(() => discoverPluginDirs(pluginRoots({ builtinPluginsDir: '/nonexistent/builtin', pluginsPaths: ['/x/extra'] })))
      .to.throw(PluginError, 'Dossier de plugins introuvable : /x/extra.');
  });

  it('refuses an entry whose definePlugin id differs from the manifest', async () => {
    const dir = pluginDir({ version: '1.0.0', comptoir: { id: 'x', sdk: '*' } },
      "import { definePlugin } from '@comptoir/sdk'; export default definePlugin({ id: 'y' });");
    let err: unknown;
    try { await loadDefinition(readManifest(dir)); } catch (e) { err = e; }
    expect((err as Error).message).to.match(/definePlugin déclare l’identifiant « y », différent du manifeste/);
  });

  it('refuses a route requiring a permission the plugin does not declare', async () => {
    const dir = pluginDir({ version: '1.0.0', comptoir: { id: 'x', sdk: '*' } },
      "import { definePlugin } from '@comptoir/sdk'; export default definePlugin({ id: 'x', routes: [{ method: 'GET', path: '/a', permission: 'x.secret', handler: () => 1 }] });");
    let err: unknown;
    try { await loadDefinition(readManifest(dir)); } catch (e) { err = e; }
    expect((err as Error).message).to.match(/exige la permission non déclarée « x\.secret »/);
  });

  it('refuses a missing server entry', async () => {
    const dir = pluginDir({ version: '1.0.0', comptoir: { id: 'x', sdk: '*' } });
    let err: unknown;
    try { await loadDefinition(readManifest(dir)); } catch (e) { err = e; }
    expect((err as Error).message).to.match(/point d’entrée serveur introuvable/);
  });
});

describe('plugin isolation', () => {
  let k: TestKernel;
  before(async () => { k = await createTestKernel({ plugins: [fixture('alpha'), fixture('gamma')] }); });
  after(() => k?.stop());

  it('a plugin that does not depend on another can neither resolve its services nor use its tables', async () => {
    const res = await k.http.get('/api/gamma/probe');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ service: false, table: false });
  });
});
