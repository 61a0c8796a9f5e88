/**
 * The « Catalogue » plugin, declared as data: its entity, migrations, permissions, events,
 * services and routes. Nothing is registered by side effect.
 */
import { definePlugin, exportsOf, type ServicesFor } from '@comptoir/sdk';
import { catalogueServices } from '../contract.ts';
import { PLUGIN_ID, Items } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { EVENTS } from './events.ts';
import { routes } from './routes/index.ts';
import { itemsService } from './services/items/items.ts';
import { init } from './migrations/20261122015700_init.ts';
import { seedDemo } from './seed.ts';
import { dashboardContributions } from './services/dashboard/index.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Items],
  migrations: [init],
  permissions: PERMISSIONS,
  events: EVENTS,
  services: { items: itemsService } satisfies ServicesFor<typeof catalogueServices>,
  /** plugins that declare `"dependsOn": { "catalogue": "^0.1.0" }` resolve it as `catalogue.items` */
  exports: exportsOf(catalogueServices),
  routes,
  /** the home page's first-run checklist (services/dashboard/) */
  contributions: dashboardContributions,
  seedDemo,
});
