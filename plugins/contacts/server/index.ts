/**
 * The « Contacts » plugin, declared as data: customers, providers and contacts, their migrations,
 * permissions, events, services and routes. Nothing is registered by side effect.
 */
import { definePlugin, exportsOf, type ServicesFor } from '@comptoir/sdk';
import { contactsServices } from '../contract.ts';
import { PLUGIN_ID, Contacts, Customers, Providers } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { EVENTS } from './events.ts';
import { routes } from './routes/index.ts';
import { SERVICES } from './services/index.ts';
import { customersProvidersContacts } from './migrations/20261122120000_customers_providers_contacts.ts';
import { archived } from './migrations/20261127100000_archived.ts';
import { customerInvoicingIdentifiers } from './migrations/20261201100000_customer_invoicing_identifiers.ts';
import { searchIndex } from './migrations/20261204120000_search_index.ts';
import { seedDemo } from './seed.ts';
import { groupLinks } from './services/links/group-links.ts';
import { dashboardContributions } from './services/dashboard/index.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Customers, Providers, Contacts],
  migrations: [customersProvidersContacts, archived, customerInvoicingIdentifiers, searchIndex],
  permissions: PERMISSIONS,
  events: EVENTS,
  services: SERVICES satisfies ServicesFor<typeof contactsServices>,
  /**
   * For plugins declaring `"dependsOn": { "contacts": "^0.1.0" }`: `contacts.customers`
   * (get, findByIds, inGroups), `contacts.contacts` (receiversOf), `contacts.providers` (get, findByIds;
   * list and create: purchases match and create the provider of an imported invoice).
   */
  exports: exportsOf(contactsServices),
  routes,
  /** a deleted kernel group leaves the `fk.groups` of the customers, providers and contacts that held it */
  subscriptions: [{ event: 'kernel.group.deleted', handler: async (e, ctx) => { await groupLinks(ctx).forget((e.payload as { _id: string })._id); } }],
  /** the home page's first-run checklist (services/dashboard/) */
  contributions: dashboardContributions,
  seedDemo,
});
