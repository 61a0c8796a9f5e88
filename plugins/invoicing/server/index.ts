/**
 * The « Facturation » plugin, declared as data: invoices, credit notes, corrective invoices,
 * quotations and payments; their migrations, permissions, events, services and routes.
 * Nothing is registered by side effect.
 */
import { definePlugin } from '@comptoir/sdk';
import { PLUGIN_ID, Invoices, Payments, Quotations } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { EVENTS } from './events.ts';
import { routes } from './routes.ts';
import { SERVICES } from './services/index.ts';
import { init } from './migrations/20261122015701_init.ts';
import { receiverNameAndTotalsIndex } from './migrations/20261122160000_receiver_name_and_totals_index.ts';
import { seedDemo } from './seed.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Invoices, Quotations, Payments],
  migrations: [init, receiverNameAndTotalsIndex],
  permissions: PERMISSIONS,
  events: EVENTS,
  services: SERVICES,
  /** plugins depending on « Facturation » (POS, recurring invoices) emit and settle through these */
  exports: ['emission', 'payments'],
  routes,
  seedDemo,
});
