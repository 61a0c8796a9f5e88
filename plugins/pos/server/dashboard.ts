/**
 * « Ventes du jour » on the home page (README « Dashboard »): today's receipts in Paris time — the
 * net sales incl. taxes (refunds keep their negative totals, so the sum is the net), the number of
 * sale tickets and of refunds. Three list requests with the receipts list's own filters and sums:
 * data only, the shell draws it.
 */
import { Decimal } from 'decimal.js';
import { contribute, dashboardWidgets, type CallContext, type Contribution, type DashboardWidget, type FilterSpec, type WidgetContent } from '@comptoir/sdk';
import { parisDay, parisEndOf, parisStartOf } from '@comptoir/sdk/commerce';
import { Receipts } from './entities.ts';
import { READ } from './permissions.ts';

/** the Paris day of `now` as a date filter (a day starts at 23:00 or 22:00 UTC) */
export function todayFilter(now: Date): FilterSpec {
  const day = parisDay(now)!;
  return { mode: 'between', valueIsDate: true, startDate: parisStartOf(day).toISOString(), endDate: parisEndOf(day).toISOString() };
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export async function salesOfTheDay(ctx: CallContext): Promise<WidgetContent> {
  const date = todayFilter(ctx.now);
  const receipts = ctx.repo(Receipts);
  const all = await receipts.list({ filters: { date }, pagination: { quantity: 1, page: 1 }, aggregations: [{ name: 'total', field: 'inclTaxesPrice', sum: true, avg: false }] });
  if (all.count === 0) {
    return { empty: { message: 'Aucun ticket de caisse aujourd’hui : les ventes du jour s’afficheront ici.', action: { label: 'Ouvrir la caisse', link: '/caisse' } } };
  }
  const refunds = await receipts.list({ filters: { date, refund: { mode: 'eq', value: true } }, pagination: { quantity: 1, page: 1 }, aggregations: [{ name: 'total', field: 'inclTaxesPrice', sum: true, avg: false }] });
  const sales = all.count - refunds.count;
  const net = new Decimal(all.aggregation.total?.sum ?? 0).toFixed(2);
  return {
    figures: [
      { label: 'Ventes du jour TTC', value: net, unit: 'money', hint: `${plural(sales, 'ticket', 'tickets')}, remboursements déduits`, link: '/caisse' },
      { label: 'Remboursements du jour', value: new Decimal(refunds.aggregation.total?.sum ?? 0).toFixed(2), unit: 'money', hint: plural(refunds.count, 'remboursement', 'remboursements'), tone: refunds.count > 0 ? 'warning' : 'neutral' },
    ],
  };
}

const WIDGET: DashboardWidget = { key: 'sales-of-the-day', title: 'Ventes du jour', order: 150, size: 'small', permission: READ, load: salesOfTheDay };

export const dashboardContributions = [contribute(dashboardWidgets, WIDGET)] as Contribution<unknown>[];
