/**
 * Invoice mentions (commerce README « Rules », Mentions): in item labels, INVOICE_MONTH becomes the French month name and
 * INVOICE_YEAR the four-digit year of the invoice date, in Europe/Paris.
 */
import { FRENCH_MONTHS, parisDay } from './paris-date.ts';

export const INVOICE_MONTH = 'INVOICE_MONTH';
export const INVOICE_YEAR = 'INVOICE_YEAR';

/** Every occurrence is replaced; with a date that cannot be read the label is left unchanged. */
export function replaceInvoiceMentions(label: string, date: Date | string): string {
  const day = parisDay(date);
  if (!day) return label;
  return label
    .replaceAll(INVOICE_MONTH, FRENCH_MONTHS[day.month - 1])
    .replaceAll(INVOICE_YEAR, String(day.year).padStart(4, '0'));
}
