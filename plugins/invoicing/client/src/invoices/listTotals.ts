/**
 * The totals above the invoices list (« Total TTC », « Reste à encaisser ») never count drafts
 * (issue 11): a draft owes nothing yet. They come from their own list request — the list's
 * filters plus « has a number » (`number`, so that a filter on `numberFull` still applies), one row,
 * the sums — while the list itself still shows drafts.
 */
import type { Filters, ListOptions } from '@comptoir/sdk/client';

export const INVOICE_AGGREGATIONS = [
  { name: 'exclTaxes', field: 'exclTaxesPrice', sum: true },
  { name: 'total', field: 'inclTaxesPrice', sum: true },
  { name: 'unpaid', field: 'unpaidAmount', sum: true },
];

export function totalsQuery(filters: Filters | undefined): ListOptions {
  return {
    filters: { ...(filters ?? {}), number: { mode: 'exists', value: true } },
    pagination: { quantity: 1, page: 1 },
    aggregations: INVOICE_AGGREGATIONS,
  };
}
