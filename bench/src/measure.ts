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

/** Sequential requests: at least 2, up to 20 or about a second and a half. */
export async function probe(url: string, headers: Record<string, string>): Promise<Probe> {
  const times: number[] = [];
  let answer!: JsonAnswer;
  const started = performance.now();
  while (times.length < 2 || (times.length < 20 && performance.now() - started < 1500)) {
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
  /** 'duration' or `N requests` */
  mode: string;
  single: number;
}

/**
 * Expected answers within the duration, from the sequential latency: a server on two cores
 * answers at best about 2 / latency per second under load.
 */
export async function measure(
  runner: LoadProcess, url: string, headers: Record<string, string>, single: number,
  opts: { duration: number; connections: number; minAnswers: number },
): Promise<Measured> {
  const expected = opts.duration * (2000 / Math.max(single, 0.05));
  const slow = expected < opts.minAnswers;
  const job: LoadJob = {
    url, headers, connections: opts.connections, duration: opts.duration,
    timeout: Math.max(10, Math.ceil((single / 1000) * opts.connections * 3)),
    ...(slow ? { amount: opts.minAnswers } : {}),
  };
  const load = await runner.run(job);
  return { load, mode: slow ? `${opts.minAnswers} requests` : `${opts.duration} s`, single };
}
