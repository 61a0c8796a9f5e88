/**
 * The « Files de traitement » plugin, declared as data: its entities, migrations, permissions,
 * events, services, routes, the node-type extension point it owns (declared in the SDK as
 * `queueNodeTypes`, so that contributors need no dependency) and its own general node types.
 */
import { contribute, definePlugin, exportsOf, queueNodeTypes, type ServicesFor } from '@comptoir/sdk';
import { processQueuesServices } from '../contract.ts';
import { PLUGIN_ID, Queues, Runs, Steps } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { EVENTS } from './events.ts';
import { routes } from './routes/index.ts';
import { queuesService } from './services/queues/queues.ts';
import { engineService } from './services/engine/engine.ts';
import { nodeTypesService } from './services/registry/registry.ts';
import { GENERAL_NODE_TYPES } from './services/nodes/general.ts';
import { queuesMigration } from './migrations/20261128003000_queues.ts';
import { seedDemo } from './seed.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Queues, Runs, Steps],
  migrations: [queuesMigration],
  permissions: PERMISSIONS,
  events: EVENTS,
  extensionPoints: [queueNodeTypes],
  contributions: GENERAL_NODE_TYPES.map((t) => contribute(queueNodeTypes, t)),
  /** checked against the contract: each exported service has the type other plugins are promised */
  services: {
    ...({ engine: engineService, queues: queuesService } satisfies ServicesFor<typeof processQueuesServices>),
    nodeTypes: nodeTypesService,
  },
  exports: exportsOf(processQueuesServices),
  routes,
  seedDemo,
});
