/**
 * The database part of a backup: a consistent dump and its loading back, per engine.
 * - SQLite: better-sqlite3's online backup API on the kernel's own connection (writes queue behind
 *   it, so the copy is one consistent state); restored by copying the file in place.
 * - MySQL/MariaDB: `mariadb-dump` (or `mysqldump`) with `--single-transaction`, one consistent
 *   InnoDB snapshot without locking the tables; restored with the `mariadb` (or `mysql`) client.
 * The password goes to the tools through MYSQL_PWD, never on a command line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { Knex } from 'knex';
import { engineOf, openDatabase, type Engine } from '../db/connect.ts';
import { BackupError } from './errors.ts';

export interface DatabaseTarget { databaseUrl: string | null; dataDir: string }

export const SQLITE_FILE = 'comptoir.sqlite';
export const DUMP_FILE: Record<Engine, string> = { sqlite: 'database.sqlite', mysql: 'database.sql' };

export const engineOfTarget = (t: DatabaseTarget): Engine => (t.databaseUrl ? 'mysql' : 'sqlite');

const DUMP_TOOLS = ['mariadb-dump', 'mysqldump'];
const CLIENT_TOOLS = ['mariadb', 'mysql'];

/** The first of `names` found on PATH, else a French refusal naming the Debian package. */
export function findTool(names: string[], purpose: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of names) {
      const full = path.join(dir, name);
      try { fs.accessSync(full, fs.constants.X_OK); return full; } catch { /* next */ }
    }
  }
  throw new BackupError(`${purpose} impossible : ni ${names.join(' ni ')} n’est installé sur ce serveur (paquet Debian « mariadb-client »).`);
}

function mysqlArgs(url: string) {
  const u = new URL(url);
  return {
    args: [`--host=${u.hostname}`, `--port=${u.port || 3306}`, `--user=${decodeURIComponent(u.username || 'root')}`, '--default-character-set=utf8mb4'],
    database: decodeURIComponent(u.pathname.replace(/^\//, '')),
    env: { ...process.env, MYSQL_PWD: decodeURIComponent(u.password) },
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, stdinFile?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: [stdinFile ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(command)} a échoué (code ${code}) : ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
    if (stdinFile) {
      const input = fs.createReadStream(stdinFile);
      input.on('error', reject);
      input.pipe(child.stdin!);
    }
  });
}

interface SqliteConnection { backup(file: string): Promise<unknown> }

/** Writes the dump into `dir` and answers its file name and size in bytes. */
export async function dumpDatabase(db: Knex, target: DatabaseTarget, dir: string): Promise<{ file: string; bytes: number }> {
  const engine = engineOf(db);
  const file = path.join(dir, DUMP_FILE[engine]);
  if (engine === 'sqlite') {
    const conn = (await db.client.acquireConnection()) as SqliteConnection;
    try { await conn.backup(file); } finally { await db.client.releaseConnection(conn); }
  } else {
    const tool = findTool(DUMP_TOOLS, 'Sauvegarde de la base MySQL/MariaDB');
    const { args, database, env } = mysqlArgs(target.databaseUrl!);
    await run(tool, [
      ...args, '--single-transaction', '--quick', '--skip-lock-tables', '--no-tablespaces', '--hex-blob',
      '--routines', '--triggers', `--result-file=${file}`, database,
    ], env);
  }
  return { file: path.basename(file), bytes: fs.statSync(file).size };
}

/** Whether the target database holds no table. */
export async function isDatabaseEmpty(target: DatabaseTarget): Promise<boolean> {
  if (engineOfTarget(target) === 'sqlite') {
    const file = path.join(target.dataDir, SQLITE_FILE);
    if (!fs.existsSync(file) || fs.statSync(file).size === 0) return true;
  }
  return (await tablesOf(target)).length === 0;
}

async function tablesOf(target: DatabaseTarget): Promise<string[]> {
  const db = openDatabase(target);
  try {
    if (engineOf(db) === 'mysql') {
      const [rows] = await db.raw('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()');
      return (rows as { name: string }[]).map((r) => r.name);
    }
    return (await db('sqlite_master').select('name').where('type', 'table')).map((r: { name: string }) => r.name);
  } finally {
    await db.destroy();
  }
}

/** Empties the target database (restore with --force). */
export async function clearDatabase(target: DatabaseTarget): Promise<void> {
  if (engineOfTarget(target) === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(target.dataDir, `${SQLITE_FILE}${suffix}`), { force: true });
    return;
  }
  const tables = await tablesOf(target);
  if (tables.length === 0) return;
  const db = openDatabase(target);
  try {
    // one connection, so that the session variable holds for every DROP
    await db.transaction(async (trx) => {
      await trx.raw('SET FOREIGN_KEY_CHECKS = 0');
      for (const t of tables) await trx.raw('DROP TABLE IF EXISTS ??', [t]);
      await trx.raw('SET FOREIGN_KEY_CHECKS = 1');
    });
  } finally {
    await db.destroy();
  }
}

/** Loads a dump made by dumpDatabase into the (empty) target. */
export async function loadDump(target: DatabaseTarget, dumpFile: string): Promise<void> {
  if (engineOfTarget(target) === 'sqlite') {
    fs.mkdirSync(target.dataDir, { recursive: true });
    fs.copyFileSync(dumpFile, path.join(target.dataDir, SQLITE_FILE));
    return;
  }
  const tool = findTool(CLIENT_TOOLS, 'Restauration de la base MySQL/MariaDB');
  const { args, database, env } = mysqlArgs(target.databaseUrl!);
  // --binary-mode: the client's own commands (`\! shell`, `system`…) in a dump from elsewhere are
  // refused, not run; DELIMITER (routines, triggers) still works
  await run(tool, [...args, '--binary-mode', `--database=${database}`], env, dumpFile);
}
