/**
 * The home page's treasury widget (README « Dashboard »): what the accounts hold now, this month's
 * money in and out, the operations waiting for a match, and the last six months' income and
 * outcome as a chart (from the months the ledger keeps: no recount).
 */
import { Decimal } from 'decimal.js';
import { contribute, dashboardWidgets, readAllPages, type CallContext, type Contribution, type DashboardWidget, type WidgetContent } from '@comptoir/sdk';
import type { OperationAccount } from '../../../schemas/index.ts';
import { Accounts, Suggestions } from '../../entities.ts';
import { READ } from '../../permissions.ts';
import { parisMonth } from '../common/dates.ts';
import { monthsService } from '../months/months.ts';

const MONTH_NAMES = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

/** the `n` months up to the one of `now` (Paris), oldest first, as `YYYY-MM` */
export function lastMonths(now: Date, n: number): string[] {
  const [y, m] = parisMonth(now.toISOString()).split('-').map(Number);
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (n - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

const euros = (d: Decimal) => `${d.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} €`;

export async function treasuryContent(ctx: CallContext): Promise<WidgetContent> {
  const accounts = await readAllPages<OperationAccount>(ctx.repo(Accounts), {}, 'name');
  if (accounts.length === 0) {
    return { empty: { message: 'Aucun compte bancaire : importez un relevé pour suivre votre trésorerie.', action: { label: 'Importer un relevé', link: '/banque/import' } } };
  }
  const balance = accounts.reduce((s, a) => s.plus(a.balance), new Decimal(0));
  const months = lastMonths(ctx.now, 6);
  const { data } = await monthsService(ctx).list({ from: months[0], to: months[months.length - 1] });
  const byMonth = new Map(data.map((m) => [m.date, m]));
  const current = byMonth.get(months[months.length - 1]);
  const waiting = await ctx.repo(Suggestions).list({ filters: { status: { mode: 'eq', value: 'open' } }, pagination: { quantity: 1 }, fields: ['fk'] });
  const income = months.map((m) => new Decimal(byMonth.get(m)?.income ?? 0).toFixed(2));
  const outcome = months.map((m) => new Decimal(byMonth.get(m)?.outcome ?? 0).toFixed(2));
  const labels = months.map((m) => MONTH_NAMES[Number(m.slice(5)) - 1]);
  return {
    figures: [
      {
        label: 'Solde des comptes', value: balance.toFixed(2), unit: 'money', tone: balance.isNegative() ? 'danger' : 'neutral',
        hint: `${accounts.length} compte${accounts.length > 1 ? 's' : ''}`, link: '/banque',
      },
      { label: 'Entrées du mois', value: new Decimal(current?.income ?? 0).toFixed(2), unit: 'money', tone: 'success', link: '/banque/mois' },
      { label: 'Sorties du mois', value: new Decimal(current?.outcome ?? 0).toFixed(2), unit: 'money', link: '/banque/mois' },
      {
        label: 'Rapprochements proposés', value: String(waiting.count), unit: 'count', tone: waiting.count > 0 ? 'warning' : 'success',
        hint: waiting.count > 0 ? 'paiements à confirmer' : 'rien à confirmer', link: '/banque/rapprochements',
      },
    ],
    chart: {
      type: 'bar', unit: 'money', labels,
      series: [{ name: 'Entrées', values: income }, { name: 'Sorties', values: outcome }],
      summary: `Entrées et sorties des six derniers mois : ${labels.map((l, i) => `${l} ${euros(new Decimal(income[i]))} entrées, ${euros(new Decimal(outcome[i]))} sorties`).join(' ; ')}.`,
    },
  };
}

export const BANKING_WIDGETS: DashboardWidget[] = [
  { key: 'treasury', title: 'Trésorerie', order: 140, size: 'medium', permission: READ, load: treasuryContent },
];

export const dashboardContributions: Contribution<DashboardWidget>[] = BANKING_WIDGETS.map((w) => contribute(dashboardWidgets, w));
