/**
 * The real kernel as production boots it (createKernel, then listen on 127.0.0.1), with its log
 * lines kept in memory instead of printed: a failing route under load would otherwise flood the
 * terminal, and the report quotes the first error instead. Then the sessions both suites open on it
 * (the requests themselves are in http.ts).
 */
import { pino } from 'pino';
import { createKernel, loadConfig, type Kernel } from '../../server/src/index.ts';
import type { BenchDatabase } from './database.ts';
import { postJson, sessionHeaders } from './http.ts';

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

/** The kernel with these plugins (none: the kernel alone), as production boots it, listening on 127.0.0.1; `env`: more settings (REDIS_URL…). */
export async function bootKernel(database: BenchDatabase, pluginDirs: string[] = [], env: Record<string, string> = {}): Promise<BootedKernel> {
  const level = (process.env.LOG_LEVEL || 'warn') as 'warn';
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    LOG_LEVEL: level,
    COMPTOIR_ADMIN_EMAIL: BENCH_ADMIN.email,
    COMPTOIR_ADMIN_PASSWORD: BENCH_ADMIN.password,
    COMPTOIR_LOGIN_ATTEMPTS: '1000',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const { capture, stream } = captureLogs();
  const logger = pino({ level: config.logLevel, base: undefined }, stream);
  const started = performance.now();
  const kernel = await createKernel({ config, logger, pluginDirs });
  const { url } = await kernel.listen(0, '127.0.0.1');
  return { kernel, url, bootMs: performance.now() - started, logs: capture };
}

/**
 * `createKernel` three times on the migrated database (boot times of the report); the last one
 * stays up and serves the benchmark.
 */
export async function bootMigrated(database: BenchDatabase, pluginDirs: string[] = []): Promise<{ booted: BootedKernel; times: number[] }> {
  const times: number[] = [];
  for (;;) {
    const b = await bootKernel(database, pluginDirs);
    times.push(b.bootMs);
    if (times.length === 3) return { booted: b, times };
    await b.kernel.stop();
  }
}

export interface LoggedIn {
  token: string;
  userId: string;
  companyId: string | null;
}

export async function login(url: string, email: string, password: string): Promise<LoggedIn> {
  const res = await postJson(`${url}/api/auth/login`, { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return { token: res.body.token, userId: res.body.user._id, companyId: res.body.company?._id ?? null };
}

/** The administrator of the boot, in the company the kernel created with it, and the headers of its session there. */
export async function loginAdmin(url: string): Promise<LoggedIn & { companyId: string; headers: Record<string, string> }> {
  const admin = await login(url, BENCH_ADMIN.email, BENCH_ADMIN.password);
  if (!admin.companyId) throw new Error(`login ${BENCH_ADMIN.email}: no active company`);
  return { ...admin, companyId: admin.companyId, headers: sessionHeaders(admin.token, admin.companyId) };
}
