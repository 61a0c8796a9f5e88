/**
 * Numbers, amounts and dates as a French reader expects them on paper: « 1 234,50 € », « 5,5 % »,
 * « 24/11/2026 ». Intl writes a narrow no-break space (U+202F) between thousands; documents use the
 * plain no-break space (U+00A0), which every PDF reader and text extractor reads as a space.
 */
import { frenchDate } from '@comptoir/sdk/commerce';

const NBSP = '\u00a0';
const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 4 });

const spaces = (s: string) => s.replace(/[\u202f\u00a0 ]/g, NBSP);

/** « 1 234,50 € »; −0 is written 0,00 €. */
export function euros(amount: number): string {
  return spaces(money.format(amount === 0 ? 0 : amount));
}

/** « 2 », « 1,5 », « −3 » */
export function quantity(value: number): string {
  return spaces(decimal.format(value === 0 ? 0 : value));
}

/** « 5,5 % » */
export function percent(value: number): string {
  return `${spaces(decimal.format(value))}${NBSP}%`;
}

/** dd/mm/yyyy, the calendar day in Europe/Paris */
export const day = (date: string | Date): string => frenchDate(date);
