/**
 * Calendar day of an instant in Europe/Paris: documents are French, so 31 January at 23:30 UTC is
 * already 1 February on the invoice.
 */
export const FRENCH_MONTHS = [
  'janvier', 'février', 'mars', 'avril', 'mai', 'juin',
  'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre',
] as const;

export interface CalendarDay { year: number; month: number; day: number }

// created on first use: importing the engine in a browser costs nothing until a date is formatted
let paris: Intl.DateTimeFormat | null = null;
const parisFormat = () => (paris ??= new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Paris', year: 'numeric', month: 'numeric', day: 'numeric',
}));

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A 'YYYY-MM-DD' string is already a calendar day; anything else is an instant. Null if invalid. */
export function parisDay(date: Date | string): CalendarDay | null {
  if (typeof date === 'string') {
    const m = DATE_ONLY.exec(date.trim());
    if (m) return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  }
  const instant = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(instant.getTime())) return null;
  // formatted once: the FEC reads three days per line of a year's file
  const parts = parisFormat().formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** dd/mm/yyyy in Europe/Paris; the input unchanged when it is not a date. */
export function frenchDate(date: Date | string): string {
  const d = parisDay(date);
  if (!d) return String(date);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.day)}/${pad(d.month)}/${String(d.year).padStart(4, '0')}`;
}

/** 'YYYY-MM-DD' of a calendar day. */
export const isoDay = (d: CalendarDay): string =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The calendar day `n` days after `d` (negative: before); months and years roll over. */
export function shiftDay(d: CalendarDay, n: number): CalendarDay {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/**
 * The instant a Paris calendar day starts (00:00 Europe/Paris), so that « November » of a French
 * company is the same on every server, whatever its own time zone. Midnight is never skipped nor
 * repeated in Paris (the clocks change at 2 or 3 a.m.), so the answer is unique.
 */
export function parisStartOf(d: CalendarDay): Date {
  const utcMidnight = Date.UTC(d.year, d.month - 1, d.day);
  // the Paris offset is +1 or +2 hours: try both, keep the one whose Paris day is `d` at 00:00
  for (const hours of [1, 2]) {
    const candidate = new Date(utcMidnight - hours * 3_600_000);
    const seen = parisDay(candidate);
    const back = new Date(candidate.getTime() - 1);
    const before = parisDay(back);
    if (seen && before && isoDay(seen) === isoDay(d) && isoDay(before) !== isoDay(d)) return candidate;
  }
  throw new Error(`no Paris midnight for ${isoDay(d)}`);
}

/** The last millisecond of a Paris calendar day (what the screens' « au » date filter sends). */
export const parisEndOf = (d: CalendarDay): Date => new Date(parisStartOf(shiftDay(d, 1)).getTime() - 1);
