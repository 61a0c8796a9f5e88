/**
 * Two `npm start` processes started together on one empty database (issue 11, item 17): the first
 * start — server settings, COMPTOIR_ADMIN_*'s administrator, the demo account and its examples —
 * runs under a database lock, so both start (exit code 0 on SIGTERM), exactly one of each is made,
 * and each says which case applied to it. Nothing either prints (stdout with the info logs, stderr)
 * holds a password hash, the password, or a statement with its values. SQLite, or MariaDB with
 * DATABASE_URL (there the demo needs COMPTOIR_DEMO=1).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { throwawayDatabase, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { openDatabase } from '../../server/src/db/connect.ts';
import { DEMO_COMPANY, DEMO_LOGIN } from '../../tools/src/demo-company.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const ADMIN = { email: 'gerante@boulangerie-martin.fr', password: 'un-mot-de-passe-solide-42' };
const READY = /Comptoir est prêt : (\S+)/;

interface Started { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; url: string | null }

/** Runs the start process until it is ready (then SIGTERM) or exits on its own. */
function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/integration/kernel-first-start-process.ts')], {
    cwd: ROOT,
    env: { ...cleanEnv(), PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let url: string | null = null;
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    const ready = READY.exec(stdout);
    if (ready && !url) {
      url = ready[1];
      // the summary follows the « prêt » line in the same write; let it come, then stop
      setTimeout(() => child.kill('SIGTERM'), 300);
    }
  });
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) => child.on('exit', (code, signal) => {
    clearTimeout(timer);
    resolve({ code, signal, stdout, stderr, url });
  }));
}

/** This environment without what each test chooses. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'DATA_DIR', 'COMPTOIR_PLUGINS_PATH', 'COMPTOIR_BUILTIN_PLUGINS', 'COMPTOIR_ADMIN_EMAIL', 'COMPTOIR_ADMIN_PASSWORD', 'COMPTOIR_DEMO', 'NODE_ENV', 'REDIS_URL']) delete env[k];
  return env;
}

async function withDb<T>(db: ThrowawayDatabase, fn: (k: Knex) => Promise<T>): Promise<T> {
  const k = openDatabase({ databaseUrl: db.url, dataDir: db.dataDir });
  try { return await fn(k); } finally { await k.destroy(); }
}

const count = async (k: Knex, table: string, where: Record<string, unknown> = {}) =>
  Number((await k(table).where(where).count({ n: '*' }).first())?.n);

/** Nothing printed may hold a hash, a password, or a statement with its values. */
function expectNothingSecret(runs: Started[], ...secrets: string[]) {
  for (const r of runs) {
    const out = r.stdout + r.stderr;
    for (const s of ['$argon2', 'insert into', 'Duplicate entry', 'values (', ...secrets]) {
      expect(out.toLowerCase(), `« ${s} » printed:\n${out}`).not.to.include(s.toLowerCase());
    }
  }
}

function expectBothStarted(runs: Started[]) {
  for (const r of runs) {
    expect(r.url, `not started:\n${r.stdout}\n${r.stderr}`).to.be.a('string');
    expect(r.code, `exit ${r.code}/${r.signal}:\n${r.stderr}`).to.equal(0);
    expect(r.stderr).to.equal('');
  }
}

describe('kernel : premier démarrage de deux processus ensemble sur une base vide', function () {
  this.timeout(240_000);
  const mysql = Boolean(process.env.DATABASE_URL);
  let db: ThrowawayDatabase | undefined;
  let noPlugins: string;

  before(() => { noPlugins = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-no-plugins-')); });
  after(() => fs.rmSync(noPlugins, { recursive: true, force: true }));
  afterEach(async () => { await db?.drop(); db = undefined; });

  it('COMPTOIR_ADMIN_* : les deux démarrent, un seul administrateur, une seule ligne de paramètres du serveur, aucun hachage affiché', async () => {
    db = await throwawayDatabase();
    const env = {
      DATA_DIR: db.dataDir, ...(db.url ? { DATABASE_URL: db.url } : {}), COMPTOIR_BUILTIN_PLUGINS: noPlugins,
      COMPTOIR_ADMIN_EMAIL: ADMIN.email, COMPTOIR_ADMIN_PASSWORD: ADMIN.password,
    };
    const runs = await Promise.all([start(env), start(env)]);
    expectBothStarted(runs);
    expectNothingSecret(runs, ADMIN.password);
    const said = runs.map((r) => r.stdout);
    expect(said.filter((s) => s.includes(`Administrateur du serveur créé : ${ADMIN.email}`))).to.have.length(1);
    // the one that created it: not the demo (an administrator was given); the other: the users it found
    expect(said.filter((s) => s.includes('Pas de compte de démonstration : COMPTOIR_ADMIN_EMAIL est défini'))).to.have.length(1);
    expect(said.filter((s) => s.includes('Pas de compte de démonstration : la base contient déjà des utilisateurs'))).to.have.length(1);
    await withDb(db, async (k) => {
      expect(await count(k, 'kernel_users')).to.equal(1);
      expect(await count(k, 'kernel_users', { email: ADMIN.email })).to.equal(1);
      expect(await count(k, 'kernel_companies')).to.equal(1);
      expect(await count(k, 'kernel_server_settings')).to.equal(1);
      expect(await count(k, 'kernel_roles', { mode: 'global' })).to.equal(1);
    });
  });

  it(`sans administrateur${mysql ? ' (COMPTOIR_DEMO=1)' : ''} : un seul compte de démonstration, « Administrateur » de sa seule entreprise, exemples de chaque plugin non doublés`, async () => {
    db = await throwawayDatabase();
    const env = { DATA_DIR: db.dataDir, ...(db.url ? { DATABASE_URL: db.url, COMPTOIR_DEMO: '1' } : {}) };
    const runs = await Promise.all([start(env), start(env)]);
    expectBothStarted(runs);
    expectNothingSecret(runs);
    const said = runs.map((r) => r.stdout);
    expect(said.filter((s) => s.includes(`Compte de démonstration créé : ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password} (rôle Administrateur de « ${DEMO_COMPANY.name} »)`))).to.have.length(1);
    expect(said.filter((s) => s.includes(`Compte de démonstration déjà présent : ${DEMO_LOGIN.email}`))).to.have.length(1);
    await withDb(db, async (k) => {
      expect(await count(k, 'kernel_users')).to.equal(1);
      expect(await count(k, 'kernel_companies', { name: DEMO_COMPANY.name })).to.equal(1);
      expect(await count(k, 'kernel_server_settings')).to.equal(1);
      expect(await count(k, 'kernel_roles', { mode: 'global' })).to.equal(0);
      expect(await count(k, 'kernel_establishments')).to.equal(1);
      for (const [table, column] of [['contacts_customers', 'email'], ['catalogue_items', 'name'], ['kernel_groups', 'name']] as const) {
        const rows = (await k(table).select(column)).map((r) => r[column]).filter((v) => v !== null);
        expect(rows.length, `${table}: no example`).to.be.greaterThan(0);
        expect(new Set(rows).size, `${table}.${column} doubled: ${rows.join(', ')}`).to.equal(rows.length);
      }
    });
  });
});
