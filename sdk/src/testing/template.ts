/**
 * Throwaway databases that start migrated. Running every migration for each test kernel was most
 * of the MariaDB pass (about 12 s of DDL per kernel with every plugin, docs/testing.md): instead,
 * the first kernel of a process with a given set of plugin folders migrates a template database
 * once, and each kernel after that gets a copy of it, which its boot finds up to date.
 *
 * - SQLite: the template is a file; a copy is a file copy.
 * - MySQL/MariaDB: the template is a database of this process; a copy runs the template's own
 *   `SHOW CREATE TABLE` statements in the new database and copies the rows the migrations wrote
 *   (`INSERT … SELECT`), which measured several times faster than the migrations (their ALTERs
 *   rebuild tables) and than loading a dump.
 *
 * The template holds exactly what the boot's migration step leaves (server `migratePluginDirs`):
 * nothing of the first start (administrator, settings), which each kernel still does with its own
 * clock. A template that cannot be built (a plugin that fails to load or migrate, which some tests
 * want) gives a plain empty database instead, so that the boot reports the failure as it always did.
 * Templates are removed when the process exits.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import knexFactory, { type Knex } from 'knex';
import { throwawayDatabase, type ThrowawayDatabase } from './database.ts';

interface Template { copyInto(target: ThrowawayDatabase): Promise<void> }

const templates = new Map<string, Promise<Template | null>>();
const SQLITE_FILE = 'comptoir.sqlite';

/** A throwaway database holding what migrating these plugin folders (and the kernel) makes. */
export async function migratedDatabase(pluginDirs: string[], baseUrl = process.env.DATABASE_URL): Promise<ThrowawayDatabase> {
  // COMPTOIR_TEST_TEMPLATE=off: every kernel migrates its own database (to measure, or to rule the template out)
  if (process.env.COMPTOIR_TEST_TEMPLATE === 'off') return throwawayDatabase(baseUrl);
  const key = JSON.stringify([baseUrl ?? null, pluginDirs.map((d) => path.resolve(d))]);
  let template = templates.get(key);
  if (!template) {
    template = buildTemplate(pluginDirs, baseUrl).catch(() => null);
    templates.set(key, template);
  }
  const built = await template;
  const database = await throwawayDatabase(baseUrl);
  if (!built) return database;
  try {
    await built.copyInto(database);
  } catch (e) {
    await database.drop();
    throw e;
  }
  return database;
}

async function buildTemplate(pluginDirs: string[], baseUrl: string | undefined): Promise<Template> {
  // the server is an optional peer of the SDK: only tests load it
  const { migratePluginDirs, openDatabase } = await import('@comptoir/server');
  const template = await throwawayDatabase(baseUrl);
  onExit(() => dropNow(template));
  const db = openDatabase({ databaseUrl: template.url, dataDir: template.dataDir });
  try {
    await migratePluginDirs(db, pluginDirs);
    if (!template.url) {
      // everything in the main file, so that copying that file copies the database
      await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
      return sqliteTemplate(path.join(template.dataDir, SQLITE_FILE));
    }
    return await mysqlTemplate(db, template.url);
  } finally {
    await db.destroy();
  }
}

function sqliteTemplate(file: string): Template {
  return {
    async copyInto(target) {
      fs.copyFileSync(file, path.join(target.dataDir, SQLITE_FILE));
    },
  };
}

const schemaOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;

async function mysqlTemplate(db: Knex, url: string): Promise<Template> {
  const schema = schemaOf(url);
  // what a copy by tables would miss: such a template is not used (the migrations run instead)
  const [others] = await db.raw(
    `SELECT (SELECT COUNT(*) FROM information_schema.triggers WHERE trigger_schema = ?)
      + (SELECT COUNT(*) FROM information_schema.routines WHERE routine_schema = ?)
      + (SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = ? AND table_type <> 'BASE TABLE') AS n`,
    [schema, schema, schema],
  );
  if (Number(others[0].n) > 0) throw new Error('template: triggers, routines or views are not copied');
  const [tables] = await db.raw(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE' ORDER BY table_name",
    [schema],
  );
  const statements: string[] = [];
  const withRows: string[] = [];
  for (const { name } of tables as { name: string }[]) {
    const [[created]] = await db.raw(`SHOW CREATE TABLE ${quote(name)}`);
    statements.push(created['Create Table'] as string);
    const [[{ n }]] = await db.raw(`SELECT COUNT(*) AS n FROM ${quote(name)}`);
    if (Number(n) > 0) withRows.push(name);
  }
  return {
    async copyInto(target) {
      const copy = knexFactory({ client: 'mysql2', connection: connectionOf(target.url!), pool: { min: 1, max: 1 } });
      try {
        // one connection, so that these session settings hold for every statement: tables in any
        // order, and FULLTEXT indexes made as the search index makes them (sdk search-index.ts).
        // (Several connections at once measured no faster: the server makes the tables one by one.)
        await copy.raw('SET SESSION foreign_key_checks = 0');
        await copy.raw('SET SESSION innodb_ft_enable_stopword = OFF');
        for (const statement of statements) await copy.raw(statement);
        for (const name of withRows) await copy.raw(`INSERT INTO ${quote(name)} SELECT * FROM ${quote(schema)}.${quote(name)}`);
      } finally {
        await copy.destroy();
      }
    },
  };
}

function connectionOf(url: string): Knex.MySql2ConnectionConfig {
  const u = new URL(url);
  return {
    host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password), database: schemaOf(url), charset: 'utf8mb4',
  };
}

/**
 * At exit nothing asynchronous runs any more: a SQLite template is a folder removed at once, a
 * MySQL one is dropped by a short child process (plain node and mysql2, no TypeScript).
 */
function dropNow(template: ThrowawayDatabase): void {
  if (template.url) {
    const mysql2 = createRequire(import.meta.url).resolve('mysql2/promise');
    const c = connectionOf(template.url);
    const script = `import(${JSON.stringify(mysql2)}).then(async (m) => {
      const c = await (m.default ?? m).createConnection(${JSON.stringify({ host: c.host, port: c.port, user: c.user, password: c.password })});
      await c.query(${JSON.stringify(`DROP DATABASE IF EXISTS ${quote(c.database!)}`)});
      await c.end();
    })`;
    spawnSync(process.execPath, ['-e', script], { stdio: 'ignore', timeout: 30_000 });
  }
  fs.rmSync(template.dataDir, { recursive: true, force: true });
}

const atExit: (() => void)[] = [];
function onExit(fn: () => void): void {
  if (atExit.length === 0) process.once('exit', () => { for (const f of atExit) { try { f(); } catch { /* best effort */ } } });
  atExit.push(fn);
}
