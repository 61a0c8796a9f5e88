/**
 * Throwaway databases for tests: a temp SQLite file (always), or a fresh MariaDB database on the
 * server of DATABASE_URL, dropped on close. Both register what the app's connections have
 * (`comptoir_fold` on SQLite, utf8mb4 on MySQL) so that queries behave as in production.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { fold } from '../../src/db/codec.ts';

export type Engine = 'sqlite' | 'mysql';

export interface TestDb {
  db: Knex;
  engine: Engine;
  close(): Promise<void>;
}

interface SqliteConnection {
  function(name: string, options: { deterministic: boolean }, fn: (s: unknown) => unknown): void;
}

export async function openSqlite(): Promise<TestDb> {
  // a file rather than ':memory:': each pooled connection to ':memory:' would be another database
  const dir = mkdtempSync(join(tmpdir(), 'comptoir-test-'));
  const db = knex({
    client: 'better-sqlite3',
    connection: { filename: join(dir, 'test.sqlite') },
    useNullAsDefault: true,
    pool: {
      afterCreate: (conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) => {
        conn.function('comptoir_fold', { deterministic: true }, (s) => fold(s));
        done(null, conn);
      },
    },
  });
  return {
    db,
    engine: 'sqlite',
    async close() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function mysqlConnection(url: URL, database?: string): Knex.MySql2ConnectionConfig {
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database,
    charset: 'utf8mb4',
  };
}

/** Creates `<prefix>_<random>` on the server of `databaseUrl` and connects to it. */
export async function openMysql(databaseUrl: string, prefix = 'comptoir_test'): Promise<TestDb> {
  const url = new URL(databaseUrl);
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = knex({ client: 'mysql2', connection: mysqlConnection(url), pool: { min: 0, max: 1 } });
  await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_bin', [name]);
  const db = knex({ client: 'mysql2', connection: mysqlConnection(url, name), pool: { min: 0, max: 4 } });
  return {
    db,
    engine: 'mysql',
    async close() {
      await db.destroy();
      try {
        await admin.raw('DROP DATABASE IF EXISTS ??', [name]);
      } finally {
        await admin.destroy();
      }
    },
  };
}
