/**
 * Business events of the « Caisse » plugin, published on the bus after commit. The repository also
 * publishes `pos.cash-register.created`, `.updated` and `.deleted` on every write.
 */
import type { EventDefinition } from '@comptoir/sdk';

export const REGISTER_OPENED = 'pos.cash-register.opened';
export const REGISTER_CLOSED = 'pos.cash-register.closed';

export const EVENTS: EventDefinition[] = [
  { name: REGISTER_OPENED, description: 'Une caisse a été ouverte (vérification d’ouverture).' },
  { name: REGISTER_CLOSED, description: 'Une caisse a été clôturée (vérification de clôture).' },
];
