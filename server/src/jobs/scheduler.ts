/**
 * The job scheduler (platform README « Job scheduler »): runs the `jobs` plugins declare, exactly once per
 * occurrence whatever the number of kernel processes (claims.ts), as the system, each occurrence in
 * its own transaction. A timer ticks every `intervalMs` once the kernel listens; `tick(now)` does
 * one round by hand (tests drive time with it). Rounds of one process never overlap.
 *
 * Every claim won or lost, run started, done or failed, and occurrence passed over is one pino line
 * (`component: 'jobs'`, `event`, job, key, occurrence, attempt, and the process: `pid`, `host`), so
 * that with several processes the logs say which one ran what (kernel README, « Job scheduler »).
 *
 * Why not BullMQ when REDIS_URL is set: its repeatable jobs are delivered at least once (a stalled
 * job is handed to another worker), and its state lives outside the database, so it could not
 * commit « this occurrence is done » together with the invoices the occurrence made. The claim row
 * in the run's own transaction gives exactly once on SQLite and on MySQL, needs no other server,
 * and is tested on both engines.
 */
import os from 'node:os';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { CallContext, JobCatchUp, JobDefinition, JobRun, JobSchedule } from '@comptoir/sdk';
import { claim, lastClaims, pruneClaims, recordFailure, recordMissed, type ClaimTarget } from './claims.ts';
import { planRuns } from './plan.ts';

export type SystemCall = <T>(
  companyId: string | null, pluginId: string, now: Date,
  fn: (ctx: CallContext, db: Knex | Knex.Transaction) => Promise<T>,
) => Promise<T>;

export interface RegisteredJob { pluginId: string; def: JobDefinition; name: string }

export interface TickReport {
  /** occurrences run successfully */
  done: number;
  /** attempts that failed (rolled back, recorded for a retry) */
  failed: number;
  /** occurrences another process had already claimed */
  taken: number;
  missed: number;
}

export interface Scheduler {
  readonly jobs: RegisteredJob[];
  /** one round at `now` (default: the kernel's clock); waits for a round in progress first */
  tick(now?: Date): Promise<TickReport>;
  start(): void;
  /** stops the timer and waits for the round in progress */
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  db: Knex;
  log: Logger;
  clock: { now(): Date };
  jobs: RegisteredJob[];
  systemCall: SystemCall;
  /** 0: no timer (tick by hand) */
  intervalMs: number;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const PRUNE_EVERY_MS = 3600_000;
const KEEP_CLAIMS_MS = 30 * 86_400_000;

/** Checks the plugins' job declarations once, at boot: a bad one stops the boot naming it. */
export function collectJobs(plugins: Iterable<{ def: { id: string; jobs?: JobDefinition[] } }>): RegisteredJob[] {
  const out: RegisteredJob[] = [];
  for (const { def } of plugins) {
    for (const job of def.jobs ?? []) {
      const name = `${def.id}.${job.name}`;
      const fixed = Number(!!job.cron) + Number(!!job.every) + Number(!!job.schedules);
      if (!/^[a-z][a-z0-9-]*$/.test(job.name)) throw new Error(`job "${name}": the name must be kebab-case`);
      if (fixed !== 1) throw new Error(`job "${name}": give exactly one of cron, every, schedules`);
      if (job.every !== undefined && !(Number.isInteger(job.every) && job.every >= 1)) throw new Error(`job "${name}": every is a whole number of seconds`);
      if (out.some((j) => j.name === name)) throw new Error(`job "${name}" is declared twice`);
      out.push({ pluginId: def.id, def: job, name });
    }
  }
  return out;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, log, clock, jobs, systemCall } = options;
  // which process did what: several kernel processes share the claims (pid and host in every line)
  const jobLog = log.child({ component: 'jobs', pid: process.pid, host: os.hostname() });
  const startedAt = clock.now();
  let round: Promise<TickReport> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let prunedAt = 0;

  async function schedulesOf(job: RegisteredJob, now: Date): Promise<JobSchedule[]> {
    if (!job.def.schedules) return [{ key: '', cron: job.def.cron, every: job.def.every, companyId: null }];
    // read outside any company, as the system (the job lists what it needs with `unscoped`)
    return systemCall(null, job.pluginId, now, (ctx) => job.def.schedules!(ctx));
  }

  async function runOne(job: RegisteredJob, s: JobSchedule, occurrence: Date, missed: Date[], now: Date, report: TickReport) {
    const maxAttempts = job.def.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const target: ClaimTarget = { job: job.name, key: s.key, occurrence, companyId: s.companyId };
    const run: JobRun = { job: job.name, key: s.key, occurrence, missed, attempt: 1, data: s.data };
    const about = { job: job.name, key: s.key, occurrence: occurrence.toISOString(), companyId: s.companyId };
    let started = 0;
    try {
      const ran = await systemCall(s.companyId, job.pluginId, now, async (ctx, trx) => {
        const attempt = await claim(trx, target, now, maxAttempts);
        if (attempt === null) {
          jobLog.info({ ...about, event: 'claim-lost' }, 'job occurrence taken by another run: skipped');
          return false;
        }
        run.attempt = attempt;
        jobLog.info({ ...about, attempt, event: 'claim-won' }, 'job occurrence claimed');
        started = performance.now();
        jobLog.info({ ...about, attempt, event: 'run-start' }, 'job run started');
        await job.def.run(ctx, run);
        return true;
      });
      if (ran) {
        report.done++;
        report.missed += missed.length;
        jobLog.info({ ...about, attempt: run.attempt, ms: Math.round(performance.now() - started), event: 'run-end' }, 'job run done');
        if (missed.length) {
          // after the commit, not in the run's transaction: a second insert there, beside the
          // claim another process waits on, is an InnoDB deadlock (that process then failed
          // instead of skipping). The run's claim already bounds the next plan, so a missed row
          // lost to a crash here is never run.
          await recordMissed(db, missed.map((m) => ({ ...target, occurrence: m })), now)
            .catch((err) => jobLog.warn({ ...about, err }, 'job missed occurrences could not be recorded'));
          jobLog.info({ ...about, missed: missed.map((m) => m.toISOString()), event: 'missed' }, 'job occurrences passed over by the catch-up');
        }
      } else report.taken++;
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      report.failed++;
      jobLog.error({ ...about, err: error, attempt: run.attempt, event: 'run-failed' }, 'job run failed');
      try {
        await recordFailure(db, target, run.attempt, error, now, maxAttempts);
        if (job.def.failed) await systemCall(s.companyId, job.pluginId, now, (ctx) => Promise.resolve(job.def.failed!(ctx, run, error)));
      } catch (err) {
        jobLog.error({ ...about, err }, 'job failure could not be recorded');
      }
    }
  }

  async function runJob(job: RegisteredJob, now: Date, report: TickReport) {
    const schedules = await schedulesOf(job, now);
    const last = await lastClaims(db, job.name);
    const catchUp: JobCatchUp = job.def.catchUp ?? 'latest';
    for (const s of schedules) {
      if (stopped) return;
      let plan;
      try {
        plan = planRuns({
          cron: s.cron, every: s.every, since: s.since ? new Date(s.since) : startedAt, last: last.get(s.key), now,
          catchUp, maxAttempts: job.def.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        });
      } catch (err) {
        // a pattern that no longer reads (checked when written): this schedule only is skipped
        jobLog.error({ err, job: job.name, key: s.key, cron: s.cron }, 'job schedule unreadable');
        continue;
      }
      if (plan.missedOnly.length) {
        const target = { job: job.name, key: s.key, companyId: s.companyId };
        await db.transaction((trx) => recordMissed(trx, plan.missedOnly.map((occurrence) => ({ ...target, occurrence })), now));
        report.missed += plan.missedOnly.length;
        jobLog.info({ ...target, missed: plan.missedOnly.map((m) => m.toISOString()), event: 'missed' }, 'job occurrences passed over by the catch-up');
      }
      for (const r of plan.runs) {
        if (stopped) return;
        await runOne(job, s, r.occurrence, r.missed, now, report);
      }
    }
  }

  async function doRound(now: Date): Promise<TickReport> {
    const report: TickReport = { done: 0, failed: 0, taken: 0, missed: 0 };
    for (const job of jobs) {
      if (stopped) break;
      try {
        await runJob(job, now, report);
      } catch (err) {
        // a job whose schedules cannot be read this time: the others still run
        jobLog.error({ err, job: job.name }, 'job round failed');
      }
    }
    if (now.getTime() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = now.getTime();
      for (const job of jobs) {
        await pruneClaims(db, job.name, new Date(now.getTime() - KEEP_CLAIMS_MS)).catch((err) => jobLog.warn({ err, job: job.name }, 'job claims prune failed'));
      }
    }
    return report;
  }

  const scheduler: Scheduler = {
    jobs,
    async tick(now = clock.now()) {
      while (round) await round.catch(() => undefined);
      round = doRound(now).finally(() => { round = null; });
      return round;
    },
    start() {
      if (timer || stopped || options.intervalMs <= 0 || jobs.length === 0) return;
      const beat = () => { scheduler.tick().catch((err) => jobLog.error({ err }, 'scheduler tick failed')); };
      timer = setInterval(beat, options.intervalMs);
      timer.unref();
      // occurrences missed while no process ran are caught up at start, not one interval later
      beat();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      while (round) await round.catch(() => undefined);
    },
  };
  return scheduler;
}
