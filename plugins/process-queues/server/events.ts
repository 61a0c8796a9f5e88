/**
 * Business events of « Files de traitement », published on the bus after commit. The repository also
 * publishes `process-queues.queue.created`, `.updated` and `.deleted` on every write of a queue.
 */
import type { EventDefinition } from '@comptoir/sdk';

export const RUN_ADVANCED = 'process-queues.run.advanced';

export const EVENTS: EventDefinition[] = [
  { name: RUN_ADVANCED, description: 'Une exécution de file a avancé (étapes prises, statut, nœud courant).' },
];
