/**
 * TimeOfYear inclusion (spec 001 §4: « a period-inclusion check compares every part of start and
 * end ») and the four playlist modes. Plain functions over plain data (README « Times of year »).
 */
import type { PlayListItem, TimeOfYear, TimeOfYearPoint } from '../../../schemas/index.ts';

const PARTS = ['year', 'month', 'day', 'hours', 'minutes', 'seconds'] as const;
const MIN = [0, 1, 1, 0, 0, 0];
const MAX = [9999, 12, 31, 23, 59, 59];

/** The parts of an instant as read on a Paris clock (periods are typed in French local time). */
export function parisParts(date: Date, timeZone = 'Europe/Paris'): number[] {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23',
  });
  const byType = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, Number(p.value)]));
  return [byType.year, byType.month, byType.day, byType.hour, byType.minute, byType.second];
}

const given = (p: TimeOfYearPoint, i: number) => p[PARTS[i]] !== undefined && p[PARTS[i]] !== null;

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/**
 * Whether the period contains the instant. Every part is compared, most significant first, from the
 * first part either bound gives: parts before it repeat (no year: every year; no year nor month:
 * every month…); a missing later part is the lowest value at the start and the highest at the end.
 * A start after the end (20 December → 5 January, no year) wraps around. A period without any part
 * contains everything.
 */
export function timeOfYearContains(period: Pick<TimeOfYear, 'start' | 'end'>, date: Date, timeZone = 'Europe/Paris'): boolean {
  const start = period.start ?? {};
  const end = period.end ?? {};
  const first = PARTS.findIndex((_, i) => given(start, i) || given(end, i));
  if (first < 0) return true;
  const at = parisParts(date, timeZone).slice(first);
  const lo = PARTS.slice(first).map((k, j) => (given(start, first + j) ? Number(start[k]) : MIN[first + j]));
  const hi = PARTS.slice(first).map((k, j) => (given(end, first + j) ? Number(end[k]) : MAX[first + j]));
  if (compare(lo, hi) <= 0) return compare(lo, at) <= 0 && compare(at, hi) <= 0;
  // wraps over the repeating unit (a year, a month, a day…)
  return compare(lo, at) <= 0 || compare(at, hi) <= 0;
}

/** The ids of the enabled periods that contain the instant. */
export function periodsContaining(periods: TimeOfYear[], date: Date): Set<string> {
  return new Set(periods.filter((p) => p.enabled !== false && timeOfYearContains(p, date)).map((p) => p._id));
}

/**
 * Whether a playlist item applies at that instant (spec §4): everytime always; out of any time of
 * year when no known (enabled) period contains it; in the selected ones when one of its selected
 * periods contains it; not in the selected ones when none does. Disabled items never apply.
 */
export function playlistItemApplies(item: Pick<PlayListItem, 'timeOfYearMode' | 'enabled' | 'fk'>, containing: Set<string>): boolean {
  if (item.enabled === false) return false;
  const selected = item.fk?.timesOfYear ?? [];
  switch (item.timeOfYearMode) {
    case 'everytime': return true;
    case 'out-of-any-time-of-year': return containing.size === 0;
    case 'in-selected-time-of-year': return selected.some((id) => containing.has(id));
    case 'not-in-selected-time-of-year': return !selected.some((id) => containing.has(id));
    default: return false;
  }
}

/** The items of a playlist that apply at that instant, in their order. */
export function playlistAt<T extends Pick<PlayListItem, 'timeOfYearMode' | 'enabled' | 'fk'>>(items: T[], periods: TimeOfYear[], date: Date): T[] {
  const containing = periodsContaining(periods, date);
  return items.filter((i) => playlistItemApplies(i, containing));
}

/** « 24/12/– 08:00:00 »: day/month/year hours:minutes:seconds, a dash for a missing part (spec §3). */
export function formatTimeOfYearPoint(p: TimeOfYearPoint): string {
  const two = (v: number | null | undefined) => (v === undefined || v === null ? '–' : String(v).padStart(2, '0'));
  const year = p.year === undefined || p.year === null ? '–' : String(p.year);
  return `${two(p.day)}/${two(p.month)}/${year} ${two(p.hours)}:${two(p.minutes)}:${two(p.seconds)}`;
}
