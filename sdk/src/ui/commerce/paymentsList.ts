/**
 * The pure part of a payments list (`PaymentsFilters`, `PaymentsListTable`, `PaymentsTotals`):
 * its filters as they read in the address (so a filtered list can be bookmarked, shared or linked
 * from the home page) and as the API takes them, and each amount as money moving for the company.
 * Invoicing's « Paiements » and purchases' « Paiements fournisseurs » both read them (tested in
 * sdk/test/ui-commerce.test.ts).
 */
import { PAYMENT_DIRECTION_LABELS, PAYMENT_MODES, type PaymentDirection } from '@comptoir/sdk/commerce';
import type { Filters, Sort } from '@comptoir/sdk/client';

/** `?sens=` in French words, the server's `direction` column behind them. */
export const DIRECTION_FROM_URL: Record<string, PaymentDirection> = { encaissement: 'in', decaissement: 'out', compensation: 'none' };
const URL_OF_DIRECTION: Record<PaymentDirection, string> = { in: 'encaissement', out: 'decaissement', none: 'compensation' };

export const PAYMENT_DIRECTION_COLORS: Record<PaymentDirection, string> = { in: 'teal', out: 'red', none: 'gray' };

/**
 * The « Sens » choices, in the list's order, the address's words as values: « Encaissements »,
 * « Décaissements », « Compensations », each with the plugin's hint when it gives one
 * (« Décaissements (paiements) »).
 */
export function paymentDirectionOptions(order: readonly PaymentDirection[], hints: Partial<Record<PaymentDirection, string>> = {}): { value: string; label: string }[] {
  return [
    { value: '', label: 'Tous les sens' },
    ...order.map((d) => {
      const label = d === 'none' ? 'Compensations' : `${PAYMENT_DIRECTION_LABELS[d]}s`;
      return { value: URL_OF_DIRECTION[d], label: hints[d] ? `${label} (${hints[d]})` : label };
    }),
  ];
}

export interface PaymentsQuery {
  /** a key of DIRECTION_FROM_URL, or '' */
  sens: string;
  mode: string;
  /** a key of the plugin's documents (`?document=achat`), or '' */
  document: string;
  /** days, YYYY-MM-DD, or '' */
  du: string;
  au: string;
  /** '' newest first (the default), 'date' oldest first */
  tri: '' | 'date';
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What the address says, anything unknown left out (a hand-edited link shows every payment rather
 * than fail). `documents`: the plugin's `?document=` words and the payment `source` each stands for.
 */
export function paymentsQueryFromParams(params: URLSearchParams, documents: Record<string, string> = {}): PaymentsQuery {
  const pick = (name: string, known: (v: string) => boolean) => { const v = params.get(name) ?? ''; return known(v) ? v : ''; };
  const page = Number(params.get('page'));
  return {
    sens: pick('sens', (v) => Object.hasOwn(DIRECTION_FROM_URL, v)),
    mode: pick('mode', (v) => (PAYMENT_MODES as readonly string[]).includes(v)),
    document: pick('document', (v) => Object.hasOwn(documents, v)),
    du: pick('du', (v) => DAY.test(v)),
    au: pick('au', (v) => DAY.test(v)),
    tri: params.get('tri') === 'date' ? 'date' : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of a query: empty values left out, page 1 implied. */
export function paymentsParamsOfQuery(q: PaymentsQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['sens', 'mode', 'document', 'du', 'au', 'tri'] as const) if (q[key]) out[key] = q[key];
  if (q.page > 1) out.page = String(q.page);
  return out;
}

/** The list's order: by date, newest first unless asked. */
export const paymentsSortOfQuery = (q: PaymentsQuery): Sort => ({ field: 'date', ascending: q.tri === 'date' });

/**
 * The API's filters (real columns, the same on both engines). `startOfDay` / `endOfDay` turn a day
 * of the person's time zone into instants (the shell's helpers; given, so this stays pure).
 */
export function paymentsFiltersOfQuery(
  q: PaymentsQuery, startOfDay: (day: string) => string, endOfDay: (day: string) => string, documents: Record<string, string> = {},
): Filters {
  const filters: Filters = {};
  if (q.sens) filters.direction = { mode: 'eq', value: DIRECTION_FROM_URL[q.sens] };
  if (q.mode) filters.mode = { mode: 'eq', value: q.mode };
  if (q.document && Object.hasOwn(documents, q.document)) filters.source = { mode: 'eq', value: documents[q.document] };
  if (q.du || q.au) {
    filters.date = { mode: 'between', valueIsDate: true, ...(q.du ? { startDate: startOfDay(q.du) } : {}), ...(q.au ? { endDate: endOfDay(q.au) } : {}) };
  }
  return filters;
}

/** The directions whose sum the query can show (`?sens=encaissement`: only the money received). */
export function shownDirections(q: Pick<PaymentsQuery, 'sens'>): Record<'in' | 'out', boolean> {
  return { in: !q.sens || q.sens === 'encaissement', out: !q.sens || q.sens === 'decaissement' };
}

/**
 * The amount as money moving for the company: received positive (a customer's payment, a
 * supplier's refund), paid out negative; a compensation (no money moves) as recorded.
 */
export function cashAmount(p: { amount: number; direction?: string | null }): number {
  const abs = Math.abs(p.amount);
  if (p.direction === 'in') return abs;
  if (p.direction === 'out') return -abs;
  return p.amount;
}
