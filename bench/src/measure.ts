/**
 * Measuring one target (a URL with its headers): a few sequential requests first (warm-up, the
 * single-request latency, the body for the correctness check), then autocannon in the load
 * process: 10 connections for a fixed duration, or, when a request is so slow that the duration
 * would hold only a handful of answers, a fixed number of requests instead (stated in the report).
 */
import path from 'node:path';
import { ChildRunner } from './child.ts';
import { getJson, type JsonAnswer } from './http.ts';

export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  /** GET unless said; a body is sent as JSON */
  method?: 'GET' | 'POST';
  body?: string;
  connections: number;
  duration: number;
  /** a fixed number of requests instead of a duration */
  amount?: number;
  /** seconds before a request counts as timed out */
  timeout: number;
}

export interface LoadSummary {
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  statusCodes: Record<string, number>;
}

/** autocannon in its own process (load.ts) */
export class LoadProcess extends ChildRunner<LoadJob, LoadSummary> {
  constructor() {
    super(path.join(import.meta.dirname, 'load.ts'), 'load');
  }
}

export interface Probe {
  /** the last answer (correctness check) */
  answer: JsonAnswer;
  /** median latency of the sequential requests, ms */
  ms: number;
  requests: number;
}

/** Sequential requests: at least 3 (the median then ignores one outlier), up to 20 or about a second and a half. */
export async function probe(url: string, headers: Record<string, string>): Promise<Probe> {
  const times: number[] = [];
  let answer!: JsonAnswer;
  const started = performance.now();
  while (times.length < 3 || (times.length < 20 && performance.now() - started < 1500)) {
    const t = performance.now();
    answer = await getJson(url, headers);
    times.push(performance.now() - t);
    if (answer.status >= 500) break;
  }
  times.sort((a, b) => a - b);
  return { answer, ms: times[Math.floor(times.length / 2)], requests: times.length };
}

export interface Measured {
  load: LoadSummary;
  /** 'N s' or 'N requests' */
  mode: string;
  single: number;
}

export interface Target {
  url: string;
  headers: Record<string, string>;
  method?: 'GET' | 'POST';
  /** JSON text sent with every request (a create) */
  body?: string;
  /** median latency of one request alone, ms */
  single: number;
}

/** Several runs of one target as one: sums, rate over the summed time, p50 weighted, p99 the worst. */
export function combine(parts: LoadSummary[]): LoadSummary {
  const sum = (f: (p: LoadSummary) => number) => parts.reduce((a, p) => a + f(p), 0);
  const ok = sum((p) => p.ok);
  const seconds = sum((p) => p.seconds);
  return {
    requests: sum((p) => p.requests), ok, non2xx: sum((p) => p.non2xx), errors: sum((p) => p.errors),
    timeouts: sum((p) => p.timeouts), seconds, rps: seconds > 0 ? ok / seconds : 0,
    p50: ok > 0 ? sum((p) => p.p50 * p.ok) / ok : Math.max(...parts.map((p) => p.p50)),
    p99: Math.max(...parts.map((p) => p.p99)),
    statusCodes: mergeCounts(parts.map((p) => p.statusCodes)),
  };
}

/** Counts per key (HTTP status codes) of several runs, added up. */
export function mergeCounts(counts: Record<string, number>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of counts) for (const [k, v] of Object.entries(c)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/**
 * Kernel and floor runs interleaved kernel, floor, floor, kernel: other work on the machine drifts
 * over minutes, and measuring one target after the other would credit the drift to one of them.
 * A null target is not run.
 */
export async function interleave<T>(kernel: (() => Promise<T>) | null, floor: (() => Promise<T>) | null): Promise<{ kernel: T[]; floor: T[] }> {
  const out = { kernel: [] as T[], floor: [] as T[] };
  for (const [which, parts] of [[kernel, out.kernel], [floor, out.floor], [floor, out.floor], [kernel, out.kernel]] as const) {
    if (which) parts.push(await which());
  }
  return out;
}

/**
 * Kernel and floor of one scenario, interleaved (each half of the duration, or of the fixed number
 * of requests).
 * A target is measured over a fixed number of requests instead of the duration when, from its
 * single-request latency, the duration would hold too few answers (a server on two cores answers
 * at best about 2 / latency per second) or too few latencies of a queue of `connections` requests.
 */
export async function measurePair(
  runner: LoadProcess, kernel: Target | null, floor: Target | null,
  opts: { duration: number; connections: number; minAnswers: number },
): Promise<{ kernel: Measured | null; floor: Measured | null }> {
  const plan = (t: Target) => {
    // with every connection queued, an answer takes about connections × latency / 2 (two cores):
    // a half-duration window shorter than three of those would count only the first few answers
    const loadedSeconds = ((t.single / 1000) * opts.connections) / 2;
    const slow = opts.duration / 2 < 3 * loadedSeconds || opts.duration * (2000 / Math.max(t.single, 0.05)) < opts.minAnswers;
    const job: LoadJob = {
      url: t.url, headers: t.headers, method: t.method, body: t.body, connections: opts.connections, duration: opts.duration / 2,
      timeout: Math.max(10, Math.ceil((t.single / 1000) * opts.connections * 3)),
      ...(slow ? { amount: Math.max(opts.connections, Math.ceil(opts.minAnswers / 2)) } : {}),
    };
    return { job, mode: slow ? `${opts.minAnswers} requests` : `${opts.duration} s` };
  };
  const k = kernel ? plan(kernel) : null;
  const f = floor ? plan(floor) : null;
  const parts = await interleave(k && (() => runner.run(k.job)), f && (() => runner.run(f.job)));
  return {
    kernel: k && kernel ? { load: combine(parts.kernel), mode: k.mode, single: kernel.single } : null,
    floor: f && floor ? { load: combine(parts.floor), mode: f.mode, single: floor.single } : null,
  };
}
