/**
 * Numbers, amounts and dates as a French reader expects them on paper: « 1 234,50 € », « 5,5 % »,
 * « 24/11/2026 ». Intl writes a narrow no-break space (U+202F) between thousands; documents use the
 * plain no-break space (U+00A0), which every PDF reader and text extractor reads as a space.
 */
import { Decimal } from 'decimal.js';
import { frenchDate } from '@comptoir/sdk/commerce';

const NBSP = '\u00a0';
const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 4 });

const spaces = (s: string) => s.replace(/[\u202f\u00a0 ]/g, NBSP);

/** « 1 234,50 € »; −0 is written 0,00 €. */
export function euros(amount: number): string {
  return spaces(money.format(amount === 0 ? 0 : amount));
}

/** « 2 », « 1,5 », « −3 », « 0,33333 »: every decimal it has, as the XML's BT-129. */
export function quantity(value: number): string {
  const decimals = Math.min(20, new Decimal(value).decimalPlaces());
  const format = decimals <= 4 ? decimal : new Intl.NumberFormat('fr-FR', { maximumFractionDigits: decimals });
  return spaces(format.format(value === 0 ? 0 : value));
}

/** « 5,5 % » */
export function percent(value: number): string {
  return `${spaces(decimal.format(value))}${NBSP}%`;
}

/** dd/mm/yyyy, the calendar day in Europe/Paris */
export const day = (date: string | Date): string => frenchDate(date);

/**
 * A unit price with every decimal it is stored with, at least 2 (« 0,125 € », « 12,50 € »): the
 * printed price is the exact one the line is computed with, and the XML's BT-146 (written with
 * the same decimals, facturx/format.ts `decimalText`).
 */
export function unitPrice(amount: number): string {
  const decimals = Math.min(20, Math.max(2, new Decimal(amount).decimalPlaces()));
  const format = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return spaces(format.format(amount === 0 ? 0 : amount));
}
