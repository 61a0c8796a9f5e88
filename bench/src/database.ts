/**
 * A fresh database per engine and run: a SQLite file in a temporary DATA_DIR, or a new MariaDB
 * database `comptoir_bench_<random>` on the server of DATABASE_URL (default root over loopback),
 * dropped at the end whatever happens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { mysqlConfig, sqliteConfig } from '../../server/src/db/connect.ts';

export type Engine = 'sqlite' | 'mysql';

export const DEFAULT_MYSQL = 'mysql://root@127.0.0.1:3306';

export interface BenchDatabase {
  engine: Engine;
  /** DATABASE_URL for the kernel, null for SQLite */
  url: string | null;
  dataDir: string;
  /** a human name for the report */
  label: string;
  /** a new knex handle with the app's connection settings (pragmas, fold function, utf8mb4) */
  open(): Knex;
  drop(): Promise<void>;
}

function serverOf(base: string) {
  const u = new URL(base);
  return {
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password),
  };
}

const sqliteFile = (dataDir: string) => path.join(dataDir, 'comptoir.sqlite');

/**
 * The database of a run as another process reaches it (its DATA_DIR and, on MariaDB, its URL):
 * the same `open()`; `drop()` does nothing there, the run that made it drops it.
 */
export function databaseAt(where: Pick<BenchDatabase, 'engine' | 'url' | 'dataDir'>): BenchDatabase {
  const { engine, url, dataDir } = where;
  const open = engine === 'sqlite' ? () => knexFactory(sqliteConfig(sqliteFile(dataDir))) : () => knexFactory(mysqlConfig(url!));
  return { engine, url, dataDir, label: url ?? dataDir, open, drop: async () => undefined };
}

export async function freshDatabase(engine: Engine, mysqlBase = process.env.DATABASE_URL || DEFAULT_MYSQL): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') {
    const file = sqliteFile(dataDir);
    return {
      engine, url: null, dataDir, label: `SQLite (${file})`,
      open: () => knexFactory(sqliteConfig(file)),
      drop: async () => removeDir(),
    };
  }
  const name = `comptoir_bench_${randomBytes(5).toString('hex')}`;
  const server = serverOf(mysqlBase);
  const admin = knexFactory({ client: 'mysql2', connection: server, pool: { min: 0, max: 1 } });
  let version: string;
  try {
    await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
    const [rows] = await admin.raw('SELECT VERSION() AS v');
    version = String((rows as { v: string }[])[0]?.v ?? '');
  } finally {
    await admin.destroy();
  }
  const u = new URL(mysqlBase);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    engine, url, dataDir, label: `MariaDB/MySQL ${version} (${u.host}, database ${name})`,
    open: () => knexFactory(mysqlConfig(url)),
    async drop() {
      const again = knexFactory({ client: 'mysql2', connection: server, pool: { min: 0, max: 1 } });
      try { await again.raw(`DROP DATABASE IF EXISTS \`${name}\``); } finally { await again.destroy(); }
      removeDir();
    },
  };
}

/** The indexes of `table` (primary key aside on MariaDB), each with its columns in order. */
export async function indexesOf(db: Knex, engine: Engine, table: string): Promise<{ name: string; columns: string[] }[]> {
  if (engine === 'sqlite') {
    const list = (await db.raw(`PRAGMA index_list("${table}")`)) as { name: string }[];
    const out = [];
    for (const ix of list) {
      const cols = (await db.raw(`PRAGMA index_info("${ix.name}")`)) as { seqno: number; name: string }[];
      out.push({ name: ix.name, columns: cols.sort((a, b) => a.seqno - b.seqno).map((c) => c.name) });
    }
    return out;
  }
  const [rows] = (await db.raw(`SHOW INDEX FROM \`${table}\``)) as [{ Key_name: string; Seq_in_index: number; Column_name: string }[]];
  const byName = new Map<string, string[]>();
  for (const r of [...rows].sort((a, b) => a.Seq_in_index - b.Seq_in_index)) {
    if (r.Key_name === 'PRIMARY') continue;
    byName.set(r.Key_name, [...(byName.get(r.Key_name) ?? []), r.Column_name]);
  }
  return [...byName].map(([name, columns]) => ({ name, columns }));
}
