/**
 * « Pourboires du mois » on the home page, through the platform's extension point
 * `kernel.dashboard-widgets`: data only, the shell draws it.
 */
import type { DashboardWidget } from '@comptoir/sdk';
import { READ } from '../../permissions.ts';
import { tipsService, totalOf } from '../tips.ts';

export const tipsWidget: DashboardWidget = {
  key: 'tips-of-the-month',
  title: 'Pourboires',
  order: 500,
  size: 'small',
  permission: READ,
  async load(ctx) {
    const tips = await tipsService(ctx).ofMonth(ctx.now);
    if (tips.length === 0) return { empty: { message: 'Aucun pourboire ce mois-ci.' } };
    return {
      figures: [{
        label: 'Pourboires du mois', value: totalOf(tips).toFixed(2), unit: 'money',
        hint: tips.length === 1 ? '1 pourboire' : `${tips.length} pourboires`,
      }],
    };
  },
};
