/**
 * Measuring one target (a URL with its headers): a few sequential requests first (warm-up, the
 * single-request latency, the body for the correctness check), then autocannon in the load
 * process: 10 connections for a fixed duration, or, when a request is so slow that the duration
 * would hold only a handful of answers, a fixed number of requests instead (stated in the report).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { getJson, type JsonAnswer } from './kernel.ts';

export interface LoadJob {
  url: string;
  headers: Record<string, string>;
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

export class LoadProcess {
  private child: ChildProcess;
  private waiting: ((s: LoadSummary | { error: string }) => void) | null = null;

  constructor() {
    this.child = fork(path.join(import.meta.dirname, 'load.ts'), [], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m) => { const w = this.waiting; this.waiting = null; w?.(m as LoadSummary); });
    this.child.on('exit', (code) => { const w = this.waiting; this.waiting = null; w?.({ error: `load process exited (${code})` }); });
  }

  run(job: LoadJob): Promise<LoadSummary> {
    return new Promise((resolve, reject) => {
      this.waiting = (s) => ('error' in s ? reject(new Error(s.error)) : resolve(s));
      this.child.send(job);
    });
  }

  stop(): void {
    this.child.kill();
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
  /** median latency of one request alone, ms */
  single: number;
}

/** Several runs of one target as one: sums, rate over the summed time, p50 weighted, p99 the worst. */
export function combine(parts: LoadSummary[]): LoadSummary {
  const sum = (f: (p: LoadSummary) => number) => parts.reduce((a, p) => a + f(p), 0);
  const ok = sum((p) => p.ok);
  const seconds = sum((p) => p.seconds);
  const statusCodes: Record<string, number> = {};
  for (const p of parts) for (const [k, v] of Object.entries(p.statusCodes)) statusCodes[k] = (statusCodes[k] ?? 0) + v;
  return {
    requests: sum((p) => p.requests), ok, non2xx: sum((p) => p.non2xx), errors: sum((p) => p.errors),
    timeouts: sum((p) => p.timeouts), seconds, rps: seconds > 0 ? ok / seconds : 0,
    p50: ok > 0 ? sum((p) => p.p50 * p.ok) / ok : Math.max(...parts.map((p) => p.p50)),
    p99: Math.max(...parts.map((p) => p.p99)),
    statusCodes,
  };
}

/**
 * Kernel and floor of one scenario, interleaved kernel, floor, floor, kernel (each half of the
 * duration, or of the fixed number of requests): other work on the machine drifts over minutes,
 * and measuring one target after the other would credit the drift to one of them.
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
      url: t.url, headers: t.headers, connections: opts.connections, duration: opts.duration / 2,
      timeout: Math.max(10, Math.ceil((t.single / 1000) * opts.connections * 3)),
      ...(slow ? { amount: Math.max(opts.connections, Math.ceil(opts.minAnswers / 2)) } : {}),
    };
    return { job, mode: slow ? `${opts.minAnswers} requests` : `${opts.duration} s` };
  };
  const k = kernel ? plan(kernel) : null;
  const f = floor ? plan(floor) : null;
  const kParts: LoadSummary[] = [];
  const fParts: LoadSummary[] = [];
  for (const [which, parts] of [[k, kParts], [f, fParts], [f, fParts], [k, kParts]] as const) {
    if (which) parts.push(await runner.run(which.job));
  }
  return {
    kernel: k && kernel ? { load: combine(kParts), mode: k.mode, single: kernel.single } : null,
    floor: f && floor ? { load: combine(fParts), mode: f.mode, single: floor.single } : null,
  };
}
