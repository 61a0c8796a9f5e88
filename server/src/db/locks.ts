/**
 * Locks for the work several kernel processes must not do at once on one database (migrations,
 * the first start): on MySQL/MariaDB a named lock (`GET_LOCK`) held on a connection of its own
 * across any number of transactions; on SQLite, where every process opens the same file, a
 * transaction that becomes the database's writer before its first read.
 */
import type { Knex } from 'knex';
import { engineOf } from './connect.ts';

/**
 * MySQL/MariaDB: runs `fn` while holding the named lock `name` of this database (waiting up to `seconds` for it);
 * released after `fn`'s transactions committed, so the next holder reads what they wrote. SQLite:
 * runs `fn` (each of its transactions calls `becomeWriter` instead).
 */
export async function withNamedLock<T>(db: Knex, name: string, seconds: number, fn: () => Promise<T>, onTimeout: () => Error): Promise<T> {
  if (engineOf(db) !== 'mysql') return fn();
  const conn = await db.client.acquireConnection();
  try {
    // named locks belong to the whole server: one per database, so that installations (or test
    // databases) sharing a MariaDB server never wait for each other
    const [rows] = await db.raw('SELECT GET_LOCK(LEFT(CONCAT(?, DATABASE()), 64), ?) AS ok', [`${name}:`, seconds]).connection(conn);
    if (Number(rows[0].ok) !== 1) throw onTimeout();
    try { return await fn(); } finally {
      await db.raw('SELECT RELEASE_LOCK(LEFT(CONCAT(?, DATABASE()), 64))', [`${name}:`]).connection(conn);
    }
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/**
 * SQLite: makes the transaction `trx` the database's only writer from now on, as `BEGIN IMMEDIATE`
 * would (knex opens a deferred `BEGIN`). A write that changes nothing (`DELETE … WHERE 0` on an
 * existing `table`) takes the write lock, waiting while another process writes — busy_timeout
 * (5 s) at a time, again until `seconds` have passed, since the other process's work (a long
 * migration batch, the demo's examples) may take longer than one wait. What the transaction reads
 * afterwards is what that process committed. Without it, a transaction that reads, then writes
 * after another process committed, fails at once with SQLITE_BUSY. MySQL/MariaDB: nothing (use
 * `withNamedLock` or `SELECT … FOR UPDATE`).
 */
export async function becomeWriter(trx: Knex.Transaction, table: string, seconds = 120): Promise<void> {
  if (engineOf(trx) !== 'sqlite') return;
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      await trx.raw('DELETE FROM ?? WHERE 0', [table]);
      return;
    } catch (e) {
      // nothing read yet, so the statement may simply be tried again
      if ((e as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw e;
      // better-sqlite3 waited synchronously: let this process's own timers and I/O run once
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
