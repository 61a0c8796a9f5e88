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
