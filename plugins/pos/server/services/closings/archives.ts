/**
 * Archives by frequency (spec §5, README « Archives »): each frequency has its own counter, its
 * period (Europe/Paris days) and the level it is computed from. An unknown frequency is the spec's
 * error (§8), verbatim.
 */
import { isoDay, parisDay, parisStartOf, shiftDay, type CalendarDay } from '@comptoir/sdk/commerce';
import { ARCHIVE_FREQUENCIES, type ArchiveFrequency } from '../../../schemas/index.ts';

/** Spec §8, verbatim: the error of an archive frequency that is none of the four. */
export const INVALID_ARCHIVE_FREQUENCY = 'Invalid Archive Frequency to determine the next document sequencial number';

export class InvalidArchiveFrequency extends Error {
  constructor(readonly frequency: unknown) { super(INVALID_ARCHIVE_FREQUENCY); }
}

/** The counter of each frequency (declared in server/index.ts). */
export const ARCHIVE_COUNTERS: Record<ArchiveFrequency, string> = {
  daily: 'archiveDaily', monthly: 'archiveMonthly', yearly: 'archiveYearly', 'fiscal-yearly': 'archiveFiscalYearly',
};

export function isArchiveFrequency(value: unknown): value is ArchiveFrequency {
  return typeof value === 'string' && (ARCHIVE_FREQUENCIES as readonly string[]).includes(value);
}

/** The counter kind of a frequency; throws the spec's error for any other value. */
export function archiveCounter(frequency: unknown): string {
  if (!isArchiveFrequency(frequency)) throw new InvalidArchiveFrequency(frequency);
  return ARCHIVE_COUNTERS[frequency];
}

/**
 * What an archive of a frequency is computed from: a day from the Z tickets of that day, a month
 * from its daily archives, a year and a fiscal year from monthly archives (a fiscal year that does
 * not start on the 1st of a month, from daily archives).
 */
export function sourceLevel(frequency: ArchiveFrequency, fiscalYearStartsOnFirst = true): 'z-tickets' | 'daily' | 'monthly' {
  if (frequency === 'daily') return 'z-tickets';
  if (frequency === 'monthly') return 'daily';
  if (frequency === 'fiscal-yearly' && !fiscalYearStartsOnFirst) return 'daily';
  return 'monthly';
}

export interface ArchivePeriod {
  /** first Paris day, last Paris day (YYYY-MM-DD) */
  firstDay: string;
  lastDay: string;
  /** the instants: start included, end excluded */
  startDate: string;
  endDate: string;
  /** a label for people: « 2026-11-27 », « 2026-11 », « 2026 », « 2026-04-01/2027-03-31 » */
  period: string;
}

const dayOf = (s: string): CalendarDay => {
  const d = parisDay(s);
  if (!d) throw new Error(`not a day: ${s}`);
  return d;
};

function span(first: CalendarDay, last: CalendarDay, period: string): ArchivePeriod {
  return {
    firstDay: isoDay(first), lastDay: isoDay(last),
    startDate: parisStartOf(first).toISOString(), endDate: parisStartOf(shiftDay(last, 1)).toISOString(), period,
  };
}

/**
 * The period of the archive of `frequency` containing `at` (an instant or a Paris day). A fiscal
 * year is the company's (`fiscalYear`: first and last day), required for `fiscal-yearly`.
 */
export function archivePeriod(frequency: unknown, at: Date | string, fiscalYear?: { start: string; end: string }): ArchivePeriod {
  archiveCounter(frequency);
  const d = parisDay(at);
  if (!d) throw new Error(`not a date: ${String(at)}`);
  const pad = (n: number) => String(n).padStart(2, '0');
  switch (frequency as ArchiveFrequency) {
    case 'daily': return span(d, d, isoDay(d));
    case 'monthly': {
      const first = { ...d, day: 1 };
      const last = shiftDay({ year: d.month === 12 ? d.year + 1 : d.year, month: d.month === 12 ? 1 : d.month + 1, day: 1 }, -1);
      return span(first, last, `${d.year}-${pad(d.month)}`);
    }
    case 'yearly': return span({ year: d.year, month: 1, day: 1 }, { year: d.year, month: 12, day: 31 }, String(d.year));
    case 'fiscal-yearly': {
      if (!fiscalYear) throw new Error('fiscal-yearly: the fiscal year is required');
      const first = dayOf(fiscalYear.start), last = dayOf(fiscalYear.end);
      return span(first, last, `${isoDay(first)}/${isoDay(last)}`);
    }
  }
}
