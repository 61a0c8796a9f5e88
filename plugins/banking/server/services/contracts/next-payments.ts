/**
 * A contract's expected payments and renewal (README « Contracts »), plain functions: from the
 * first payment day, one every period (months added on the calendar, the day kept or the month's
 * last day: a 31st falls on the 30th in April), the next ones from `today` (a Paris day).
 */
import type { Frequency } from '../../../schemas/index.ts';
import { parisDay } from '../common/dates.ts';

const MONTHS: Partial<Record<Frequency, number>> = { monthly: 1, bimonthly: 2, quarterly: 3, 'half-yearly': 6, yearly: 12 };

/** `YYYY-MM-DD` + n periods */
export function addPeriods(day: string, frequency: Frequency, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  if (frequency === 'weekly') {
    const t = new Date(Date.UTC(y, m - 1, d + 7 * n));
    return t.toISOString().slice(0, 10);
  }
  const months = (MONTHS[frequency] ?? 0) * n;
  const total = (m - 1) + months;
  const year = y + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** the first `count` days of the schedule on or after `today` */
export function nextOccurrences(first: string | null | undefined, frequency: Frequency, today: string, count: number): string[] {
  if (!first) return [];
  const start = parisDay(first);
  if (frequency === 'none') return start >= today ? [start] : [];
  const out: string[] = [];
  // jump close to today first (a contract of 20 years ago is not walked month by month)
  let n = 0;
  if (start < today) {
    const [ty, tm] = today.split('-').map(Number);
    const [sy, sm] = start.split('-').map(Number);
    const step = frequency === 'weekly' ? 0 : MONTHS[frequency]!;
    n = step ? Math.max(0, Math.floor(((ty - sy) * 12 + (tm - sm)) / step) - 1) : Math.max(0, Math.floor((Date.parse(today) - Date.parse(start)) / (7 * 86400000)) - 1);
  }
  for (let guard = 0; out.length < count && guard < 1000; guard++, n++) {
    const day = addPeriods(start, frequency, n);
    if (day >= today) out.push(day);
  }
  return out;
}

export function contractSchedule(c: { firstPaymentDate?: string | null; startDate?: string | null; paymentFrequency: Frequency; renewFrequency: Frequency }, now: Date) {
  const today = parisDay(now);
  return {
    nextPayments: nextOccurrences(c.firstPaymentDate ?? c.startDate, c.paymentFrequency, today, 3),
    nextRenewal: c.renewFrequency === 'none' ? null : nextOccurrences(c.startDate ?? c.firstPaymentDate, c.renewFrequency, today, 1)[0] ?? null,
  };
}
