/**
 * Business events of the « Bonjour » plugin, published on the bus after commit. The repository also
 * publishes `hello.person.created`, `.updated` and `.deleted` on every write.
 */
import type { EventDefinition } from '@comptoir/sdk';

export const PERSON_GREETED = 'hello.person.greeted';

export const EVENTS: EventDefinition[] = [
  { name: PERSON_GREETED, description: 'Quelqu’un a dit bonjour à une personne.' },
];
