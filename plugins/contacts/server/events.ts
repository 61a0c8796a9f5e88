/**
 * Business events of the « Contacts » plugin, published on the bus after commit. The repository also
 * publishes `contacts.customer.created|updated|deleted`, `contacts.provider.…` and
 * `contacts.contact.…` on every write (one `created` per imported contact too).
 */
import type { EventDefinition } from '@comptoir/sdk';

export const CONTACTS_IMPORTED = 'contacts.contact.imported';

export const EVENTS: EventDefinition[] = [
  { name: CONTACTS_IMPORTED, description: 'Des contacts ont été importés (vCard ou CSV) : { count, ids, format }.' },
];
