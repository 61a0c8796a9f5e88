/**
 * The periods and comparisons of the home page's sales figures, as plain functions of a Paris
 * calendar day (README « Home dashboard »). A period is a range of whole Paris days, and its list
 * filter is exactly what the « Factures » screen sends for the same « du … au … » dates, so the
 * list a figure links to adds up to the figure.
 */
import { Decimal } from 'decimal.js';
import { FRENCH_MONTHS, isoDay, parisEndOf, parisStartOf, shiftDay, type CalendarDay } from '@comptoir/sdk/commerce';
import type { FilterSpec } from '@comptoir/sdk';
import { PAYMENT_TERM_DAYS } from '../document-terms.ts';

export interface Period { from: CalendarDay; to: CalendarDay }

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** from the 1st of the month to `today` included */
export const monthToDate = (today: CalendarDay): Period => ({ from: { ...today, day: 1 }, to: today });

/** from 1 January to `today` included */
export const yearToDate = (today: CalendarDay): Period => ({ from: { year: today.year, month: 1, day: 1 }, to: today });

/** a whole month */
export const wholeMonth = (year: number, month: number): Period => ({ from: { year, month, day: 1 }, to: { year, month, day: daysIn(year, month) } });

/** the same days one year before (29 February → 28 February) */
export function yearBefore(p: Period): Period {
  const back = (d: CalendarDay): CalendarDay => ({ year: d.year - 1, month: d.month, day: Math.min(d.day, daysIn(d.year - 1, d.month)) });
  return { from: back(p.from), to: back(p.to) };
}

/** the list filter on `date` of a period: what the screens' date range sends (Paris midnight to 23:59:59.999) */
export const dateFilter = (p: Period): FilterSpec => ({
  mode: 'between', valueIsDate: true, startDate: parisStartOf(p.from).toISOString(), endDate: parisEndOf(p.to).toISOString(),
});

/** the screens' URL for the same range: `du=2026-11-01&au=2026-11-27` */
export const rangeQuery = (p: Period): string => `du=${isoDay(p.from)}&au=${isoDay(p.to)}`;

/**
 * The last invoice day whose invoices are overdue on `today`: an invoice is due 30 calendar days
 * after its Paris day (`dueDateOf`, what the PDF prints), and overdue the day after that.
 */
export const lastOverdueDay = (today: CalendarDay): CalendarDay => shiftDay(today, -(PAYMENT_TERM_DAYS + 1));

/** the list filter « dated that day or before » (the screens' date range with only « au ») */
export const untilFilter = (day: CalendarDay): FilterSpec => ({ mode: 'between', valueIsDate: true, endDate: parisEndOf(day).toISOString() });

/** Change from `previous` to `current` in percent, rounded to the unit; null when there is nothing to compare with. */
export function percentChange(current: string, previous: string): string | null {
  const before = new Decimal(previous);
  if (before.isZero()) return null;
  return new Decimal(current).minus(before).dividedBy(before.abs()).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0);
}

/** « novembre 2026 », « 1er au 27 novembre 2025 »: what a period is called on the page */
export const monthName = (month: number) => FRENCH_MONTHS[month - 1];
export function periodLabel(p: Period): string {
  const whole = p.from.day === 1 && p.to.day === daysIn(p.to.year, p.to.month);
  if (p.from.month === p.to.month && whole) return `${monthName(p.to.month)} ${p.to.year}`;
  const first = p.from.day === 1 ? '1er' : String(p.from.day);
  if (p.from.month === p.to.month) return `du ${first} au ${p.to.day} ${monthName(p.to.month)} ${p.to.year}`;
  return `du ${first} ${monthName(p.from.month)} au ${p.to.day} ${monthName(p.to.month)} ${p.to.year}`;
}

/** a sum from a list aggregation (a number of euros) as an exact two-decimal string */
export const money = (sum: number | undefined): string => new Decimal(sum ?? 0).toFixed(2);
