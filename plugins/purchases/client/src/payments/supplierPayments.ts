/**
 * The pure rules of « Paiements fournisseurs » (`/paiements-fournisseurs`): its filters as they
 * read in the address (so a filtered list can be bookmarked, shared or linked from the home page)
 * and as the API takes them, and the amount as money moving for the company.
 */
import { PAYMENT_DIRECTION_LABELS, PAYMENT_MODES, PAYMENT_MODE_LABELS, type PaymentDirection } from '@comptoir/sdk/commerce';
import type { Filters } from '@comptoir/sdk/client';

/** `?sens=` in French words, the server's `direction` behind them. */
export const DIRECTION_FROM_URL: Record<string, PaymentDirection> = { decaissement: 'out', encaissement: 'in', compensation: 'none' };
/** `?document=`: purchases (suppliers' invoices and credit notes) or online orders, the payment's `source`. */
export const SOURCE_FROM_URL: Record<string, string> = { achat: 'purchase', 'achat-en-ligne': 'external-purchase' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const DIRECTION_OPTIONS = [
  { value: '', label: 'Tous les sens' },
  { value: 'decaissement', label: `${PAYMENT_DIRECTION_LABELS.out}s (paiements)` },
  { value: 'encaissement', label: `${PAYMENT_DIRECTION_LABELS.in}s (remboursements)` },
  { value: 'compensation', label: 'Compensations' },
];
export const SOURCE_OPTIONS = [
  { value: '', label: 'Tous les documents' },
  { value: 'achat', label: 'Achats' },
  { value: 'achat-en-ligne', label: 'Achats en ligne' },
];
export const MODE_OPTIONS = [{ value: '', label: 'Tous les modes' }, ...PAYMENT_MODES.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] }))];

export interface PaymentsQuery {
  sens: string;
  mode: string;
  document: string;
  /** days, YYYY-MM-DD, or '' */
  du: string;
  au: string;
  /** '' newest first (the default), 'date' oldest first */
  tri: '' | 'date';
  page: number;
}

/** What the address says, anything unknown left out (a hand-edited link shows every payment rather than fail). */
export function queryFromParams(params: URLSearchParams): PaymentsQuery {
  const pick = (name: string, known: (v: string) => boolean) => { const v = params.get(name) ?? ''; return known(v) ? v : ''; };
  const page = Number(params.get('page'));
  return {
    sens: pick('sens', (v) => v in DIRECTION_FROM_URL),
    mode: pick('mode', (v) => (PAYMENT_MODES as readonly string[]).includes(v)),
    document: pick('document', (v) => v in SOURCE_FROM_URL),
    du: pick('du', (v) => DAY.test(v)),
    au: pick('au', (v) => DAY.test(v)),
    tri: params.get('tri') === 'date' ? 'date' : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of a query: empty values left out, page 1 implied. */
export function paramsOfQuery(q: PaymentsQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['sens', 'mode', 'document', 'du', 'au', 'tri'] as const) if (q[key]) out[key] = q[key];
  if (q.page > 1) out.page = String(q.page);
  return out;
}

/** The list's order: by date, newest first unless asked. */
export const sortOfQuery = (q: PaymentsQuery) => ({ field: 'date', ascending: q.tri === 'date' });

/**
 * The API's filters (real columns, the same on both engines). `startOfDay` / `endOfDay` turn a day
 * of the person's time zone into instants (the shell's helpers; given, so this stays pure).
 */
export function filtersOfQuery(q: PaymentsQuery, startOfDay: (day: string) => string, endOfDay: (day: string) => string): Filters {
  const filters: Filters = {};
  if (q.sens) filters.direction = { mode: 'eq', value: DIRECTION_FROM_URL[q.sens] };
  if (q.mode) filters.mode = { mode: 'eq', value: q.mode };
  if (q.document) filters.source = { mode: 'eq', value: SOURCE_FROM_URL[q.document] };
  if (q.du || q.au) {
    filters.date = { mode: 'between', valueIsDate: true, ...(q.du ? { startDate: startOfDay(q.du) } : {}), ...(q.au ? { endDate: endOfDay(q.au) } : {}) };
  }
  return filters;
}

/**
 * The amount as money moving for the company: paid out negative (a payment to a supplier), received
 * positive (a supplier's refund); a compensation (no money moves) as recorded.
 */
export function cashAmount(p: { amount: number; direction?: string }): number {
  const abs = Math.abs(p.amount);
  if (p.direction === 'in') return abs;
  if (p.direction === 'out') return -abs;
  return p.amount;
}
