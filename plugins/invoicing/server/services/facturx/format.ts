/**
 * How values are written in the XML: amounts with exactly 2 decimals (BR-DEC-*), quantities and
 * unit prices with at least 2, dates as yyyymmdd in Europe/Paris (the day printed on the invoice),
 * texts trimmed. Escaping (& < > " ') is xmlbuilder2's job; characters XML 1.0 cannot carry are
 * dropped by its `invalidCharReplacement`.
 */
import { Decimal } from 'decimal.js';
import { parisDay, type CalendarDay } from '@comptoir/sdk/commerce';

/** An amount: 2 decimals, never « -0.00 ». */
export const amount = (d: Decimal): string => (d.isZero() ? new Decimal(0) : d).toFixed(2);

/** A quantity, a unit price or a rate: 2 decimals, more when the value has more. */
export const decimalText = (d: Decimal): string => (d.isZero() ? new Decimal(0) : d).toFixed(Math.max(2, d.decimalPlaces()));

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const day102 = (d: CalendarDay): string => `${pad(d.year, 4)}${pad(d.month)}${pad(d.day)}`;

/** The Paris calendar day of a stored instant; throws on a date that cannot be read (a bug upstream). */
export function calendarDay(date: string): CalendarDay {
  const d = parisDay(date);
  if (!d) throw new Error(`Date illisible : « ${date} »`);
  return d;
}

/** Trimmed text, or undefined when blank: optional elements are left out rather than written empty. */
export function text(v: string | null | undefined): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

/** Non-blank parts joined: « SARL – au capital de 10 000,00 € ». */
export const joined = (parts: (string | undefined)[], separator: string): string | undefined =>
  text(parts.filter((p) => p !== undefined && p.trim() !== '').join(separator));
