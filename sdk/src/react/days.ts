/**
 * Days as date inputs hold them (`YYYY-MM-DD`, Mantine's DateStringValue) and instants as the
 * API stores them (ISO, UTC). A day is read in Paris time (docs/architecture.md « Data conventions »); a picked day becomes noon
 * of that day, which is the same day in Paris whatever the season.
 */
import { TIME_ZONE } from './format.ts';

const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

export function dayOf(iso: string | Date | null | undefined): string | null {
  if (!iso) return null;
  const d = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(d.getTime()) ? null : DAY.format(d);
}

export function today(): string {
  return DAY.format(new Date());
}

export function noonOf(day: string): string {
  return `${day}T12:00:00.000Z`;
}

/** The first and last instants of a day of the browser's calendar (the user is in France). */
export function startOfDay(day: string): string {
  return new Date(`${day}T00:00:00`).toISOString();
}

export function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59.999`).toISOString();
}

/** `day` plus `n` days, as a day. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
