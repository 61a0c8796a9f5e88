/**
 * `npm run migrate`: status, up, down and up again on a throwaway database (SQLite, or MariaDB/MySQL
 * when DATABASE_URL is set) with a scaffolded plugin found through COMPTOIR_PLUGINS_PATH.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { throwawayDatabase, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { scaffoldPlugin } from '../src/scaffold/scaffold.ts';
import { count } from '../src/cli.ts';
import kernelPlugin from '../../server/src/platform/index.ts';
import { childEnv, databaseEnv, removeDir, runTool, tmpDir, withDatabase, type RunResult } from './support.ts';

/** the kernel's migrations, in order: a new one must not break these tests */
const KERNEL_MIGRATIONS = (kernelPlugin.migrations ?? []).map((m) => m.name);

describe('tools : migrate', function () {
  this.timeout(60_000);
  let root: string;
  let db: ThrowawayDatabase;
  let env: NodeJS.ProcessEnv;
  let migrationName: string;

  const migrate = (...args: string[]) => runTool('migrate', args, env);
  const ok = (res: RunResult) => expect(res.code, `${res.stdout}\n${res.stderr}`).to.equal(0);
  const has = (table: string) => withDatabase(db, (k) => k.schema.hasTable(table));
  const applied = (table: string) => withDatabase(db, async (k: Knex) =>
    (await k.schema.hasTable(table)) ? (await k(table).select('name')).map((r: { name: string }) => r.name) : []);

  before(async () => {
    root = tmpDir('migrate');
    fs.mkdirSync(path.join(root, 'builtin'));
    const plugin = scaffoldPlugin({ id: 'atelier', dir: path.join(root, 'plugins', 'atelier'), builtinDir: path.join(root, 'builtin') });
    migrationName = plugin.names.migrationName;
    db = await throwawayDatabase();
    env = childEnv({
      ...databaseEnv(db),
      COMPTOIR_PLUGINS_PATH: path.join(root, 'plugins'),
      // only the kernel and the scaffolded plugin, whatever plugins/ of the checkout holds today
      COMPTOIR_BUILTIN_PLUGINS: path.join(root, 'builtin'),
    });
  });

  after(async () => {
    await db?.drop();
    removeDir(root);
  });

  it('status sur une base vide : tout est en attente, rien n’est créé', async () => {
    const res = await migrate('status');
    ok(res);
    expect(res.stdout).to.include(`Base : ${db.url ? 'MySQL/MariaDB' : 'SQLite'}`);
    expect(res.stdout).to.include(`kernel 0.1.0 : aucune migration appliquée, ${count(KERNEL_MIGRATIONS.length, 'migration')} en attente`);
    expect(res.stdout).to.include('atelier 0.1.0 : aucune migration appliquée, 1 migration en attente');
    expect(res.stdout).to.include(`· en attente  ${migrationName}`);
    expect(await has('kernel_migrations')).to.equal(false);
  });

  it('refuse up --plugin atelier tant que le noyau a des migrations en attente', async () => {
    const res = await migrate('up', '--plugin', 'atelier');
    expect(res.code).to.equal(1);
    expect(res.stderr).to.include(`« atelier » dépend de « kernel », qui a ${count(KERNEL_MIGRATIONS.length, 'migration')} en attente`);
    expect(await has('atelier_items')).to.equal(false);
  });

  it('up applique le noyau puis le plugin, avec les colonnes du schéma', async () => {
    const res = await migrate('up');
    ok(res);
    expect(res.stdout.indexOf('kernel : ✓ 20261121000000_platform appliquée')).to.be.greaterThan(-1);
    expect(res.stdout.indexOf(`atelier : ✓ ${migrationName} appliquée`)).to.be.greaterThan(res.stdout.indexOf('kernel : ✓'));
    expect(res.stdout).to.include(`Terminé : ${count(KERNEL_MIGRATIONS.length + 1, 'migration', 'appliquée')}.`);
    expect(await applied('atelier_migrations')).to.deep.equal([migrationName]);
    const columns = await withDatabase(db, (k) => k('atelier_items').columnInfo());
    expect(Object.keys(columns)).to.include.members([
      '_id', 'fk_company', 'name', 'description', 'price', 'archived', 'archivedAt', 'metadata_creationDate', 'extradata', 'userProps',
    ]);
    expect(await has('kernel_users')).to.equal(true);
  });

  it('status après up : tout est appliqué ; up une seconde fois ne fait rien', async () => {
    const status = await migrate('status');
    ok(status);
    expect(status.stdout).to.include('atelier 0.1.0 : 1 migration appliquée, aucune migration en attente');
    expect(status.stdout).to.include(`✓ appliquée   ${migrationName}`);
    const again = await migrate('up');
    ok(again);
    expect(again.stdout).to.include('atelier : à jour');
    expect(again.stdout).to.include('Terminé : aucune migration appliquée.');
  });

  it('refuse down --plugin kernel tant qu’un plugin qui en dépend a des migrations appliquées', async () => {
    const res = await migrate('down', '--plugin', 'kernel');
    expect(res.code).to.equal(1);
    expect(res.stderr).to.include('« atelier » dépend de « kernel » et a 1 migration appliquée');
    expect(await has('kernel_users')).to.equal(true);
  });

  it('down --plugin atelier --steps 1 ne revient que sur le plugin', async () => {
    const res = await migrate('down', '--plugin', 'atelier', '--steps', '1');
    ok(res);
    expect(res.stdout).to.include(`atelier : ✗ ${migrationName} annulée`);
    expect(await has('atelier_items')).to.equal(false);
    expect(await applied('atelier_migrations')).to.deep.equal([]);
    expect(await has('kernel_users')).to.equal(true);
  });

  it('down sans --plugin revient sur tous les plugins, dans l’ordre inverse des dépendances', async () => {
    ok(await migrate('up', '--plugin', 'atelier'));
    expect(await has('atelier_items')).to.equal(true);
    const res = await migrate('down');
    ok(res);
    const pluginLine = res.stdout.indexOf(`atelier : ✗ ${migrationName} annulée`);
    const kernelLine = res.stdout.indexOf('kernel : ✗ 20261121000000_platform annulée');
    expect(pluginLine).to.be.greaterThan(-1);
    expect(kernelLine).to.be.greaterThan(pluginLine);
    expect(res.stdout).to.include(`Terminé : ${count(KERNEL_MIGRATIONS.length + 1, 'migration', 'annulée')}.`);
    for (const t of ['atelier_items', 'kernel_users', 'kernel_companies']) expect(await has(t), t).to.equal(false);
  });

  it('up de nouveau : le schéma revient, et une écriture passe', async () => {
    ok(await migrate('up'));
    expect(await applied('kernel_migrations')).to.deep.equal(KERNEL_MIGRATIONS);
    expect(await applied('atelier_migrations')).to.deep.equal([migrationName]);
    await withDatabase(db, async (k) => {
      const now = new Date().toISOString();
      await k('atelier_items').insert({
        _id: '0123456789abcdef01234567', fk_company: '0123456789abcdef01234568', name: 'Vélo', price: 125000,
        archived: false, metadata_creationDate: now, metadata_lastModificationDate: now,
      });
      expect(Number((await k('atelier_items').count({ n: '*' }).first())?.n)).to.equal(1);
    });
  });

  it('répond en français avec le code 1 sur une commande, un plugin ou un --steps invalides', async () => {
    const unknownCommand = await migrate('avance');
    expect(unknownCommand.code).to.equal(1);
    expect(unknownCommand.stderr).to.include('commande inconnue « avance »');
    const unknownPlugin = await migrate('down', '--plugin', 'inconnu');
    expect(unknownPlugin.code).to.equal(1);
    expect(unknownPlugin.stderr).to.include('plugin « inconnu » introuvable (plugins présents : kernel, atelier)');
    const badSteps = await migrate('down', '--steps', 'deux');
    expect(badSteps.code).to.equal(1);
    expect(badSteps.stderr).to.include('--steps doit être un entier positif');
    expect(await has('atelier_items')).to.equal(true);
  });
});
