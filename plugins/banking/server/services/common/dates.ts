/**
 * Bank dates are days: stored as the instant of noon in Paris that day (so that the day read back
 * in Paris, in UTC or anywhere in Europe is the same), grouped by month in Paris (DESIGN §4).
 */
const PARIS = new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** `YYYY-MM-DD` of an instant, in Paris */
export const parisDay = (iso: string | Date): string => PARIS.format(typeof iso === 'string' ? new Date(iso) : iso);

/** `YYYY-MM` of an instant, in Paris */
export const parisMonth = (iso: string): string => parisDay(iso).slice(0, 7);

/** A calendar day → the stored instant (noon UTC is 13:00 or 14:00 in Paris: the same day). */
export function dayInstant(y: number, m: number, d: number): string | null {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d)) return null;
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const t = new Date(Date.UTC(y, m - 1, d, 12));
  if (t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return t.toISOString();
}

/** `YYYYMMDD…` (OFX), `YYYY-MM-DD…` (ISO, CAMT, aggregators) → stored instant, null if unreadable */
export function compactOrIsoDay(text: string | undefined | null): string | null {
  if (!text) return null;
  const s = String(text).trim();
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(s);
  return m ? dayInstant(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** a month key and the one after it */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
