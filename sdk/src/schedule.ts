/**
 * `@comptoir/sdk/schedule`: cron patterns read one way everywhere — the kernel's job scheduler,
 * plugins listing upcoming runs, and the screens previewing a rule. croner (no dependencies, runs in
 * the browser too), in Europe/Paris: « 0 8 1 * * » is 8 h in Paris all year, 07:00 UTC in winter and
 * 06:00 UTC in summer.
 *
 * DST (croner's « fixed-time » rule): a time that does not exist on the spring-forward night
 * (2 h 30 on the last Sunday of March) runs at 3 h, the first valid time after the gap; a time that
 * occurs twice on the fall-back night runs once (the first). Patterns with a wildcard or a step in
 * the hour (`*\/30 2 * * *`) skip the gap and run on both repeated times, as cron does.
 */
import { Cron } from 'croner';

export const SCHEDULE_TIME_ZONE = 'Europe/Paris';

/**
 * Five fields (minute, hour, day of month, month, day of week), or six with seconds first. Day of
 * month and day of week combine with OR when both are set (Vixie cron, what crontab users expect).
 * `L` (last day of month), names (`MON`, `JAN`), lists, ranges and steps are accepted.
 */
export function cronOf(pattern: string): Cron {
  return new Cron(pattern.trim(), { timezone: SCHEDULE_TIME_ZONE, paused: true, mode: '5-or-6-parts' });
}

/** A French sentence saying why a pattern cannot be read, or null when it can. */
export function cronProblem(pattern: unknown): string | null {
  if (typeof pattern !== 'string' || !pattern.trim()) return 'une expression cron est attendue (par exemple « 0 8 1 * * »)';
  try {
    const cron = cronOf(pattern);
    if (!cron.nextRun(new Date())) return 'cette expression ne se produit jamais';
    return null;
  } catch (e) {
    const detail = (e as Error).message.replace(/^CronPattern:\s*/, '');
    return `expression cron illisible (${detail})`;
  }
}

/** Occurrences after `from` (excluded) up to `to` (included), at most `limit`, in order. */
export function occurrencesBetween(pattern: string | Cron, from: Date, to: Date, limit = 1000): Date[] {
  const cron = typeof pattern === 'string' ? cronOf(pattern) : pattern;
  const out: Date[] = [];
  // croner's nextRun(d) is strictly after d
  let next = cron.nextRun(from);
  while (next && next.getTime() <= to.getTime() && out.length < limit) {
    out.push(next);
    next = cron.nextRun(next);
  }
  return out;
}

/** The next `count` occurrences strictly after `from`. */
export function nextOccurrences(pattern: string | Cron, from: Date, count: number): Date[] {
  const cron = typeof pattern === 'string' ? cronOf(pattern) : pattern;
  return cron.nextRuns(count, from);
}

/** The latest occurrence at or before `at`, or null (none in the pattern's history). */
export function latestOccurrence(pattern: string | Cron, at: Date): Date | null {
  const cron = typeof pattern === 'string' ? cronOf(pattern) : pattern;
  // previousRuns counts a run earlier in the same second as the reference: +1 ms takes `at` itself in
  return cron.previousRuns(1, new Date(at.getTime() + 1))[0] ?? null;
}

/** Smallest gap between consecutive occurrences among the next `sample` ones after `from` (ms), or null. */
export function smallestGap(pattern: string | Cron, from: Date, sample = 48): number | null {
  const runs = nextOccurrences(pattern, from, sample);
  let gap: number | null = null;
  for (let i = 1; i < runs.length; i++) {
    const d = runs[i].getTime() - runs[i - 1].getTime();
    if (gap === null || d < gap) gap = d;
  }
  return gap;
}
