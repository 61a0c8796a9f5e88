/**
 * Opening hours of an establishment (platform README « Establishments and opening hours »), as
 * pure functions in Europe/Paris local time. Special hours replace the regular hours on every day
 * they cover (an empty list: closed). Intervals are computed per local day and converted to UTC
 * with the offset of that day, so the days of a DST change come out right (09:00 is 08:00Z in
 * winter, 07:00Z in summer). An interval must end after it starts on the same day (no overnight).
 * A time of day is the spec's `{ hours, minutes }`; bodies may send `HH:MM` (normalizeHours).
 */
import {
  DEFAULT_OPEN_TIME, WEEKDAYS, timeOfDayText, toTimeOfDay, type Establishment, type OpenTime, type TimeOfDayValue, type Weekday,
} from '@comptoir/schemas';

export const TIME_ZONE = 'Europe/Paris';
/** the longest span `openingIntervals` answers (a year and a day, leap years included) */
export const MAX_SPAN_DAYS = 367;

export type TimeOfDay = TimeOfDayValue;
export interface OpeningInterval { start: Date; end: Date }
type Hours = Pick<Establishment, 'regularHours' | 'specialHours'>;
type Problem = { field: string; message: string };

/** `'HH:MM'` → { hours, minutes }; null when not a time of day (hours 0–23, minutes 0–59). */
export function parseTimeOfDay(text: string): TimeOfDay | null {
  return typeof text === 'string' ? toTimeOfDay(text) : null;
}

/** { hours, minutes } → `'HH:MM'`; throws on values out of range. */
export function formatTimeOfDay(t: TimeOfDay): string {
  if (!toTimeOfDay(t)) throw new RangeError(`Heure invalide : ${t.hours}:${t.minutes}.`);
  return timeOfDayText(t);
}

/** Minutes since midnight of a stored time (`{ hours, minutes }`; an `HH:MM` text is read too), or of the default. */
function minutesOf(t: unknown, fallback: TimeOfDay): number {
  const v = t === undefined ? fallback : toTimeOfDay(t);
  if (!v) throw new RangeError(`Heure invalide : « ${JSON.stringify(t)} » (attendu { hours, minutes } ou HH:MM).`);
  return v.hours * 60 + v.minutes;
}
const startOf = (t: { start?: unknown }) => minutesOf(t.start, DEFAULT_OPEN_TIME.start);
const endOf = (t: { end?: unknown }) => minutesOf(t.end, DEFAULT_OPEN_TIME.end);

type IntervalInput = { start?: unknown; end?: unknown };
type HoursInput = {
  regularHours?: ({ openTimes?: IntervalInput[] } & Record<string, unknown>)[];
  specialHours?: ({ hours?: IntervalInput[] } & Record<string, unknown>)[];
};

/**
 * The hours of a body with every time as `{ hours, minutes }` (a body may give `HH:MM`, platform README
 * « Establishments and opening hours »), and the times that are neither, as French problems naming their field. Pure:
 * answers a copy.
 */
export function normalizeHours<T extends HoursInput>(body: T): { body: T; problems: Problem[] } {
  const problems: Problem[] = [];
  const convert = (list: IntervalInput[] | undefined, at: string) => list?.map((t, i) => {
    const out: Record<string, unknown> = { ...t };
    for (const end of ['start', 'end'] as const) {
      if (t[end] === undefined) continue;
      const v = toTimeOfDay(t[end]);
      if (v) out[end] = v;
      else problems.push({ field: `${at}.${i}.${end}`, message: `heure invalide ${JSON.stringify(t[end])} (attendu { hours, minutes } ou HH:MM ; heures 0 à 23, minutes 0 à 59)` });
    }
    return out;
  });
  const copy = { ...body };
  if (body.regularHours) copy.regularHours = body.regularHours.map((r, i) => (r.openTimes ? { ...r, openTimes: convert(r.openTimes, `regularHours.${i}.openTimes`) } : r));
  if (body.specialHours) copy.specialHours = body.specialHours.map((s, i) => (s.hours ? { ...s, hours: convert(s.hours, `specialHours.${i}.hours`) } : s));
  return { body: copy, problems };
}

/** Problems of an establishment's hours the schema cannot see: { field, message } in French. */
export function validateHours(e: Partial<Hours>): Problem[] {
  const problems: Problem[] = [];
  const check = (list: OpenTime[] | undefined, at: string) => (list ?? []).forEach((t, i) => {
    const start = t.start === undefined ? DEFAULT_OPEN_TIME.start : toTimeOfDay(t.start);
    const end = t.end === undefined ? DEFAULT_OPEN_TIME.end : toTimeOfDay(t.end);
    if (start && end && end.hours * 60 + end.minutes <= start.hours * 60 + start.minutes) {
      problems.push({ field: `${at}.${i}.end`, message: `la fin (${timeOfDayText(end)}) doit être après le début (${timeOfDayText(start)}) le même jour` });
    }
  });
  (e.regularHours ?? []).forEach((r, i) => check(r.openTimes, `regularHours.${i}.openTimes`));
  (e.specialHours ?? []).forEach((s, i) => {
    if (s.startDate && s.endDate && s.endDate < s.startDate) {
      problems.push({ field: `specialHours.${i}.endDate`, message: `la date de fin (${s.endDate}) précède la date de début (${s.startDate})` });
    }
    check(s.hours, `specialHours.${i}.hours`);
  });
  return problems;
}

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** The Paris wall clock of an instant. */
function wallClock(ms: number) {
  const p: Record<string, number> = {};
  for (const { type, value } of partsFormat.formatToParts(new Date(ms))) if (type !== 'literal') p[type] = Number(value);
  return p as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** offset of Paris from UTC at an instant, in ms */
function offsetAt(ms: number): number {
  const w = wallClock(ms);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant of a Paris wall-clock time (a time skipped by the spring change, 02:00–02:59, maps to the instant an hour earlier). */
export function parisToUtc(date: string, minutes: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  const naive = Date.UTC(y, m - 1, d, 0, minutes);
  let ms = naive - offsetAt(naive);
  const corrected = naive - offsetAt(ms);
  if (corrected !== ms && offsetAt(corrected) === naive - corrected) ms = corrected;
  return new Date(ms);
}

/** The Paris calendar date (YYYY-MM-DD) of an instant. */
export function parisDate(at: Date): string {
  const w = wallClock(at.getTime());
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

const addDays = (date: string, n: number): string => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/** The contract's weekday of a calendar date. */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number);
  return WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
}

/** The opening times of one local day: the special hours covering it, else the regular ones. */
export function hoursOn(e: Hours, date: string): OpenTime[] {
  const special = (e.specialHours ?? []).find((s) => s.startDate <= date && date <= s.endDate);
  if (special) return special.hours ?? [];
  const day = weekdayOf(date);
  return (e.regularHours ?? []).filter((r) => (r.days ?? []).includes(day)).flatMap((r) => r.openTimes ?? []);
}

/** The opening intervals overlapping [from, to), cut to it, sorted, overlapping ones merged. */
export function openingIntervals(e: Hours, from: Date, to: Date): OpeningInterval[] {
  if (!(to.getTime() > from.getTime())) return [];
  if (to.getTime() - from.getTime() > MAX_SPAN_DAYS * 86_400_000) {
    throw new RangeError(`La période demandée dépasse ${MAX_SPAN_DAYS} jours.`);
  }
  const raw: OpeningInterval[] = [];
  const last = parisDate(to);
  for (let day = parisDate(from); day <= last; day = addDays(day, 1)) {
    for (const t of hoursOn(e, day)) {
      const s = startOf(t);
      const en = endOf(t);
      if (en <= s) continue; // refused at write time; ignored if stored before the rule
      const start = Math.max(parisToUtc(day, s).getTime(), from.getTime());
      const end = Math.min(parisToUtc(day, en).getTime(), to.getTime());
      if (end > start) raw.push({ start: new Date(start), end: new Date(end) });
    }
  }
  raw.sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: OpeningInterval[] = [];
  for (const i of raw) {
    const prev = merged[merged.length - 1];
    if (prev && i.start.getTime() <= prev.end.getTime()) {
      if (i.end > prev.end) prev.end = i.end;
    } else merged.push({ ...i });
  }
  return merged;
}

/** Whether the establishment is open at an instant (start included, end excluded). */
export function isOpenAt(e: Hours, at: Date): boolean {
  return openingIntervals(e, at, new Date(at.getTime() + 1)).length > 0;
}
