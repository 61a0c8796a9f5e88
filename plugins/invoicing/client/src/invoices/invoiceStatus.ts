/**
 * What an invoice's chips say. A draft has no number yet (never emitted, still editable); a credit
 * note is an invoice with a negative total; an invoice a corrective invoice cancelled and replaced
 * is « Remplacée » (its stored status is the settlement's, « paid » by the corrective's
 * compensation: the plugin README « Corrective invoice »); the rest is the payment status
 * (commerce README « Rules », Statuses).
 */
import type { Filters } from '@comptoir/sdk/client';
import { statusStyles } from '@comptoir/sdk/ui';
import type { Invoice, InvoiceStatus } from '../types.ts';

export type InvoiceState = 'draft' | 'replaced' | InvoiceStatus;

export const STATE_LABELS: Record<InvoiceState, string> = {
  draft: 'Brouillon',
  emitted: 'Émise',
  partially_paid: 'Partiellement payée',
  paid: 'Payée',
  refund: 'Remboursée',
  replaced: 'Remplacée',
};

export const STATE_COLORS: Record<InvoiceState, string> = {
  draft: 'gray',
  emitted: 'blue',
  partially_paid: 'orange',
  paid: 'teal',
  refund: 'violet',
  replaced: 'dark',
};

/** The kit's `StatusBadges` map (`testId` « invoicing-status »). */
export const STATE_STYLES = statusStyles(STATE_LABELS, STATE_COLORS);

export function isDraft(invoice: Pick<Invoice, 'numberFull'>): boolean {
  return !invoice.numberFull;
}

export function isCreditNote(invoice: Pick<Invoice, 'inclTaxesPrice'>): boolean {
  return Number(invoice.inclTaxesPrice) < 0;
}

/**
 * What the screens show under « Reste dû » (README « Payments »): for an emitted document whose
 * payments went past its total — an invoice paid more than it (unpaid below 0) or a credit note paid
 * back more than it (unpaid above 0) — « Trop-perçu » and that excess in positive euros; otherwise
 * what remains, « Reste à payer » for an invoice, « Reste à rembourser » (positive) for a credit
 * note. Null for a draft (it owes nothing yet).
 */
export function remainingOf(invoice: Pick<Invoice, 'numberFull' | 'inclTaxesPrice' | 'unpaidAmount'>): { label: string; amount: number; overpaid: boolean } | null {
  if (isDraft(invoice)) return null;
  const credit = isCreditNote(invoice);
  // in the document's own direction: positive while something remains, negative once overpaid
  const remaining = (credit ? -1 : 1) * Number(invoice.unpaidAmount ?? 0);
  if (remaining < 0) return { label: 'Trop-perçu', amount: Math.abs(remaining), overpaid: true };
  return { label: credit ? 'Reste à rembourser' : 'Reste à payer', amount: remaining === 0 ? 0 : remaining, overpaid: false };
}

/** Cancelled and replaced by a corrective invoice: owed no more (`replacedBy`, written by the server). */
export function isReplaced(invoice: Pick<Invoice, 'replacedBy'>): boolean {
  return !!invoice.replacedBy;
}

export function stateOf(invoice: Pick<Invoice, 'numberFull' | 'status' | 'replacedBy'>): InvoiceState {
  if (isDraft(invoice)) return 'draft';
  return isReplaced(invoice) ? 'replaced' : invoice.status;
}

/** The list filter of each choice of the « Statut » select (`credit` = the credit notes). */
export type StateFilter = InvoiceState | 'credit' | 'unpaid' | '';

export const STATE_FILTER_OPTIONS: { value: StateFilter; label: string }[] = [
  { value: '', label: 'Tous les statuts' },
  { value: 'draft', label: 'Brouillons' },
  { value: 'emitted', label: 'Émises' },
  { value: 'partially_paid', label: 'Partiellement payées' },
  { value: 'paid', label: 'Payées' },
  { value: 'refund', label: 'Remboursées' },
  { value: 'replaced', label: 'Remplacées' },
  { value: 'credit', label: 'Avoirs' },
  { value: 'unpaid', label: 'Impayées' },
];

/** `?filtre=impayees` (the home page's links): the URL's words for the « Statut » choices */
export const STATE_FROM_URL: Record<string, StateFilter> = { impayees: 'unpaid', avoirs: 'credit', brouillons: 'draft', remplacees: 'replaced' };

/** invoices still standing: a replaced one shows « Remplacée », not its payment status */
const NOT_REPLACED: Filters = { replacedBy: { mode: 'exists', value: false } };

export function stateFilters(state: StateFilter): Filters {
  switch (state) {
    case '': return {};
    case 'draft': return { numberFull: { mode: 'exists', value: false } };
    case 'credit': return { inclTaxesPrice: { mode: 'lt', value: 0 } };
    case 'replaced': return { replacedBy: { mode: 'exists', value: true } };
    // invoices (not credit notes) with something left to pay, not replaced: the home page's « Reste à encaisser »
    case 'unpaid': return { numberFull: { mode: 'exists', value: true }, inclTaxesPrice: { mode: 'gt', value: 0 }, unpaidAmount: { mode: 'gt', value: 0 }, ...NOT_REPLACED };
    default: return { numberFull: { mode: 'exists', value: true }, status: { mode: 'eq', value: state }, ...NOT_REPLACED };
  }
}
