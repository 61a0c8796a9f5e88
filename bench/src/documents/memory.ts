/**
 * The memory one request takes, kernel against floor, each in a fresh process of its own (forked
 * by the suite, one per side and scenario): both servers otherwise live in the bench process, beside
 * the data set just generated and each other, where no figure would be theirs.
 *
 * The process boots its server (the real kernel with contacts, catalogue and invoicing on the run's
 * database, or the floor), collects the garbage, then sends the request to itself twice:
 * - the first as it comes: a worker thread samples the process's resident set every millisecond (a
 *   worker, because the main thread is blocked while the server computes — better-sqlite3 is
 *   synchronous too — and the peak may be in such a stretch). What the process really takes, but
 *   it also holds what is dead and not yet collected: V8 lets garbage pile up before a major
 *   collection, so it does not say whether the work keeps everything it read;
 * - the second with every collection a full one (V8's `--gc-global`, set for that request only:
 *   one each time the young generation fills, every few MB allocated, in the middle of synchronous
 *   work too), the heap in use after each read by V8's GC profiler: the **live heap**, what the
 *   request still references at that moment. A walk that pages keeps it flat; one that reads
 *   everything before writing makes it grow with the rows.
 * Answers both peaks over their values just before the request, and the time of the first.
 */
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import { serveJobs } from '../child.ts';
import { databaseAt, type BenchDatabase } from '../database.ts';
import { bootKernel } from '../kernel.ts';
import { INVOICING_PLUGINS } from '../invoicing/boot.ts';
import { startDocumentsFloor, type InvoiceInMemory } from './floor.ts';

export interface MemoryJob {
  side: 'kernel' | 'floor';
  database: Pick<BenchDatabase, 'engine' | 'url' | 'dataDir'>;
  /** path and query from the server's root */
  path: string;
  /** the kernel's session */
  headers: Record<string, string>;
  companyId: string;
  measured: InvoiceInMemory;
}

export interface MemorySummary {
  status: number;
  bytes: number;
  /** the first request */
  ms: number;
  /** resident set just before the first request, and its peak during it over that, MB */
  rssBefore: number;
  rssPeak: number;
  /** live heap before the second request (after a collection), and its peak during it over that, MB */
  heapBefore: number;
  heapPeak: number;
}

const MB = 1024 * 1024;

async function measure(job: MemoryJob): Promise<MemorySummary> {
  const database = databaseAt(job.database);
  let url: string;
  let stop: () => Promise<void>;
  if (job.side === 'kernel') {
    const booted = await bootKernel(database, INVOICING_PLUGINS);
    url = booted.url;
    stop = () => booted.kernel.stop();
  } else {
    const db: Knex = database.open();
    const floor = await startDocumentsFloor({ db, engine: database.engine, companyId: job.companyId, measured: job.measured });
    url = floor.url;
    stop = async () => { await floor.close(); await db.destroy(); };
  }
  try {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (!gc) throw new Error('memory.ts needs --expose-gc');
    const settle = async () => { gc(); await new Promise((r) => setTimeout(r, 100)); gc(); };
    const send = async () => {
      const res = await fetch(`${url}${job.path}`, { headers: job.side === 'kernel' ? job.headers : {} });
      return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
    };

    // 1. as it comes: the resident set, sampled by a worker thread ([peak in KB, stop flag] shared)
    await settle();
    const shared = new Int32Array(new SharedArrayBuffer(8));
    const sampler = new Worker(`
      const { workerData: a } = require('node:worker_threads');
      const tick = () => {
        const kb = Math.round(process.memoryUsage.rss() / 1024);
        if (kb > Atomics.load(a, 0)) Atomics.store(a, 0, kb);
        if (Atomics.load(a, 1) === 0) setTimeout(tick, 1);
      };
      tick();`, { eval: true, workerData: shared });
    await new Promise((r) => setTimeout(r, 50));
    const rssBefore = process.memoryUsage.rss();
    Atomics.store(shared, 0, Math.round(rssBefore / 1024));
    const started = performance.now();
    const first = await send();
    const ms = performance.now() - started;
    Atomics.store(shared, 1, 1);
    await sampler.terminate();
    const rssPeak = Atomics.load(shared, 0) * 1024;

    // 2. the live heap: every collection a full one, the heap in use after each
    await settle();
    const heapBefore = process.memoryUsage().heapUsed;
    const profiler = new v8.GCProfiler();
    v8.setFlagsFromString('--gc-global');
    profiler.start();
    const second = await send();
    const { statistics } = profiler.stop();
    v8.setFlagsFromString('--no-gc-global');
    const heapPeak = Math.max(heapBefore, ...statistics.map((x) => x.afterGC.heapStatistics.usedHeapSize));
    if (second.status !== first.status) throw new Error(`the second request answered ${second.status}, the first ${first.status}`);
    return {
      status: first.status, bytes: first.bytes, ms,
      rssBefore: rssBefore / MB, rssPeak: (rssPeak - rssBefore) / MB,
      heapBefore: heapBefore / MB, heapPeak: (heapPeak - heapBefore) / MB,
    };
  } finally {
    await stop();
  }
}

// as a forked process: one job
if (process.send) serveJobs(measure);
