/**
 * Opens the database: MySQL/MariaDB through mysql2 when DATABASE_URL is set, otherwise an embedded
 * SQLite file under DATA_DIR. Everything above this file is engine-agnostic.
 */
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { fold } from './codec.ts';

export type Engine = 'sqlite' | 'mysql';

export function engineOf(db: Knex): Engine {
  return db.client.config.client === 'mysql2' ? 'mysql' : 'sqlite';
}

interface SqliteConnection {
  function(name: string, opts: { deterministic: boolean }, fn: (s: unknown) => unknown): void;
  pragma(p: string): unknown;
  prepare(sql: string): unknown;
}

/** Statements kept prepared per SQLite connection (the most recently used). */
export const PREPARED_STATEMENTS = 500;

/**
 * knex prepares every statement it sends again (better-sqlite3's `prepare`: SQLite parses and plans
 * it each time, a tenth of a write's CPU). The connection keeps the last PREPARED_STATEMENTS it
 * prepared, by text, and hands them out again: knex runs each one to completion (`all` or `run`,
 * synchronous) before the next, so one statement object never serves two queries at once, and
 * SQLite prepares again by itself a statement whose tables changed since (a migration, an index).
 */
export function keepPreparedStatements(conn: SqliteConnection, max = PREPARED_STATEMENTS): void {
  const prepare = conn.prepare.bind(conn);
  const kept = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = kept.get(sql);
    if (statement) {
      // most recently used last: the first entry is the one to drop
      kept.delete(sql);
    } else {
      statement = prepare(sql);
      if (kept.size >= max) kept.delete(kept.keys().next().value as string);
    }
    kept.set(sql, statement);
    return statement;
  };
}

/**
 * knex writes the failed statement at the head of an error's message, with its bound values
 * inlined (a password hash, an e-mail): with this, it writes the `?` placeholders instead. The
 * driver's own part (mysql2's « Duplicate entry 'x' … », its `sql`) is cleaned where errors are
 * printed (app/safe-error.ts).
 */
const NO_VALUES_IN_ERRORS = { compileSqlOnError: false } as const;

export function sqliteConfig(filename: string): Knex.Config {
  if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
  return {
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    ...NO_VALUES_IN_ERRORS,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        conn.function('comptoir_fold', { deterministic: true }, (s) => fold(s));
        conn.pragma('journal_mode = WAL');
        conn.pragma('synchronous = NORMAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        keepPreparedStatements(conn);
        done(null, conn);
      },
    },
  };
}

export function mysqlConfig(url: string): Knex.Config {
  const u = new URL(url);
  return {
    client: 'mysql2',
    ...NO_VALUES_IN_ERRORS,
    connection: {
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username || 'root'),
      password: decodeURIComponent(u.password),
      database: decodeURIComponent(u.pathname.replace(/^\//, '')),
      charset: 'utf8mb4',
      timezone: 'Z',
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
      // JSON as text, parsed by the codec as on SQLite: mysql2 would parse it first, and a JSON
      // string value (a user property's default "") would then be parsed twice
      jsonStrings: true,
    } as Knex.MySql2ConnectionConfig,
    pool: { min: 0, max: 10 },
  };
}

export function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): Knex {
  const config = opts.databaseUrl
    ? mysqlConfig(opts.databaseUrl)
    : sqliteConfig(path.join(opts.dataDir, 'comptoir.sqlite'));
  return knexFactory(config);
}

/**
 * Options of every write transaction. On MySQL/MariaDB, READ COMMITTED: each statement sees what
 * is committed when it runs, so a service that takes a lock (a document counter) then reads the
 * previous document sees the latest one, whatever it read before (InnoDB's default, REPEATABLE
 * READ, would show the data as of the transaction's first read and let hash chains fork). SQLite
 * has one writer at a time and takes no isolation option.
 */
export function writeTransactionConfig(db: Knex): Knex.TransactionConfig | undefined {
  return engineOf(db) === 'mysql' ? { isolationLevel: 'read committed' } : undefined;
}
