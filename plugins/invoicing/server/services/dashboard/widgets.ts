/**
 * What « Facturation » puts on the home page (README « Home dashboard »): sales of the month and of
 * the year with last year's, a monthly chart, what customers still owe, the quotations to follow,
 * and the « first invoice » step of a new company. Data only: the shell draws it.
 */
import { isoDay, parisDay, type CalendarDay } from '@comptoir/sdk/commerce';
import type { CallContext, DashboardWidget, FirstStep, WidgetChart, WidgetContent, WidgetFigure } from '@comptoir/sdk';
import { INVOICES_MANAGE, INVOICES_READ, QUOTATIONS_READ } from '../../permissions.ts';
import { ACCEPTED_QUOTATION_FILTERS, UNPAID_FILTERS, due, emittedCount, overdueFilters, pendingQuotationFilters, quotations, revenue } from './figures.ts';
import { lastOverdueDay, monthName, monthToDate, percentChange, periodLabel, rangeQuery, wholeMonth, yearBefore, yearToDate, type Period } from './periods.ts';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const frenchEuros = (v: string) => euros.format(Number(v));
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export const todayOf = (ctx: CallContext): CalendarDay => parisDay(ctx.now)!;

async function compared(ctx: CallContext, label: string, p: Period): Promise<WidgetFigure> {
  const before = yearBefore(p);
  const [value, previous] = [await revenue(ctx, p), await revenue(ctx, before)];
  const change = percentChange(value, previous);
  return {
    label, value, unit: 'money', link: `/factures?${rangeQuery(p)}`,
    previous: { label: periodLabel(before), value: previous, ...(change === null ? {} : { change }) },
  };
}

/** monthly revenue excl. taxes, January to this month, this year beside last year */
export async function monthlyChart(ctx: CallContext, today: CalendarDay): Promise<WidgetChart> {
  const labels: string[] = [];
  const now: string[] = [];
  const before: string[] = [];
  for (let month = 1; month <= today.month; month++) {
    labels.push(monthName(month));
    const current = month === today.month ? monthToDate(today) : wholeMonth(today.year, month);
    now.push(await revenue(ctx, current));
    before.push(await revenue(ctx, wholeMonth(today.year - 1, month)));
  }
  const parts = labels.map((l, i) => `${l} : ${frenchEuros(now[i])} (${today.year - 1} : ${frenchEuros(before[i])})`);
  return {
    type: 'bar', unit: 'money', labels,
    series: [{ name: String(today.year), values: now }, { name: String(today.year - 1), values: before }],
    summary: `Chiffre d’affaires hors taxes par mois en ${today.year}, comparé à ${today.year - 1} : ${parts.join(' ; ')}.`,
  };
}

export async function revenueContent(ctx: CallContext): Promise<WidgetContent> {
  const today = todayOf(ctx);
  if ((await emittedCount(ctx)) === 0) {
    return { empty: { message: 'Aucune facture émise pour l’instant : votre chiffre d’affaires s’affichera ici.', action: { label: 'Créez votre première facture', link: '/factures/nouvelle' } } };
  }
  return {
    figures: [
      await compared(ctx, `Chiffre d’affaires HT de ${monthName(today.month)}`, monthToDate(today)),
      await compared(ctx, `Chiffre d’affaires HT ${today.year} à ce jour`, yearToDate(today)),
    ],
    chart: await monthlyChart(ctx, today),
  };
}

export async function receivablesContent(ctx: CallContext): Promise<WidgetContent> {
  const today = todayOf(ctx);
  const unpaid = await due(ctx, UNPAID_FILTERS);
  if (unpaid.count === 0) return { empty: { message: 'Aucune facture en attente de paiement.' } };
  const overdue = await due(ctx, overdueFilters(today));
  return {
    figures: [
      { label: 'Reste à encaisser', value: unpaid.amount, unit: 'money', hint: plural(unpaid.count, 'facture impayée', 'factures impayées'), link: '/factures?filtre=impayees' },
      {
        label: 'Dont en retard', value: overdue.amount, unit: 'money', tone: overdue.count > 0 ? 'danger' : 'success',
        hint: overdue.count > 0 ? `${plural(overdue.count, 'facture', 'factures')} à plus de 30 jours` : 'Aucune facture en retard',
        link: `/factures?filtre=impayees&au=${isoDay(lastOverdueDay(today))}`,
      },
    ],
  };
}

export async function quotationsContent(ctx: CallContext): Promise<WidgetContent> {
  const pending = await quotations(ctx, pendingQuotationFilters(ctx.now));
  const accepted = await quotations(ctx, ACCEPTED_QUOTATION_FILTERS);
  if (pending.count === 0 && accepted.count === 0) {
    return { empty: { message: 'Aucun devis en cours.', action: { label: 'Faites un devis', link: '/devis/nouveau' } } };
  }
  return {
    figures: [
      { label: 'Devis en attente de réponse', value: String(pending.count), unit: 'count', hint: `${frenchEuros(pending.amount)} TTC`, link: '/devis?filtre=en-attente' },
      { label: 'Devis acceptés à facturer', value: String(accepted.count), unit: 'count', hint: `${frenchEuros(accepted.amount)} TTC`, tone: accepted.count > 0 ? 'warning' : 'neutral', link: '/devis?statut=accepted' },
    ],
  };
}

export const INVOICING_WIDGETS: DashboardWidget[] = [
  { key: 'revenue', title: 'Chiffre d’affaires', order: 100, size: 'large', permission: INVOICES_READ, load: revenueContent },
  { key: 'receivables', title: 'À encaisser', order: 110, size: 'small', permission: INVOICES_READ, load: receivablesContent },
  { key: 'quotations', title: 'Devis à suivre', order: 120, size: 'small', permission: QUOTATIONS_READ, load: quotationsContent },
];

export const INVOICING_FIRST_STEPS: FirstStep[] = [
  {
    key: 'first-invoice', order: 50, permission: INVOICES_MANAGE,
    label: 'Émettez votre première facture', description: 'Une facture numérotée, prête à envoyer à votre client.',
    link: '/factures/nouvelle', done: async (ctx) => (await emittedCount(ctx)) > 0,
  },
];
