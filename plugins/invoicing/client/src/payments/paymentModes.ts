/** The payment modes of invoicing README « Entities » with their French labels, from the commercial-document engine. */
import { PAYMENT_DIRECTIONS, PAYMENT_DIRECTION_LABELS, PAYMENT_MODES, PAYMENT_MODE_LABELS } from '@comptoir/sdk/commerce';
import type { Filters } from '@comptoir/sdk/client';

/** All twelve, for reading and filtering payments. */
export const PAYMENT_MODE_OPTIONS = PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }));

/** What a person may record: a credit-note compensation is written by the server only (it refuses it in a body). */
export const RECORDABLE_MODE_OPTIONS = PAYMENT_MODE_OPTIONS.filter((o) => o.value !== 'credit-compensation');

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
