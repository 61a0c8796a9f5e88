/**
 * What an invoice's chips say. A draft has no number yet (never emitted, still editable); a credit
 * note is an invoice with a negative total; the rest is the payment status of spec 000 §4.
 */
import type { Filters } from '@comptoir/sdk/client';
import type { Invoice, InvoiceStatus } from '../types.ts';

export type InvoiceState = 'draft' | InvoiceStatus;

export const STATE_LABELS: Record<InvoiceState, string> = {
  draft: 'Brouillon',
  emitted: 'Émise',
  partially_paid: 'Partiellement payée',
  paid: 'Payée',
  refund: 'Remboursée',
};

export const STATE_COLORS: Record<InvoiceState, string> = {
  draft: 'gray',
  emitted: 'blue',
  partially_paid: 'orange',
  paid: 'teal',
  refund: 'violet',
};

export function isDraft(invoice: Pick<Invoice, 'numberFull'>): boolean {
  return !invoice.numberFull;
}

export function isCreditNote(invoice: Pick<Invoice, 'inclTaxesPrice'>): boolean {
  return Number(invoice.inclTaxesPrice) < 0;
}

export function stateOf(invoice: Pick<Invoice, 'numberFull' | 'status'>): InvoiceState {
  return isDraft(invoice) ? 'draft' : invoice.status;
}

/** The list filter of each choice of the « Statut » select (`credit` = the credit notes). */
export type StateFilter = InvoiceState | 'credit' | '';

export const STATE_FILTER_OPTIONS: { value: StateFilter; label: string }[] = [
  { value: '', label: 'Tous les statuts' },
  { value: 'draft', label: 'Brouillons' },
  { value: 'emitted', label: 'Émises' },
  { value: 'partially_paid', label: 'Partiellement payées' },
  { value: 'paid', label: 'Payées' },
  { value: 'refund', label: 'Remboursées' },
  { value: 'credit', label: 'Avoirs' },
];

export function stateFilters(state: StateFilter): Filters {
  switch (state) {
    case '': return {};
    case 'draft': return { numberFull: { mode: 'exists', value: false } };
    case 'credit': return { inclTaxesPrice: { mode: 'lt', value: 0 } };
    default: return { numberFull: { mode: 'exists', value: true }, status: { mode: 'eq', value: state } };
  }
}
