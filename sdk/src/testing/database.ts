/**
 * A throwaway database per test kernel: a temporary SQLite file, or, when DATABASE_URL points at
 * MySQL/MariaDB, a fresh database `comptoir_t_<random>` on that server, dropped at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';

export interface ThrowawayDatabase {
  /** DATABASE_URL to give the kernel, or null for SQLite */
  url: string | null;
  dataDir: string;
  drop(): Promise<void>;
}

export async function throwawayDatabase(baseUrl = process.env.DATABASE_URL): Promise<ThrowawayDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (!baseUrl) return { url: null, dataDir, drop: async () => removeDir() };
  const name = `comptoir_t_${randomBytes(6).toString('hex')}`;
  const u = new URL(baseUrl);
  const admin = knexFactory({
    client: 'mysql2',
    connection: { host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password) },
    pool: { min: 0, max: 1 },
  });
  try {
    await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  } finally {
    await admin.destroy();
  }
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    dataDir,
    async drop() {
      const again = knexFactory({
        client: 'mysql2',
        connection: { host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password) },
        pool: { min: 0, max: 1 },
      });
      try { await again.raw(`DROP DATABASE IF EXISTS \`${name}\``); } finally { await again.destroy(); }
      removeDir();
    },
  };
}
