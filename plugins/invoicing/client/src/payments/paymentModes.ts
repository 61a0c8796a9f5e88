/**
 * The payments list's choices. The modes with their French labels are the UI kit's
 * (`PAYMENT_MODE_OPTIONS` of `@comptoir/sdk/ui`, shared with the payment dialog and purchases).
 */
import { PAYMENT_DIRECTIONS, PAYMENT_DIRECTION_LABELS } from '@comptoir/sdk/commerce';
import type { Filters } from '@comptoir/sdk/client';

/** « Sens » of the payments list: the server's `direction` (in, out, none). */
export const DIRECTION_OPTIONS = [
  { value: '', label: 'Tous les sens' },
  ...PAYMENT_DIRECTIONS.map((d) => ({ value: d, label: d === 'none' ? 'Compensations' : `${PAYMENT_DIRECTION_LABELS[d]}s` })),
];

/** The list's filters: real columns, the same on both engines. */
export function paymentsFilters(mode: string, direction: string): Filters {
  const filters: Filters = {};
  if (mode) filters.mode = { mode: 'eq', value: mode };
  if (direction) filters.direction = { mode: 'eq', value: direction };
  return filters;
}

/**
 * The amount as money moving for the company: received positive, paid out negative; a
 * compensation (no money moves) as recorded.
 */
export function cashAmount(p: { amount: number; direction?: string }): number {
  const abs = Math.abs(p.amount);
  if (p.direction === 'in') return abs;
  if (p.direction === 'out') return -abs;
  return p.amount;
}
