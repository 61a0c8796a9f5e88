/** French formatting with Intl: fr-FR, euros, dates shown in Europe/Paris (docs/architecture.md « Data conventions »). */

export const LOCALE = 'fr-FR';
export const TIME_ZONE = 'Europe/Paris';

const moneyFormats = new Map<string, Intl.NumberFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** `1234.5` -> `1 234,50 €` (narrow no-break spaces, as Intl writes French). '' for no value. */
export function formatMoney(value: number | string | null | undefined, currency = 'EUR'): string {
  const n = toNumber(value);
  if (n === null) return '';
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(n);
}

/** `1234.5` -> `1 234,5`; `maximumFractionDigits` defaults to 2. */
export function formatNumber(value: number | string | null | undefined, maximumFractionDigits = 2): string {
  const n = toNumber(value);
  if (n === null) return '';
  const key = String(maximumFractionDigits);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { maximumFractionDigits });
    numberFormats.set(key, format);
  }
  return format.format(n);
}

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, ...options });
    dateFormats.set(key, format);
  }
  return format;
}

/** A day in Paris: `21/11/2026` (or any Intl option, e.g. `{ dateStyle: 'long' }` -> `21 novembre 2026`). */
export function formatDate(
  value: Date | string | number | null | undefined,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'short' },
): string {
  const d = toDate(value);
  return d ? dateFormat(options).format(d) : '';
}

/** `21/11/2026 14:05` in Paris time. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  return formatDate(value, { dateStyle: 'short', timeStyle: 'short' });
}
