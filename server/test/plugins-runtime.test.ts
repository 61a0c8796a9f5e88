import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, throwawayDatabase, type TestKernel, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { bootOn, fixture } from './support/boot.ts';
import { appliedMigrations } from '../src/db/migrate.ts';
import { MigrationError } from '../src/index.ts';

describe('plugins at run time', () => {
  let k: TestKernel;
  before(async () => { k = await createTestKernel({ plugins: [fixture('beta'), fixture('alpha')] }); });
  after(() => k?.stop());

  it('lists every loaded plugin in /api/health, dependencies first', async () => {
    const res = await k.anonymous.get('/api/health');
    expect(res.status).to.equal(200);
    expect(res.body.plugins).to.deep.equal([
      { id: 'kernel', version: '0.1.0' }, { id: 'alpha', version: '1.2.0' }, { id: 'beta', version: '0.3.0' },
    ]);
  });

  it('mounts plugin routes under /api/<id> with the shared request layer', async () => {
    const created = await k.http.post('/api/alpha/notes', { title: 'Première note', amount: 12.34 });
    expect(created.status).to.equal(201);
    expect(created.body.fk.company).to.equal(k.admin.companyId);
    const list = await k.http.get('/api/alpha/notes', { query: { filters: { title: { value: 'premiere' } }, aggregations: [{ name: 't', field: 'amount' }] } });
    expect(list.body.count).to.equal(1);
    expect(list.body.aggregation.t.sum).to.equal(12.34);
    expect((await k.anonymous.get('/api/alpha/notes')).status).to.equal(401);
  });

  it('lets a plugin resolve the exports of a declared dependency, in the caller’s company', async () => {
    const res = await k.http.get('/api/beta/alpha-count');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ count: 1, company: k.admin.companyId });
  });

  it('hides a dependency’s private services', async () => {
    expect((await k.http.get('/api/beta/alpha-secret')).body).to.deep.equal({ resolved: false });
    expect((await k.http.get('/api/alpha/whoami')).body.secret).to.equal('privé');
  });

  it('serves the plugin menu filtered by permission in /api/kernel/plugins', async () => {
    const res = await k.http.get('/api/kernel/plugins');
    const alpha = res.body.data.find((p: { id: string }) => p.id === 'alpha');
    expect(alpha.menu).to.deep.equal([{ label: 'Alpha', path: '/alpha', permission: 'alpha.notes.read' }]);
    expect(alpha.permissions).to.deep.equal(['alpha.notes.read', 'alpha.notes.manage']);
  });

  it('catalogues the permissions plugins declare', async () => {
    const res = await k.http.get('/api/kernel/permissions');
    const names = res.body.data.map((p: { sysName: string }) => p.sysName);
    expect(names).to.include.members(['kernel.users.read', 'alpha.notes.manage']);
  });
});

describe('migrations per plugin', () => {
  let database: ThrowawayDatabase;
  beforeEach(async () => { database = await throwawayDatabase(); });
  afterEach(() => database.drop());

  it('are idempotent on re-boot and incremental when a plugin is added', async () => {
    const first = await bootOn(database, [fixture('alpha')]);
    expect(await appliedMigrations(first.db, 'alpha')).to.deep.equal(['20261121000000_notes']);
    expect(await first.db.schema.hasTable('beta_migrations')).to.equal(false);
    await first.stop();

    const again = await bootOn(database, [fixture('alpha')]);
    const [{ n }] = await again.db('alpha_migrations').count({ n: '*' });
    expect(Number(n)).to.equal(1);
    await again.stop();

    const more = await bootOn(database, [fixture('alpha'), fixture('beta')]);
    expect(await appliedMigrations(more.db, 'alpha')).to.deep.equal(['20261121000000_notes']);
    expect(await appliedMigrations(more.db, 'beta')).to.deep.equal(['20261121000000_things', '20261121000100_more']);
    expect(await more.db.schema.hasColumn('beta_things', 'extra')).to.equal(true);
    await more.stop();
  });

  it('stop the boot on a failure and leave that plugin’s schema as it was', async () => {
    const ok = await bootOn(database, [fixture('alpha')]);
    await ok.stop();
    let error: unknown;
    try { await bootOn(database, [fixture('alpha'), fixture('broken')]); } catch (e) { error = e; }
    expect(error).to.be.instanceOf(MigrationError);
    expect((error as Error).message).to.match(/Plugin « broken » : échec de la migration/);
    const check = await bootOn(database, [fixture('alpha')]);
    expect(await check.db.schema.hasTable('broken_first')).to.equal(false);
    expect(await check.db.schema.hasTable('broken_second')).to.equal(false);
    expect(await appliedMigrations(check.db, 'broken')).to.deep.equal([]);
    expect(await appliedMigrations(check.db, 'alpha')).to.deep.equal(['20261121000000_notes']);
    await check.stop();
  });

  it('a failed boot closes what it opened: no connection to the database is left behind', async () => {
    // before, the mail queue's timer and the pool outlived a failed boot and kept querying a
    // database the caller then dropped
    const openConnections = async (): Promise<number> => {
      if (!database.url) {
        const file = path.join(database.dataDir, 'comptoir.sqlite');
        return fs.readdirSync('/proc/self/fd').filter((fd) => {
          try { return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(file); } catch { return false; }
        }).length;
      }
      const check = await bootOn(database, []);
      const name = new URL(database.url).pathname.slice(1);
      const [rows] = await check.db.raw('SELECT COUNT(*) AS n FROM information_schema.processlist WHERE db = ?', [name]);
      const n = Number(rows[0].n);
      await check.stop();
      return n - 1; // the check's own connection
    };
    const before = await openConnections();
    await bootOn(database, [fixture('alpha'), fixture('broken')]).catch(() => null);
    expect(await openConnections()).to.equal(before);
  });

  it('run down then up again to the same schema (up/down/up)', async () => {
    const { rollbackPlugin, migratePlugin } = await import('../src/db/migrate.ts');
    const kernel = await bootOn(database, [fixture('alpha'), fixture('beta')]);
    const plugins = new Map(kernel.plugins.map((p) => [p.def.id, p.def]));
    for (const id of ['beta', 'alpha', 'kernel']) {
      await rollbackPlugin(kernel.db, id, plugins.get(id)!.migrations ?? []);
      expect(await appliedMigrations(kernel.db, id)).to.deep.equal([]);
    }
    expect(await kernel.db.schema.hasTable('kernel_users')).to.equal(false);
    for (const id of ['kernel', 'alpha', 'beta']) await migratePlugin(kernel.db, id, plugins.get(id)!.migrations ?? []);
    expect(await kernel.db.schema.hasColumn('beta_things', 'extra')).to.equal(true);
    expect(await kernel.db.schema.hasTable('kernel_users')).to.equal(true);
    await kernel.stop();
  });
});
