/**
 * Helpers of the tools tests: throwaway folders inside the checkout (`.tmp/`, git-ignored, so that
 * scaffolded plugins resolve the workspace's @comptoir packages), and child processes run the way
 * a person runs the commands.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ThrowawayDatabase } from '@comptoir/sdk/testing';
import { openDatabase } from '../../server/src/db/connect.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = {
  mocha: path.join(REPO_ROOT, 'node_modules/mocha/bin/mocha.js'),
  tsc: path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'),
};

/** A fresh folder under `<repo>/.tmp/`; remove it with `removeDir`. */
export function tmpDir(prefix: string): string {
  const dir = path.join(REPO_ROOT, '.tmp', `${prefix}-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export function removeDir(dir: string | undefined): void {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

export interface RunResult { code: number | null; stdout: string; stderr: string; ms: number }

/** Runs `node <args>` from the repository root; never rejects on a non-zero exit. */
export function runNode(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => { clearTimeout(timer); reject(e); });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** The environment of a child: this one without the settings a test must choose itself. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'DATA_DIR', 'COMPTOIR_PLUGINS_PATH', 'COMPTOIR_BUILTIN_PLUGINS', 'COMPTOIR_ADMIN_EMAIL', 'COMPTOIR_ADMIN_PASSWORD']) {
    delete env[k];
  }
  return { ...env, LOG_LEVEL: 'silent', ...extra };
}

/** `npm run <tool> -- <args>`, i.e. `node --import tsx tools/src/<tool>.ts <args>`. */
export function runTool(tool: 'new-plugin' | 'migrate' | 'seed-demo', args: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  return runNode(['--import', 'tsx', path.join('tools', 'src', `${tool}.ts`), ...args], env);
}

/** The environment pointing a child at a throwaway database. */
export function databaseEnv(db: ThrowawayDatabase): Record<string, string> {
  return { DATA_DIR: db.dataDir, ...(db.url ? { DATABASE_URL: db.url } : {}) };
}

/** Opens the throwaway database for assertions, runs `fn`, closes it (no lock left for the children). */
export async function withDatabase<T>(db: ThrowawayDatabase, fn: (knex: Knex) => Promise<T>): Promise<T> {
  const knex = openDatabase({ databaseUrl: db.url, dataDir: db.dataDir });
  try { return await fn(knex); } finally { await knex.destroy(); }
}
