/**
 * Business events of the « Catalogue » plugin. The catalogue has no business action of its own:
 * the repository publishes `catalogue.item.created`, `.updated` and `.deleted` on every write
 * (a sale counted by `incrementSales` is an `.updated`).
 */
import type { EventDefinition } from '@comptoir/sdk';

export const EVENTS: EventDefinition[] = [];
