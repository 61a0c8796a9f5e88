/**
 * The monthly view's numbers, as plain functions (client/test/month-series.test.ts): the months
 * of a range, each month's income and outcome, the balance at the end of each month worked back
 * from today's balance, and a month's categories sorted by what they weigh.
 */
import type { MonthInfo, MonthLine } from '../api.ts';

/** `YYYY-MM` of the `n` months ending with `last`, oldest first */
export function monthRange(last: string, n: number): string[] {
  const [y, m] = last.split('-').map(Number);
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (n - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

const cents = (v: number) => Math.round(v * 100);

/**
 * Per month of `months`: income, outcome and the balance at its end, from `balance` (today's,
 * all accounts) minus the totals of the months after it (`after`: Σ totals of months later than
 * the range, up to today). Money in cents to stay exact.
 */
export function monthSeries(months: string[], data: MonthInfo[], balance: number, after = 0): { month: string; income: number; outcome: number; balance: number }[] {
  const byMonth = new Map(data.map((m) => [m.date, m]));
  let end = cents(balance) - cents(after);
  const out: { month: string; income: number; outcome: number; balance: number }[] = [];
  for (let i = months.length - 1; i >= 0; i--) {
    const m = byMonth.get(months[i]);
    out.unshift({ month: months[i], income: m?.income ?? 0, outcome: m?.outcome ?? 0, balance: end / 100 });
    end -= cents(m?.total ?? 0);
  }
  return out;
}

/** a month's lines with their names, the biggest movements first; `none` is « Non classé » */
export function namedLines(lines: MonthLine[], names: Map<string, string>): (MonthLine & { name: string })[] {
  return lines
    .map((l) => ({ ...l, name: l.id === 'none' ? 'Non classé' : names.get(l.id) ?? 'Catégorie supprimée' }))
    .sort((a, b) => (b.income + b.outcome) - (a.income + a.outcome) || a.name.localeCompare(b.name, 'fr'));
}

const MONTH_NAMES = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
/** `2026-11` → « novembre 2026 » */
export const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;
