/** Bus events of « Sites web » beyond the repository's `websites.<entity>.created|updated|deleted`. */
import type { EventDefinition } from '@comptoir/sdk';

export const EVENTS: EventDefinition[] = [];
