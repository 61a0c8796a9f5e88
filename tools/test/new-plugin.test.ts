/**
 * `npm run new-plugin`: the scaffolded plugin boots, passes its own tests unchanged, typechecks with
 * its own tsconfig files (server and client) and builds its React remote on its own (`npm run build`
 * in its folder); bad ids and taken folders are refused in French, leaving nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { expect } from 'chai';
import { readManifest } from '../../server/src/plugins/manifest.ts';
import { scaffoldPlugin } from '../src/scaffold/scaffold.ts';
import { ToolError } from '../src/cli.ts';
import { BIN, REPO_ROOT, childEnv, removeDir, runNode, runTool, tmpDir, type RunResult } from './support.ts';

/** `npm run <script>` in `cwd`, as the plugin's author types it; never rejects on a non-zero exit. */
function npmRun(script: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => { clearTimeout(timer); reject(e); });
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr, ms: Date.now() - started }); });
  });
}

describe('tools : new-plugin', function () {
  this.timeout(180_000);
  let root: string;
  let dir: string;
  let created: RunResult;
  // the generated tests, the typecheck of the generated code and the remote build run side by side
  let ownTests: Promise<RunResult>;
  let typecheck: Promise<RunResult>;
  let clientTypecheck: Promise<RunResult>;
  let build: Promise<RunResult>;

  before(async () => {
    root = tmpDir('new-plugin');
    dir = path.join(root, 'atelier');
    created = await runTool('new-plugin', ['atelier', '--dir', dir, '--label', 'Atelier de réparation'], childEnv({}));
    if (created.code !== 0) return;
    ownTests = runNode(
      ['--no-warnings', BIN.mocha, '--no-config', '--import=tsx', '--timeout', '30000', '--exit', path.join(dir, 'test', '*.test.ts')],
      childEnv(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    );
    // the plugin's own tsconfig files: they must work without the checkout's
    typecheck = runNode([BIN.tsc, '--noEmit', '-p', path.join(dir, 'tsconfig.json')], childEnv({}));
    clientTypecheck = runNode([BIN.tsc, '--noEmit', '-p', path.join(dir, 'client/tsconfig.json')], childEnv({}));
    const buildEnv = childEnv({});
    delete buildEnv.NODE_OPTIONS;
    build = npmRun('build', dir, buildEnv);
  });

  after(async () => {
    await Promise.allSettled([ownTests, typecheck, clientTypecheck, build]);
    removeDir(root);
  });

  it('écrit l’arbre d’un plugin et un manifeste que le noyau accepte', () => {
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stdout).to.include('Plugin « atelier » créé');
    for (const f of [
      'package.json', '.gitignore', 'tsconfig.json', 'README.md', 'contract.ts', 'schemas/index.ts', 'server/index.ts', 'server/entities.ts',
      'server/routes/index.ts', 'server/routes/items.ts', 'server/permissions.ts', 'server/events.ts', 'server/seed.ts',
      'server/services/deps.ts', 'server/services/items/archiving.ts', 'server/services/items/items.ts',
      'client/README.md', 'client/rspack.config.ts', 'client/tsconfig.json', 'client/src/App.tsx', 'client/src/api.ts',
      'client/src/items/ItemsScreen.tsx', 'client/src/items/NewItemScreen.tsx', 'client/src/items/ItemScreen.tsx',
      'client/src/Settings.tsx', 'test/atelier.test.ts', 'test/archiving.test.ts', 'test/seed.test.ts',
    ]) expect(fs.existsSync(path.join(dir, f)), f).to.equal(true);
    // the plugin skeleton of sdk/README.md: no flat route file, no seed under another name
    for (const f of ['server/routes.ts', 'server/seed-demo.ts', 'server/services/items.ts']) expect(fs.existsSync(path.join(dir, f)), f).to.equal(false);
    const migrations = fs.readdirSync(path.join(dir, 'server/migrations'));
    expect(migrations).to.have.length(1);
    expect(migrations[0]).to.match(/^\d{14}_init\.ts$/);

    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg).to.include({ name: '@comptoir/plugin-atelier', type: 'module' });
    expect(pkg.exports).to.deep.equal({ './contract': './contract.ts' });
    expect(pkg.scripts.build).to.equal('rspack build -c client/rspack.config.ts');
    expect(pkg.scripts).to.have.keys('build', 'typecheck', 'test');
    // the shell's singletons are peers (never bundled), at the versions the checkout installs
    const host = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'host/package.json'), 'utf8'));
    expect(pkg.peerDependencies).to.deep.equal({
      react: host.dependencies.react, 'react-router': host.dependencies['react-router'],
      '@tanstack/react-query': host.dependencies['@tanstack/react-query'], '@mantine/core': host.dependencies['@mantine/core'],
    });
    expect(pkg.devDependencies['@rspack/cli']).to.equal(host.devDependencies['@rspack/cli']);
    const manifest = readManifest(dir);
    expect(manifest).to.deep.include({ id: 'atelier', sdk: '^0.1.0', dependsOn: {}, client: { remote: 'client/dist/remoteEntry.js' } });
    expect(manifest.menu).to.deep.equal([{ label: 'Atelier de réparation', path: '/atelier', icon: 'box', permission: 'atelier.items.read', order: 500 }]);

    const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
    for (const s of ['## Entities', '## Routes', '## Events', '## Decisions', 'atelier.item.archived', '/items/:id/archive', 'COMPTOIR_PLUGINS_PATH']) {
      expect(readme).to.include(s);
    }
  });

  it('écrit un remote React : configuration d’une ligne, écrans en français relatifs au point de montage', () => {
    expect(created.code, created.stderr).to.equal(0);
    const config = fs.readFileSync(path.join(dir, 'client/rspack.config.ts'), 'utf8');
    expect(config).to.include("import { pluginRemoteConfig } from '@comptoir/sdk/rspack';");
    expect(config).to.include('export default pluginRemoteConfig(`${import.meta.dirname}/..`);');
    const app = fs.readFileSync(path.join(dir, 'client/src/App.tsx'), 'utf8');
    expect(app).to.include('<Route index element={<ItemsScreen />} />');
    expect(app).to.include('<Route path=":id"');
    expect(app).not.to.match(/path="\/atelier/); // relative to the mount, never absolute
    const list = fs.readFileSync(path.join(dir, 'client/src/items/ItemsScreen.tsx'), 'utf8');
    for (const s of ['useList<Item>(ITEMS', 'formatMoney(', 'formatDate(', '@mantine/core', 'Atelier de réparation', 'Nouvel élément', '<PageHeader', '<ListFooter']) {
      expect(list).to.include(s);
    }
    expect(fs.readFileSync(path.join(dir, 'client/src/items/NewItemScreen.tsx'), 'utf8')).to.include('<MoneyInput');
    expect(fs.readFileSync(path.join(dir, 'client/src/api.ts'), 'utf8')).to.include("export const ITEMS = '/atelier/items';");
  });

  it('suit le squelette des plugins : contrat typé, routes par service, autres plugins par deps.ts', () => {
    expect(created.code, created.stderr).to.equal(0);
    const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
    expect(read('contract.ts')).to.include("items: defineServiceRef<AtelierItemsService>('atelier.items')");
    const index = read('server/index.ts');
    expect(index).to.include('satisfies ServicesFor<typeof atelierServices>');
    expect(index).to.include('exports: exportsOf(atelierServices)');
    expect(index).to.include("import { routes } from './routes/index.ts';");
    expect(index).to.include("import { seedDemo } from './seed.ts';");
    expect(read('server/routes/items.ts')).to.include("serviceRoutes<ItemsService>('items'");
    expect(read('server/services/deps.ts')).to.include('ctx.use(kernelServices.notifier)');
    const service = read('server/services/items/items.ts');
    expect(service).to.include("import { notifier } from '../deps.ts';");
    expect(service).not.to.include('resolve<');
    expect(created.stdout).to.include('npm run build');
    expect(created.stdout).to.include(`COMPTOIR_PLUGINS_PATH=${dir}`);
  });

  it('construit son remote seul (npm run build) : mf-manifest.json, remoteEntry.js, ./App et ./Settings', async () => {
    expect(created.code, created.stderr).to.equal(0);
    const res = await build;
    expect(res.code, `${res.stdout}\n${res.stderr}`).to.equal(0);
    const dist = path.join(dir, 'client/dist');
    expect(fs.existsSync(path.join(dist, 'remoteEntry.js'))).to.equal(true);
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
    expect(manifest.name).to.equal('comptoir_atelier');
    expect(manifest.exposes.map((e: { name: string }) => e.name).sort()).to.deep.equal(['App', 'Settings']);
    expect(manifest.metaData.publicPath).to.equal('/plugins/atelier/');
    // React, Mantine, the router and the SDK come from the shell: consumed, never bundled
    const shared = manifest.shared.map((s: { name: string }) => s.name);
    expect(shared).to.include.members(['react', '@mantine/core', 'react-router', '@comptoir/sdk/react']);
    const js = fs.readdirSync(dist).filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n');
    expect(js).not.to.include('react.transitional.element');
    expect(js).not.to.include('MantineProvider was not found');
    expect(js).not.to.include('useComptoir() doit être appelé');
    expect(js).not.to.include('__name(');
  });

  it('produit un plugin dont les tests passent sans modification', async () => {
    expect(created.code, created.stderr).to.equal(0);
    const res = await ownTests;
    expect(res.code, `${res.stdout}\n${res.stderr}`).to.equal(0);
    expect(res.stdout).to.match(/\b7 passing\b/);
    expect(res.stdout).not.to.include('failing');
  });

  it('produit un code accepté par ses propres tsconfig (strict, nodenext, imports .ts ; DOM et JSX pour le client)', async () => {
    expect(created.code, created.stderr).to.equal(0);
    const [server, client] = await Promise.all([typecheck, clientTypecheck]);
    expect(server.code, server.stdout + server.stderr).to.equal(0);
    expect(client.code, client.stdout + client.stderr).to.equal(0);
  });
});

describe('tools : new-plugin refuse', function () {
  this.timeout(30_000);
  let root: string;
  let builtin: string;

  beforeEach(() => {
    root = tmpDir('new-plugin-refus');
    builtin = path.join(root, 'plugins');
    fs.mkdirSync(builtin);
  });

  afterEach(() => removeDir(root));

  const refused: [string | undefined, string][] = [
    [undefined, 'indiquez l’identifiant du plugin'],
    ['Atelier', 'identifiant invalide « Atelier »'],
    ['mon_plugin', 'identifiant invalide'],
    ['1atelier', 'identifiant invalide'],
    ['atelier--velo', 'identifiant invalide'],
    ['atelier-', 'identifiant invalide'],
    ['kernel', '« kernel » est réservé au noyau'],
    ['auth', '« auth » est déjà une adresse du noyau (/api/auth)'],
    ['a'.repeat(41), 'identifiant trop long'],
  ];
  for (const [id, message] of refused) {
    it(`refuse ${JSON.stringify(id)} sans rien écrire`, () => {
      const dir = path.join(root, 'cible');
      expect(() => scaffoldPlugin({ id, dir, builtinDir: builtin })).to.throw(ToolError, message);
      expect(fs.existsSync(dir)).to.equal(false);
    });
  }

  it('refuse un libellé de menu sur plusieurs lignes ou trop long', () => {
    const dir = path.join(root, 'cible');
    expect(() => scaffoldPlugin({ id: 'atelier', dir, builtinDir: builtin, label: 'Atelier\nvélo' })).to.throw(ToolError, 'libellé du menu');
    expect(() => scaffoldPlugin({ id: 'atelier', dir, builtinDir: builtin, label: 'x'.repeat(61) })).to.throw(ToolError, 'libellé du menu');
    expect(fs.existsSync(dir)).to.equal(false);
  });

  it('refuse un dossier qui existe déjà et n’y touche pas', () => {
    const dir = path.join(root, 'atelier');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'à garder');
    expect(() => scaffoldPlugin({ id: 'atelier', dir, builtinDir: builtin })).to.throw(ToolError, 'existe déjà');
    expect(fs.readdirSync(dir)).to.deep.equal(['notes.txt']);
  });

  it('refuse un identifiant déjà pris par un plugin de plugins/', () => {
    fs.mkdirSync(path.join(builtin, 'ancien'));
    fs.writeFileSync(path.join(builtin, 'ancien', 'package.json'), JSON.stringify({ name: 'x', comptoir: { id: 'atelier' } }));
    const dir = path.join(root, 'ailleurs', 'atelier');
    expect(() => scaffoldPlugin({ id: 'atelier', dir, builtinDir: builtin })).to.throw(ToolError, 'un plugin « atelier » existe déjà');
    expect(fs.existsSync(dir)).to.equal(false);
  });

  it('en ligne de commande : code de sortie 1 et message en français', async () => {
    const dir = path.join(root, 'cible');
    const res = await runTool('new-plugin', ['Mauvais_Id', '--dir', dir], childEnv({}));
    expect(res.code).to.equal(1);
    expect(res.stderr).to.include('Création du plugin impossible : identifiant invalide « Mauvais_Id »');
    expect(fs.existsSync(dir)).to.equal(false);
  });
});
