/**
 * A second kernel in a child process (test/support/kernel-process.ts) on the database of a test
 * kernel, for the multi-process tests (realtime-redis, auth-cache-redis): its URL, what it printed
 * (its log lines with LOG_LEVEL), and a clean stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_ADMIN, type TestKernel } from '@comptoir/sdk/testing';

const ROOT = path.join(import.meta.dirname, '../..');

export interface KernelProcess {
  child: ChildProcess;
  url: string;
  /** resolves once the process printed a line matching `re` after `from` (an index into its output) */
  printed(re: RegExp, from?: number): Promise<void>;
  /** how much it printed so far */
  readonly printedLength: number;
  stop(): Promise<void>;
}

/** Kernel B on the database (and files) of `a`, with `env` (REDIS_URL, COMPTOIR_REDIS_CHANNEL, LOG_LEVEL…). */
export async function startKernelProcess(a: TestKernel, env: Record<string, string>): Promise<KernelProcess> {
  const { config } = a.kernel;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/support/kernel-process.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: config.dataDir, ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
      LOG_LEVEL: 'silent',
      COMPTOIR_ADMIN_EMAIL: TEST_ADMIN.email, COMPTOIR_ADMIN_PASSWORD: TEST_ADMIN.password, COMPTOIR_LOGIN_ATTEMPTS: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiting = new Set<() => void>();
  const append = (d: Buffer) => {
    output += d.toString();
    for (const w of [...waiting]) w();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const printed = (re: RegExp, from = 0) => new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!re.test(output.slice(from))) return;
      clearTimeout(t);
      waiting.delete(check);
      resolve();
    };
    const t = setTimeout(() => { waiting.delete(check); reject(new Error(`kernel B did not print ${re} within 60 s: ${output.slice(from)}`)); }, 60_000);
    waiting.add(check);
    check();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await Promise.race([
    printed(/LISTENING \S+/).then(() => /LISTENING (\S+)/.exec(output)![1]),
    exited.then((code) => { throw new Error(`kernel B exited (${code}): ${output}`); }),
  ]);
  return {
    child,
    url,
    printed,
    get printedLength() { return output.length; },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
