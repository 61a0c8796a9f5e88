/**
 * « Pourboires », a third-party plugin that plugs into extension points it does not own: a
 * widget on the home page (the platform's `kernel.dashboard-widgets`), entries in the FEC export
 * (invoicing's `invoicing.accounting-entries`, from `@comptoir/plugin-invoicing/contract`) and its
 * tips on the screen of the invoice they were left with (the platform's `kernel.record-links`),
 * without depending on invoicing and without any change to the platform.
 */
import { contribute, dashboardWidgets, definePlugin, recordLinks } from '@comptoir/sdk';
import { accountingEntries } from '@comptoir/plugin-invoicing/contract';
import { PLUGIN_ID, Tips } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { routes } from './routes/index.ts';
import { tipsService } from './services/tips.ts';
import { init } from './migrations/20261127120000_init.ts';
import { tipInvoice } from './migrations/20261201100000_tip_invoice.ts';
import { tipsWidget } from './services/dashboard/tips-widget.ts';
import { tipEntries } from './services/accounting/tip-entries.ts';
import { tipLinks } from './services/links/tip-links.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Tips],
  migrations: [init, tipInvoice],
  permissions: PERMISSIONS,
  services: { tips: tipsService },
  routes,
  contributions: [
    contribute(dashboardWidgets, tipsWidget),
    contribute(accountingEntries, { journalEntries: tipEntries }),
    contribute(recordLinks, tipLinks),
  ],
});
