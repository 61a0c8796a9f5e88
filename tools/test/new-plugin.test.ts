/**
 * `npm run new-plugin`: the scaffolded plugin boots, passes its own tests unchanged and typechecks
 * under the repository's rules; bad ids and taken folders are refused in French, leaving nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { readManifest } from '../../server/src/plugins/manifest.ts';
import { scaffoldPlugin } from '../src/scaffold/scaffold.ts';
import { ToolError } from '../src/cli.ts';
import { BIN, REPO_ROOT, childEnv, removeDir, runNode, runTool, tmpDir, type RunResult } from './support.ts';

describe('tools : new-plugin', function () {
  this.timeout(120_000);
  let root: string;
  let dir: string;
  let created: RunResult;
  // the generated tests and the typecheck of the generated code run side by side (each takes seconds)
  let ownTests: Promise<RunResult>;
  let typecheck: Promise<RunResult>;

  before(async () => {
    root = tmpDir('new-plugin');
    dir = path.join(root, 'atelier');
    created = await runTool('new-plugin', ['atelier', '--dir', dir, '--label', 'Atelier de réparation'], childEnv({}));
    if (created.code !== 0) return;
    ownTests = runNode(
      ['--no-warnings', BIN.mocha, '--no-config', '--import=tsx', '--timeout', '30000', '--exit', path.join(dir, 'test', '*.test.ts')],
      childEnv(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    );
    const tsconfig = path.join(root, 'tsconfig.json');
    fs.writeFileSync(tsconfig, JSON.stringify({
      extends: path.join(REPO_ROOT, 'tsconfig.base.json'),
      include: [path.join(dir, 'server'), path.join(dir, 'test')],
    }));
    typecheck = runNode([BIN.tsc, '--noEmit', '-p', tsconfig], childEnv({}));
  });

  after(async () => {
    await Promise.allSettled([ownTests, typecheck]);
    removeDir(root);
  });

  it('écrit l’arbre d’un plugin et un manifeste que le noyau accepte', () => {
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stdout).to.include('Plugin « atelier » créé');
    for (const f of [
      'package.json', 'README.md', 'client/README.md', 'server/index.ts', 'server/entities.ts', 'server/routes.ts',
      'server/permissions.ts', 'server/events.ts', 'server/services/archiving.ts', 'server/services/items.ts',
      'test/atelier.test.ts', 'test/archiving.test.ts',
    ]) expect(fs.existsSync(path.join(dir, f)), f).to.equal(true);
    const migrations = fs.readdirSync(path.join(dir, 'server/migrations'));
    expect(migrations).to.have.length(1);
    expect(migrations[0]).to.match(/^\d{14}_init\.ts$/);

    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg).to.include({ name: '@comptoir/plugin-atelier', type: 'module' });
    const manifest = readManifest(dir);
    expect(manifest).to.deep.include({ id: 'atelier', sdk: '^0.1.0', dependsOn: {}, client: { remote: 'client/dist/remoteEntry.js' } });
    expect(manifest.menu).to.deep.equal([{ label: 'Atelier de réparation', path: '/atelier', icon: 'box', permission: 'atelier.items.read', order: 500 }]);

    const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
    for (const s of ['## Entities', '## Routes', '## Events', '## Decisions', 'atelier.item.archived', '/items/:id/archive']) {
      expect(readme).to.include(s);
    }
  });

  it('produit un plugin dont les tests passent sans modification', async () => {
    expect(created.code, created.stderr).to.equal(0);
    const res = await ownTests;
    expect(res.code, `${res.stdout}\n${res.stderr}`).to.equal(0);
    expect(res.stdout).to.match(/\b5 passing\b/);
    expect(res.stdout).not.to.include('failing');
  });

  it('produit un code accepté par le contrôle de types du dépôt (strict, nodenext, imports .ts)', async () => {
    expect(created.code, created.stderr).to.equal(0);
    const res = await typecheck;
    expect(res.code, res.stdout + res.stderr).to.equal(0);
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
