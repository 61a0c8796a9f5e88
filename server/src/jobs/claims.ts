/**
 * The claim rows of `kernel_job_runs`: one per (job, key, occurrence), unique. A run inserts its
 * claim as the **first write of its own transaction**: a second process inserting the same claim
 * waits for that transaction (InnoDB's lock on the unique key; SQLite's single writer), then finds
 * it committed (duplicate: not its to run) or rolled back (its insert succeeds: it runs instead).
 * So an occurrence is done once, and a crashed or failed run leaves no claim behind.
 */
import type { Knex } from 'knex';
import { safeMessage } from '@comptoir/sdk';
import { JOB_RUNS_TABLE } from '../entities/platform.ts';
import { newId } from '../util/ids.ts';
import type { LastClaim } from './plan.ts';
import { nextAttemptAt } from './plan.ts';

export { JOB_RUNS_TABLE };

type Db = Knex | Knex.Transaction;

export interface ClaimTarget { job: string; key: string; occurrence: Date; companyId: string | null }

interface ClaimRow {
  _id: string; job: string; key: string; occurrence: string; status: LastClaim['status'];
  attempts: number | string; nextAttemptAt: string | null;
}

/** A unique-key violation, on either engine. */
export function isDuplicate(e: unknown): boolean {
  const err = e as { code?: string; errno?: number };
  return err?.code === 'ER_DUP_ENTRY' || err?.errno === 1062 || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || err?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

const rowOf = (t: ClaimTarget, status: LastClaim['status'], attempts: number, now: Date, extra: Record<string, unknown> = {}) => ({
  _id: newId(), job: t.job, key: t.key, occurrence: t.occurrence.toISOString(), fk_company: t.companyId,
  status, attempts, nextAttemptAt: null, lastError: null,
  metadata_creationDate: now.toISOString(), metadata_lastModificationDate: now.toISOString(), ...extra,
});

const where = (t: ClaimTarget) => ({ job: t.job, key: t.key, occurrence: t.occurrence.toISOString() });

/**
 * Claims the occurrence in `trx` (status `done`, committed with the run's work). Answers the attempt
 * number, or null when another run has it (done, missed, or failed and not due for a retry).
 */
export async function claim(trx: Db, t: ClaimTarget, now: Date, maxAttempts: number): Promise<number | null> {
  try {
    await trx(JOB_RUNS_TABLE).insert(rowOf(t, 'done', 1, now));
    return 1;
  } catch (e) {
    if (!isDuplicate(e)) throw e;
  }
  const row = await trx(JOB_RUNS_TABLE).where(where(t)).first() as ClaimRow | undefined;
  if (!row || row.status !== 'failed') return null;
  const attempts = Number(row.attempts);
  if (attempts >= maxAttempts) return null;
  if (row.nextAttemptAt && new Date(row.nextAttemptAt).getTime() > now.getTime()) return null;
  // another process retrying at the same moment waits on this row, then matches nothing
  const changed = await trx(JOB_RUNS_TABLE).where({ _id: row._id, status: 'failed', attempts })
    .update({ status: 'done', attempts: attempts + 1, nextAttemptAt: null, metadata_lastModificationDate: now.toISOString() });
  return changed === 1 ? attempts + 1 : null;
}

/** Occurrences passed over by a catch-up, recorded so that they are not considered again. */
export async function recordMissed(trx: Db, targets: ClaimTarget[], now: Date): Promise<void> {
  for (const t of targets) {
    try {
      await trx(JOB_RUNS_TABLE).insert(rowOf(t, 'missed', 0, now));
    } catch (e) {
      if (!isDuplicate(e)) throw e;
    }
  }
}

/**
 * After a failed attempt (its transaction rolled back): `failed`, with the error and the next
 * attempt's time. The error is stored as its safe message: the job list shows `lastError` to
 * administrators, and a database error's message may hold the statement's values.
 */
export async function recordFailure(db: Db, t: ClaimTarget, attempt: number, error: Error, now: Date, maxAttempts: number): Promise<void> {
  const fields = {
    status: 'failed', attempts: attempt, lastError: safeMessage(error).slice(0, 2000),
    nextAttemptAt: nextAttemptAt(now, attempt, maxAttempts)?.toISOString() ?? null,
    metadata_lastModificationDate: now.toISOString(),
  };
  const existing = await db(JOB_RUNS_TABLE).where(where(t)).first() as ClaimRow | undefined;
  if (existing) {
    // done by another process meanwhile: nothing to record
    if (existing.status === 'failed') await db(JOB_RUNS_TABLE).where({ _id: existing._id, status: 'failed' }).update(fields);
    return;
  }
  try {
    await db(JOB_RUNS_TABLE).insert(rowOf(t, 'failed', attempt, now, fields));
  } catch (e) {
    if (!isDuplicate(e)) throw e;
  }
}

/** The latest claim row of each key of a job. */
export async function lastClaims(db: Db, job: string): Promise<Map<string, LastClaim>> {
  const latest = db(JOB_RUNS_TABLE).select('key').max({ occurrence: 'occurrence' }).where('job', job).groupBy('key').as('latest');
  const rows = await db(JOB_RUNS_TABLE).select('r.key', 'r.occurrence', 'r.status', 'r.attempts', 'r.nextAttemptAt')
    .from({ r: JOB_RUNS_TABLE })
    .join(latest, function () { this.on('r.key', '=', 'latest.key').andOn('r.occurrence', '=', 'latest.occurrence'); })
    .where('r.job', job) as ClaimRow[];
  return new Map(rows.map((r) => [r.key, {
    occurrence: new Date(r.occurrence), status: r.status, attempts: Number(r.attempts),
    nextAttemptAt: r.nextAttemptAt ? new Date(r.nextAttemptAt) : null,
  }]));
}

/** Rows older than `before`, except the latest of each key (the lower bound of its next occurrence). */
export async function pruneClaims(db: Knex, job: string, before: Date): Promise<number> {
  let removed = 0;
  for (const [key, last] of await lastClaims(db, job)) {
    removed += await db(JOB_RUNS_TABLE).where({ job, key }).andWhere('occurrence', '<', last.occurrence.toISOString())
      .andWhere('metadata_creationDate', '<', before.toISOString()).del();
  }
  return removed;
}
