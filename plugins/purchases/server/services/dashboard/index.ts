/**
 * What « Achats » puts on the home page (README « Home dashboard »): the suppliers' invoices still
 * to pay and those past their due date, each one list request with the very filters of the
 * « Achats » chip it links to, so the list's total is the figure.
 */
import { Decimal } from 'decimal.js';
import { contribute, dashboardWidgets, type CallContext, type Contribution, type DashboardWidget, type FilterSpec, type WidgetContent } from '@comptoir/sdk';
import { Purchases } from '../../entities.ts';
import { PURCHASES_READ } from '../../permissions.ts';

type Filters = Record<string, FilterSpec>;

/** suppliers' invoices (not their credit notes) not yet paid in full: the « À régler » chip */
export const TO_PAY_FILTERS: Filters = {
  status: { mode: 'in', value: ['emitted', 'partially_paid'] },
  inclTaxesPrice: { mode: 'gt', value: 0 },
};

/** …and whose due date is past: the « En retard » chip */
export const latePurchaseFilters = (now: Date): Filters => ({
  ...TO_PAY_FILTERS,
  dueDate: { mode: 'lt', valueIsDate: true, endDate: now.toISOString() },
});

export async function toPay(ctx: CallContext, filters: Filters): Promise<{ count: number; amount: string }> {
  const r = await ctx.repo(Purchases).list({ filters, pagination: { quantity: 1, page: 1 }, aggregations: [{ name: 'unpaid', field: 'unpaidAmount', sum: true, avg: false }] });
  return { count: r.count, amount: new Decimal(r.aggregation.unpaid?.sum ?? 0).toFixed(2) };
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export async function payablesContent(ctx: CallContext): Promise<WidgetContent> {
  const all = await toPay(ctx, TO_PAY_FILTERS);
  if (all.count === 0) return { empty: { message: 'Aucune facture fournisseur à régler.', action: { label: 'Enregistrez un achat', link: '/achats/nouvel-achat' } } };
  const late = await toPay(ctx, latePurchaseFilters(ctx.now));
  return {
    figures: [
      { label: 'Achats à régler', value: all.amount, unit: 'money', hint: plural(all.count, 'facture fournisseur', 'factures fournisseurs'), link: '/achats?statut=a-regler' },
      {
        label: 'Dont échus', value: late.amount, unit: 'money', tone: late.count > 0 ? 'danger' : 'success',
        hint: late.count > 0 ? `${plural(late.count, 'facture', 'factures')} après l’échéance` : 'Aucune échéance dépassée',
        link: '/achats?statut=en-retard',
      },
    ],
  };
}

export const PURCHASES_WIDGETS: DashboardWidget[] = [
  { key: 'payables', title: 'À payer aux fournisseurs', order: 130, size: 'small', permission: PURCHASES_READ, load: payablesContent },
];

export const dashboardContributions: Contribution<DashboardWidget>[] = PURCHASES_WIDGETS.map((w) => contribute(dashboardWidgets, w));
