/**
 * Working time as plain functions (README « Working time », « Invoicing »): whole minutes of a
 * period, and the invoice lines of a set of periods — one line per project item (or per project
 * for time on no item), its quantity in hours rounded to the hundredth (halves up), its unit price
 * the hourly rate excl. taxes, exact with decimal.js.
 */
import { Decimal } from 'decimal.js';
import type { LineItemInput } from '@comptoir/schemas';

/** whole minutes between two instants, rounded down (a timer stopped after 59 s counts 0) */
export function minutesBetween(start: string, end: string): number {
  return Math.max(0, Math.floor((Date.parse(end) - Date.parse(start)) / 60_000));
}

/** « 3 h 05 », « 45 min » */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : `${h} h ${String(m).padStart(2, '0')}`;
}

export interface TimeToInvoice {
  minutes: number;
  /** what the line is named after: « Projet — élément » */
  label: string;
  /** euros excl. taxes per hour, a decimal string or number */
  hourlyRate: string | number;
  vat: number;
}

/** hours, 2 decimals, halves up */
export const hoursOf = (minutes: number) => new Decimal(minutes).div(60).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();

export function timeLines(times: readonly TimeToInvoice[]): LineItemInput[] {
  const groups = new Map<string, { label: string; minutes: number; count: number; hourlyRate: string; vat: number }>();
  for (const t of times) {
    const rate = new Decimal(t.hourlyRate).toFixed(2);
    const key = JSON.stringify([t.label, rate, t.vat]);
    const g = groups.get(key) ?? { label: t.label, minutes: 0, count: 0, hourlyRate: rate, vat: t.vat };
    g.minutes += t.minutes;
    g.count += 1;
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => ({
    type: 'service',
    labelPrimary: g.label.slice(0, 255),
    labelSecondary: `Temps passé : ${durationText(g.minutes)} (${g.count} période${g.count > 1 ? 's' : ''})`,
    quantity: hoursOf(g.minutes),
    exclTaxesPrice: Number(g.hourlyRate),
    vat: g.vat,
  }));
}
