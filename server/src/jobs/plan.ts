/**
 * Which occurrences of a schedule are due at `now`, given the latest claim row of that schedule:
 * plain data in, plain data out (tested without a database in server/test/jobs-plan.test.ts).
 */
import type { JobCatchUp } from '@comptoir/sdk';
import { cronOf, latestOccurrence, occurrencesBetween } from '@comptoir/sdk/schedule';

/** Occurrences run (`each`) or recorded as missed in one tick, at most. */
export const MAX_PER_TICK = 100;
/** `none`: an occurrence is still run this long after its time (a tick late, a restart) */
export const NONE_GRACE_MS = 5 * 60_000;

export interface LastClaim {
  occurrence: Date;
  status: 'done' | 'failed' | 'missed';
  attempts: number;
  nextAttemptAt: Date | null;
}

export interface PlanInput {
  cron?: string;
  every?: number;
  /** lower bound (excluded): the schedule's `since`, or the scheduler's start for a job's own schedule */
  since: Date;
  last?: LastClaim;
  now: Date;
  catchUp: JobCatchUp;
  maxAttempts: number;
}

export interface PlannedRun { occurrence: Date; missed: Date[]; retry: boolean }

export interface Plan {
  runs: PlannedRun[];
  /** occurrences to record as missed without running them (`none`) */
  missedOnly: Date[];
}

const NOTHING: Plan = { runs: [], missedOnly: [] };
const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

function retryable(last: LastClaim | undefined, now: Date, maxAttempts: number): boolean {
  return !!last && last.status === 'failed' && last.attempts < maxAttempts
    && (!last.nextAttemptAt || last.nextAttemptAt.getTime() <= now.getTime());
}

export function planRuns(input: PlanInput): Plan {
  const { last, now, catchUp, maxAttempts } = input;
  const retry = (): Plan => (retryable(last, now, maxAttempts) && last!.occurrence.getTime() > input.since.getTime()
    ? { runs: [{ occurrence: last!.occurrence, missed: [], retry: true }], missedOnly: [] }
    : NOTHING);

  if (input.every) {
    // a period: the current slot, if it was not claimed yet (nothing to catch up)
    const period = input.every * 1000;
    const slot = new Date(Math.floor(now.getTime() / period) * period);
    if (last && last.occurrence.getTime() >= slot.getTime()) return retry();
    return { runs: [{ occurrence: slot, missed: [], retry: false }], missedOnly: [] };
  }
  if (!input.cron) return NOTHING;
  const cron = cronOf(input.cron);
  const bound = last ? later(input.since, last.occurrence) : input.since;
  // `each` does not move past a failed occurrence while it may still succeed (archives in order)
  if (catchUp === 'each' && last?.status === 'failed' && last.attempts < maxAttempts) return retry();
  const latest = latestOccurrence(cron, now);
  if (!latest || latest.getTime() <= bound.getTime()) return retry();

  if (catchUp === 'each') {
    return { runs: occurrencesBetween(cron, bound, now, MAX_PER_TICK).map((occurrence) => ({ occurrence, missed: [], retry: false })), missedOnly: [] };
  }
  const older = occurrencesBetween(cron, bound, new Date(latest.getTime() - 1), MAX_PER_TICK);
  if (catchUp === 'none' && now.getTime() - latest.getTime() > NONE_GRACE_MS) {
    return { runs: [], missedOnly: [...older, latest].slice(-MAX_PER_TICK) };
  }
  return { runs: [{ occurrence: latest, missed: older, retry: false }], missedOnly: [] };
}

/** Wall-clock delays before attempts 2, 3, 4, 5 of a failed occurrence. */
export const RETRY_BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];

export const nextAttemptAt = (now: Date, attempts: number, maxAttempts: number): Date | null =>
  (attempts >= maxAttempts ? null : new Date(now.getTime() + RETRY_BACKOFF_MS[Math.min(attempts, RETRY_BACKOFF_MS.length) - 1]));
