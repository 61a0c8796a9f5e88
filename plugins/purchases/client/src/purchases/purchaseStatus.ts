/**
 * What a purchase's chips say: its payment status (commerce README « Rules », Statuses, read from the
 * buyer's side: « À payer » for emitted), « Avoir » for a supplier's credit note (a negative total).
 */
import type { Filters } from '@comptoir/sdk/client';
import { statusStyles } from '@comptoir/sdk/ui';
import type { Purchase, PurchaseStatus } from '../common/types.ts';

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

/** The kit's `StatusBadges` map (`testId` « purchases-status »). */
export const STATUS_STYLES = statusStyles(STATUS_LABELS, STATUS_COLORS);

export const isCreditNote = (p: Pick<Purchase, 'inclTaxesPrice'>) => Number(p.inclTaxesPrice) < 0;

/** The chips above the list: every status, the credit notes, and « en retard » (due date past, still to pay). */
export type StatusFilter = '' | PurchaseStatus | 'credit' | 'late' | 'to-pay';

/** `?statut=a-regler`, `?statut=en-retard` (the home page's links) */
export const STATUS_FROM_URL: Record<string, StatusFilter> = { 'a-regler': 'to-pay', 'en-retard': 'late' };

/** suppliers' invoices (not credit notes) not paid in full */
const TO_PAY: Filters = { status: { mode: 'in', value: ['emitted', 'partially_paid'] }, inclTaxesPrice: { mode: 'gt', value: 0 } };

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: '', label: 'Tous' },
  { value: 'to-pay', label: 'À régler' },
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
    case 'to-pay': return TO_PAY;
    // a supplier's credit note is never « late » for us to pay
    case 'late': return {
      ...TO_PAY,
      dueDate: { mode: 'lt', valueIsDate: true, endDate: now.toISOString() },
    };
    default: return { status: { mode: 'eq', value: status } };
  }
}
