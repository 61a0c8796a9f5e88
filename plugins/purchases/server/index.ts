/**
 * The « Achats » plugin, declared as data: purchases (received invoices and credit notes, imported
 * from Factur-X / CII files or typed) and external purchases (orders from shops); their
 * migrations, permissions, events, services, routes and accounting entries. Nothing is registered
 * by side effect.
 */
import { contribute, definePlugin, exportsOf, type ServicesFor } from '@comptoir/sdk';
import { purchasesServices } from '../contract.ts';
import { accountingEntries } from '@comptoir/plugin-invoicing/contract';
import { PLUGIN_ID, ChainHeads, ExternalPurchases, Payments, Purchases } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { EVENTS } from './events.ts';
import { routes } from './routes/index.ts';
import { SERVICES } from './services/index.ts';
import { purchasesJournalEntries } from './services/accounting/accounting-journal.ts';
import { purchases } from './migrations/20261125110000_purchases.ts';
import { payments } from './migrations/20261127110000_payments.ts';
import { movePaymentsFromInvoicing } from './migrations/20261127120000_move_payments_from_invoicing.ts';
import { searchIndex } from './migrations/20261204120000_search_index.ts';
import { seedDemo } from './seed.ts';
import { integrityContributions } from './services/integrity/integrity-chains.ts';
import { dashboardContributions } from './services/dashboard/index.ts';
import { documentLinkContributions } from './services/links/document-links.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Purchases, ExternalPurchases, Payments, ChainHeads],
  migrations: [purchases, payments, movePaymentsFromInvoicing, searchIndex],
  permissions: PERMISSIONS,
  events: EVENTS,
  numberingKinds: [
    { kind: 'purchase', label: 'Achats', document: true },
    { kind: 'paymentPurchase', label: 'Paiements d’achats' },
    { kind: 'paymentExternalPurchase', label: 'Paiements d’achats externes' },
  ],
  services: SERVICES satisfies ServicesFor<typeof purchasesServices>,
  /** for plugins declaring `"dependsOn": { "purchases": "^0.1.0" }` (banking later) */
  exports: exportsOf(purchasesServices),
  routes,
  /** purchases, unlinked orders and payments to suppliers, for the FEC export of invoicing */
  contributions: [
    contribute(accountingEntries, { journalEntries: purchasesJournalEntries }),
    /** the home page: what is left to pay to suppliers (services/dashboard/) */
    ...dashboardContributions,
    /** its hash chains, verified by the platform with every other (GET /api/kernel/integrity) */
    ...integrityContributions,
    /** « Achats liés » on an invoice's screen: the other side of fk.linkedSales (services/links/) */
    ...documentLinkContributions,
  ],
  seedDemo,
});
