/**
 * Corrective invoice header (commerce README « Rules », Corrective header): the title 'Facture corrective' and a French message
 * saying which invoice (number and date) it cancels and replaces.
 */
import { frenchDate } from './paris-date.ts';

export const CORRECTIVE_INVOICE_TITLE = 'Facture corrective';

/** ${numberFull} and ${date} are filled in the company's own message as in the default one. */
export const DEFAULT_CORRECTIVE_MESSAGE = 'Cette facture annule et remplace la facture n° ${numberFull} du ${date}.';

export function correctiveInvoiceHeader(
  source: { numberFull: string; date: string },
  customMessage?: string,
): { headerTitle: 'Facture corrective'; headerMessage: string } {
  const template = customMessage?.trim() ? customMessage : DEFAULT_CORRECTIVE_MESSAGE;
  const values: Record<string, string> = { numberFull: source.numberFull, date: frenchDate(source.date) };
  const headerMessage = template.replace(/\$\{([A-Za-z0-9_-]+)\}/g, (whole, name: string) => values[name] ?? whole);
  return { headerTitle: CORRECTIVE_INVOICE_TITLE, headerMessage };
}
