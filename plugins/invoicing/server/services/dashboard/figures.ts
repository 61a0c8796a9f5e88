/**
 * The figures of the home page, each one list request of the invoices or quotations with the very
 * filters of the list it links to (README « Home dashboard »): the list's total is the figure.
 */
import { Decimal } from 'decimal.js';
import type { CallContext, FilterSpec } from '@comptoir/sdk';
import { Invoices, Quotations } from '../../entities.ts';
import { dateFilter, lastOverdueDay, money, untilFilter, type Period } from './periods.ts';

type Filters = Record<string, FilterSpec>;

/** emitted documents (drafts owe nothing and are no sale): the « Factures » totals' own filter */
const EMITTED: Filters = { number: { mode: 'exists', value: true } };

/**
 * invoices (not credit notes) with something left to pay, not replaced by a corrective invoice
 * (whose emission settles them; older ones may still show an amount): the « Impayées » choice of the list
 */
export const UNPAID_FILTERS: Filters = {
  ...EMITTED,
  inclTaxesPrice: { mode: 'gt', value: 0 },
  unpaidAmount: { mode: 'gt', value: 0 },
  replacedBy: { mode: 'exists', value: false },
};

export const revenueFilters = (p: Period): Filters => ({ ...EMITTED, date: dateFilter(p) });
export const overdueFilters = (today: Parameters<typeof lastOverdueDay>[0]): Filters => ({ ...UNPAID_FILTERS, date: untilFilter(lastOverdueDay(today)) });

/** quotations waiting for the customer's answer and still valid: « Émis », not expired */
export const pendingQuotationFilters = (now: Date): Filters => ({
  status: { mode: 'eq', value: 'emitted' },
  expirationDate: { mode: 'gte', valueIsDate: true, startDate: now.toISOString() },
});
export const ACCEPTED_QUOTATION_FILTERS: Filters = { status: { mode: 'eq', value: 'accepted' } };

const ONE_ROW = { pagination: { quantity: 1, page: 1 } };

/**
 * The list sums revenue is made of: the documents' totals excl. taxes, and what the corrective
 * invoices among them reversed of the invoices they replace (README « Home dashboard »).
 */
export const REVENUE_AGGREGATIONS = [
  { name: 'ht', field: 'exclTaxesPrice', sum: true, avg: false },
  { name: 'reversed', field: 'reversedExclTaxesPrice', sum: true, avg: false },
];

/** Σ totals − Σ reversed, exactly: what the FEC books as sales for the same documents */
export const netRevenue = (aggregation: Record<string, { sum?: number } | undefined>): string =>
  new Decimal(money(aggregation.ht?.sum)).minus(money(aggregation.reversed?.sum)).toFixed(2);

/**
 * revenue excl. taxes: the emitted invoices' totals, credit notes (negative totals) deducted, and
 * each corrective invoice's reversal of what remained of the invoice it replaces deducted in the
 * corrective's period — a corrected sale counts once, as in the FEC
 */
export async function revenue(ctx: CallContext, p: Period): Promise<string> {
  const r = await ctx.repo(Invoices).list({ ...ONE_ROW, filters: revenueFilters(p), aggregations: REVENUE_AGGREGATIONS });
  return netRevenue(r.aggregation);
}

/** how many invoices, and what they still owe */
export async function due(ctx: CallContext, filters: Filters): Promise<{ count: number; amount: string }> {
  const r = await ctx.repo(Invoices).list({ ...ONE_ROW, filters, aggregations: [{ name: 'unpaid', field: 'unpaidAmount', sum: true, avg: false }] });
  return { count: r.count, amount: money(r.aggregation.unpaid?.sum) };
}

export async function quotations(ctx: CallContext, filters: Filters): Promise<{ count: number; amount: string }> {
  const r = await ctx.repo(Quotations).list({ ...ONE_ROW, filters, aggregations: [{ name: 'total', field: 'inclTaxesPrice', sum: true, avg: false }] });
  return { count: r.count, amount: money(r.aggregation.total?.sum) };
}

export async function emittedCount(ctx: CallContext): Promise<number> {
  return (await ctx.repo(Invoices).list({ ...ONE_ROW, filters: EMITTED })).count;
}
