/**
 * Business events of the « Questionnaires » plugin, published on the bus after commit. The repository also
 * publishes `surveys.item.created`, `.updated` and `.deleted` on every write.
 */
import type { EventDefinition } from '@comptoir/sdk';

export const ITEM_ARCHIVED = 'surveys.item.archived';

export const EVENTS: EventDefinition[] = [
  { name: ITEM_ARCHIVED, description: 'Un élément a été archivé.' },
];
