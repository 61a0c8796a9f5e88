/**
 * `npm run bench -- --suite=redis`: what the Redis fan-out's read barrier costs a GET served from
 * the authentication cache (server/src/http/README.md « Across processes: the read barrier »).
 *
 * Per engine: a fresh database, one kernel with `REDIS_URL` (a random channel: every cached GET
 * first awaits a PING on its subscriber connection) and, on the same database, the same kernel
 * without it (the in-memory fan-out: no barrier), the « floor » of this suite. Each scenario is
 * measured against that floor, interleaved, as the other suites do:
 * - r1: the unread count of the bell, the cheapest authenticated GET (one indexed count): where
 *   a round trip to Redis weighs the most;
 * - r2: the same user's notification page (a page and its count): a more usual read;
 * - r0: `/api/health`, no token: nothing to do with Redis on either side, the run's noise.
 * Then the latency alone: the same cached GET sent one at a time, alternately to each kernel, many
 * times (the medians' difference is what the barrier adds to one request on an idle server); and
 * the PINGs Redis counted during the loaded runs of r1, per request answered.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { BenchDatabase, Engine } from '../database.ts';
import { runScenario, type CompareContext } from '../compare.ts';
import { onFreshDatabase, type RunSize } from '../engine-run.ts';
import { getJson, listQuery, postJson } from '../http.ts';
import { bootKernel, loginAdmin } from '../kernel.ts';
import type { LoadProcess } from '../measure.ts';
import { scenarioFindings, type RunReport } from '../report.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** kept notifications of the measured user */
const KEPT = 50;
/** sequential requests per kernel for the latency alone */
const ALONE = 2_000;

export interface LatencyAlone {
  path: string;
  requests: number;
  /** ms, with Redis (barrier) and without */
  withRedis: { p50: number; p90: number; p99: number };
  without: { p50: number; p90: number; p99: number };
}

export interface RedisReport extends RunReport {
  latency: LatencyAlone[];
  /** PINGs Redis counted while r1 ran, and r1's answers on the Redis side */
  pings: { pings: number; answered: number } | null;
}

const quantiles = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99) };
};

/** PING calls since Redis started (INFO commandstats), shared by every client of that Redis. */
async function pingCalls(redis: Redis): Promise<number> {
  const info = await redis.info('commandstats');
  return Number(/cmdstat_ping:calls=(\d+)/.exec(info)?.[1] ?? 0);
}

/** The same GET alternately on both kernels, one request at a time. */
async function alone(path: string, withRedis: string, without: string, headers: Record<string, string>): Promise<LatencyAlone> {
  const times = { with: [] as number[], without: [] as number[] };
  for (let i = 0; i < ALONE; i++) {
    // alternate which goes first: a slower second request of each pair would bias one side
    const order = i % 2 ? [['with', withRedis], ['without', without]] as const : [['without', without], ['with', withRedis]] as const;
    for (const [side, base] of order) {
      const t = performance.now();
      const res = await fetch(`${base}${path}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${side} ${path}: HTTP ${res.status}`);
      times[side].push(performance.now() - t);
    }
  }
  return { path, requests: ALONE, withRedis: quantiles(times.with), without: quantiles(times.without) };
}

export async function runRedisEngine(engine: Engine, size: RunSize, runner: LoadProcess, live: Set<BenchDatabase>): Promise<RedisReport> {
  return onFreshDatabase<RedisReport>(engine, size, live, 'redis — ', { latency: [], pings: null }, async (database, report, held) => {
    const channel = `comptoir-bench:${randomBytes(6).toString('hex')}`;
    const withRedis = await bootKernel(database, [], { REDIS_URL, COMPTOIR_REDIS_CHANNEL: channel });
    held.booted = withRedis;
    report.boot.empty = withRedis.bootMs;
    console.log(`  kernel with REDIS_URL (channel ${channel}): ${Math.round(withRedis.bootMs)} ms`);
    const without = await bootKernel(database);
    held.floor = { db: without.kernel.db, close: () => without.kernel.stop() };
    report.boot.migrated = [without.bootMs];
    const admin = await loginAdmin(withRedis.url);
    for (let i = 0; i < KEPT; i++) {
      const res = await postJson(`${withRedis.url}/api/kernel/notifications`, { recipients: [admin.userId], title: `Commande ${i + 1} livrée`, liveOnly: false }, admin.headers);
      if (res.status !== 201) throw new Error(`notification: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    }
    report.environment.push(`Redis: ${REDIS_URL.replace(/\/\/[^@]*@/, '//***@')}, ${KEPT} kept notifications of the measured user; both kernels in this process, on one database, the other idle while one is measured`);

    const redis = new Redis(REDIS_URL);
    try {
      const server = await redis.info('server');
      report.environment.push(`Redis ${/redis_version:(\S+)/.exec(server)?.[1] ?? '?'} (shared: the PING count below is an upper bound if anything else PINGs it)`);
      const ctx: CompareContext = {
        duration: size.duration, connections: size.connections, runner, booted: withRedis,
        floor: { url: without.url, db: without.kernel.db }, captured: new Map(), floorCaptured: new Map(),
      };
      const page = `/api/kernel/notifications?${listQuery({ sort: { field: 'date', ascending: false }, pagination: { quantity: 10, page: 1 } })}`;
      const scenarios = [
        { id: 'r1', title: 'unread count (cached GET), with Redis ÷ without', about: 'the bell’s badge: authentication from the cache, one indexed count; with REDIS_URL the cache is read after the barrier', kind: 'health' as const, path: '/api/kernel/notifications/unread', auth: true },
        { id: 'r2', title: 'notifications p1 (10) + count, with Redis ÷ without', about: 'a usual list read: a page and its count', kind: 'list' as const, path: page, auth: true },
        { id: 'r0', title: '/api/health (no token), with Redis ÷ without', about: 'no authentication, no barrier: the difference between the two kernels is the run’s noise', kind: 'health' as const, path: '/api/health', auth: false },
      ];
      for (const s of scenarios) {
        const headers = s.auth ? admin.headers : {};
        const before = s.id === 'r1' ? await pingCalls(redis) : 0;
        const r = await runScenario(ctx, s, { kernel: `${withRedis.url}${s.path}`, floor: `${without.url}${s.path}`, headers, floorHeaders: headers });
        // an upper bound per request: the (at most 22) sequential requests before the load sent PINGs too
        if (s.id === 'r1') report.pings = { pings: (await pingCalls(redis)) - before, answered: r.kernel.measured?.load.ok ?? 0 };
        report.results.push(r);
      }
      // the latency alone, after the load (both kernels warm)
      for (const path of ['/api/kernel/notifications/unread', page]) {
        process.stdout.write(`  alone ${path.slice(0, 40)}: `);
        const l = await alone(path, withRedis.url, without.url, admin.headers);
        report.latency.push(l);
        console.log(`with ${l.withRedis.p50.toFixed(3)} ms, without ${l.without.p50.toFixed(3)} ms (p50)`);
      }
      const health = await getJson(`${withRedis.url}/api/health`);
      if (health.status !== 200) report.findings.push(`health after the run: HTTP ${health.status}`);
    } finally {
      redis.disconnect();
    }
    report.findings.push(...scenarioFindings(report.results));
  });
}
