/**
 * The « Téléphonie » plugin (issue 20, items 3–6), declared as data: the PBX entities of spec 001 §3,
 * the call-routing node kinds of §4 contributed to « Files de traitement », the endpoint Asterisk's
 * FastAGI bridge (tools/src/fastagi) asks at every step of a call, the Asterisk files. Nothing is
 * registered by side effect.
 */
import { definePlugin } from '@comptoir/sdk';
import { ENTITIES, PLUGIN_ID } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { EVENTS } from './events.ts';
import { routes } from './routes/index.ts';
import { SERVICES } from './services/index.ts';
import { pbx } from './migrations/20261128010000_pbx.ts';
import { nodeContributions } from './services/routing/contributions.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: ENTITIES,
  migrations: [pbx],
  permissions: PERMISSIONS,
  events: EVENTS,
  services: SERVICES,
  routes,
  /** the call-routing nodes of the queue editor and engine (README « Call routing ») */
  contributions: [...nodeContributions],
});
