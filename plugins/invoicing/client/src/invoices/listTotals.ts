/**
 * The totals above the invoices list (« Total HT », « Total TTC », « Reste à encaisser ») never
 * count drafts (issue 11): a draft owes nothing yet. They come from their own list request — the
 * list's filters plus « has a number » (`number`, so that a filter on `numberFull` still applies),
 * one row, the sums — while the list itself still shows drafts.
 *
 * A corrected sale counts once (the plugin README « Corrective invoice », « Home dashboard »): the
 * totals deduct what each corrective invoice of the list reversed of the invoice it replaces
 * (`reversedExclTaxesPrice`, `reversedInclTaxesPrice`), in the corrective's period — the FEC's view,
 * and the home page's « Chiffre d’affaires HT » for the same « Période ».
 */
import type { Filters, ListOptions } from '@comptoir/sdk/client';
import { toDecimal, toNumber } from '@comptoir/sdk/commerce';

export const INVOICE_AGGREGATIONS = [
  { name: 'exclTaxes', field: 'exclTaxesPrice', sum: true },
  { name: 'total', field: 'inclTaxesPrice', sum: true },
  { name: 'unpaid', field: 'unpaidAmount', sum: true },
  { name: 'reversedExclTaxes', field: 'reversedExclTaxesPrice', sum: true },
  { name: 'reversedTotal', field: 'reversedInclTaxesPrice', sum: true },
];

export function totalsQuery(filters: Filters | undefined): ListOptions {
  return {
    filters: { ...(filters ?? {}), number: { mode: 'exists', value: true } },
    pagination: { quantity: 1, page: 1 },
    aggregations: INVOICE_AGGREGATIONS,
  };
}

export interface ListTotals {
  /** Σ totals excl. taxes less what the correctives reversed */
  exclTaxes: number;
  total: number;
  unpaid: number;
  /** what the correctives of the list reversed, excl. taxes (0 without any) */
  reversedExclTaxes: number;
}

type Aggregation = Record<string, { sum?: number } | undefined> | undefined;

/** The figures shown, exact to the cent (decimal.js, the shell's). */
export function listTotalsOf(aggregation: Aggregation): ListTotals {
  const sum = (name: string) => toDecimal(aggregation?.[name]?.sum ?? 0)!;
  return {
    exclTaxes: toNumber(sum('exclTaxes').minus(sum('reversedExclTaxes'))),
    total: toNumber(sum('total').minus(sum('reversedTotal'))),
    unpaid: toNumber(sum('unpaid')),
    reversedExclTaxes: toNumber(sum('reversedExclTaxes')),
  };
}
