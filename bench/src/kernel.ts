/**
 * The real kernel as production boots it (createKernel, then listen on 127.0.0.1), with its log
 * lines kept in memory instead of printed: a failing route under load would otherwise flood the
 * terminal, and the report quotes the first error instead.
 */
import { pino } from 'pino';
import { createKernel, loadConfig, type Kernel } from '../../server/src/index.ts';
import type { BenchDatabase } from './database.ts';

export const BENCH_ADMIN = { email: 'admin@comptoir.bench', password: 'motdepasse-bench-1' } as const;

export interface LogCapture {
  /** error-level lines (and above) seen since the last reset, truncated */
  errors: string[];
  count: number;
  reset(): void;
}

export function captureLogs(): { capture: LogCapture; stream: { write(s: string): void } } {
  const capture: LogCapture = {
    errors: [],
    count: 0,
    reset() { this.errors = []; this.count = 0; },
  };
  const stream = {
    write(line: string) {
      let entry: { level?: number; msg?: string; err?: { type?: string; message?: string } } = {};
      try { entry = JSON.parse(line); } catch { /* not JSON */ }
      if ((entry.level ?? 0) < 50) return;
      capture.count++;
      if (capture.errors.length >= 5) return;
      // knex puts the whole statement in the message: keep its start and its end (the cause)
      const m = entry.err?.message ?? line;
      const short = m.length > 400 ? `${m.slice(0, 160)} … (${m.length} characters) … ${m.slice(-200)}` : m;
      capture.errors.push(`${entry.msg ?? 'error'}: ${entry.err?.type ?? ''} ${short}`.trim());
    },
  };
  return { capture, stream };
}

export interface BootedKernel {
  kernel: Kernel;
  url: string;
  /** createKernel until the server listens, in ms */
  bootMs: number;
  logs: LogCapture;
}

export async function bootKernel(database: BenchDatabase): Promise<BootedKernel> {
  const level = (process.env.LOG_LEVEL || 'warn') as 'warn';
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    LOG_LEVEL: level,
    COMPTOIR_ADMIN_EMAIL: BENCH_ADMIN.email,
    COMPTOIR_ADMIN_PASSWORD: BENCH_ADMIN.password,
    COMPTOIR_LOGIN_ATTEMPTS: '1000',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  const { capture, stream } = captureLogs();
  const logger = pino({ level: config.logLevel, base: undefined }, stream);
  const started = performance.now();
  const kernel = await createKernel({ config, logger, pluginDirs: [] });
  const { url } = await kernel.listen(0, '127.0.0.1');
  return { kernel, url, bootMs: performance.now() - started, logs: capture };
}

export interface JsonAnswer<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  body: T;
  bytes: number;
}

export async function getJson<T = any>(url: string, headers: Record<string, string> = {}): Promise<JsonAnswer<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(url, { headers });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* kept as text */ }
  return { status: res.status, body: body as T, bytes: Buffer.byteLength(text) };
}

export async function postJson<T = any>(url: string, payload: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(payload) });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* kept as text */ }
  return { status: res.status, body: body as T, bytes: Buffer.byteLength(text) };
}

export async function login(url: string, email: string, password: string): Promise<{ token: string; userId: string; companyId: string | null }> {
  const res = await postJson(`${url}/api/auth/login`, { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return { token: res.body.token, userId: res.body.user._id, companyId: res.body.company?._id ?? null };
}

/** `?filters=...&sort=...` with each value JSON-encoded, as API.md "Lists" asks. */
export function listQuery(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, JSON.stringify(v));
  return q.toString();
}
