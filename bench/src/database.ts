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

export async function freshDatabase(engine: Engine, mysqlBase = process.env.DATABASE_URL || DEFAULT_MYSQL): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') {
    const file = path.join(dataDir, 'comptoir.sqlite');
    return {
      engine, url: null, dataDir, label: `SQLite (${file})`,
      open: () => knexFactory(sqliteConfig(file)),
      drop: async () => removeDir(),
    };
  }
  const name = `comptoir_bench_${randomBytes(5).toString('hex')}`;
  const server = serverOf(mysqlBase);
  const admin = knexFactory({ client: 'mysql2', connection: server, pool: { min: 0, max: 1 } });
  let version = '';
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
