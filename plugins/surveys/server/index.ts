/**
 * The « Questionnaires » plugin, declared as data: its entity, migrations, permissions, events,
 * services, routes and demo data. Nothing is registered by side effect.
 */
import { definePlugin, exportsOf, type ServicesFor } from '@comptoir/sdk';
import { surveysServices } from '../contract.ts';
import { PLUGIN_ID, Items } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { EVENTS } from './events.ts';
import { routes } from './routes/index.ts';
import { itemsService } from './services/items/items.ts';
import { init } from './migrations/20261128002434_init.ts';
import { seedDemo } from './seed.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Items],
  migrations: [init],
  permissions: PERMISSIONS,
  events: EVENTS,
  /** checked against the contract: each exported service has the type other plugins are promised */
  services: { items: itemsService } satisfies ServicesFor<typeof surveysServices>,
  /** plugins that declare `"dependsOn": { "surveys": "^0.1.0" }` use it as `surveysServices.items` */
  exports: exportsOf(surveysServices),
  routes,
  seedDemo,
});
