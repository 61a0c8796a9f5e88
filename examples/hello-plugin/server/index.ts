/**
 * The « Bonjour » plugin, declared as data: its entity, migrations, permissions, events,
 * services and routes. Nothing is registered by side effect.
 */
import { definePlugin } from '@comptoir/sdk';
import { PLUGIN_ID, People } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { EVENTS } from './events.ts';
import { routes } from './routes/index.ts';
import { peopleService } from './services/people/people.ts';
import { init } from './migrations/20261122002536_init.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [People],
  migrations: [init],
  permissions: PERMISSIONS,
  events: EVENTS,
  services: { people: peopleService },
  /** plugins that declare `"dependsOn": { "hello": "^0.1.0" }` resolve it as `hello.people` */
  exports: ['people'],
  routes,
});
