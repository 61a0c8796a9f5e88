/**
 * What a purchase's chips say: its payment status (spec 000 §4 « Purchase status », read from the
 * buyer's side: « À payer » for emitted), « Avoir » for a supplier's credit note (a negative total).
 */
import type { Filters } from '@comptoir/sdk/client';
import type { Purchase, PurchaseStatus } from '../types.ts';

export const STATUS_LABELS: Record<PurchaseStatus, string> = {
  emitted: 'À payer',
  partially_paid: 'Partiellement payé',
  paid: 'Payé',
  refund: 'Remboursé',
};

export const STATUS_COLORS: Record<PurchaseStatus, string> = {
  emitted: 'orange',
  partially_paid: 'yellow',
  paid: 'teal',
  refund: 'violet',
};

export const isCreditNote = (p: Pick<Purchase, 'inclTaxesPrice'>) => Number(p.inclTaxesPrice) < 0;

/** The chips above the list: every status, the credit notes, and « en retard » (due date past, still to pay). */
export type StatusFilter = '' | PurchaseStatus | 'credit' | 'late';

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: '', label: 'Tous' },
  { value: 'emitted', label: 'À payer' },
  { value: 'partially_paid', label: 'Partiellement payés' },
  { value: 'late', label: 'En retard' },
  { value: 'paid', label: 'Payés' },
  { value: 'refund', label: 'Remboursés' },
  { value: 'credit', label: 'Avoirs' },
];

export function statusFilters(status: StatusFilter, now: Date): Filters {
  switch (status) {
    case '': return {};
    case 'credit': return { inclTaxesPrice: { mode: 'lt', value: 0 } };
    case 'late': return {
      status: { mode: 'in', value: ['emitted', 'partially_paid'] },
      dueDate: { mode: 'lt', valueIsDate: true, endDate: now.toISOString() },
    };
    default: return { status: { mode: 'eq', value: status } };
  }
}
