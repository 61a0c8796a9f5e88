/**
 * Events of « Téléphonie ». The repository publishes `pbx.call.created|updated` and
 * `pbx.call-event.created` on every step of a call: the kernel's WebSocket carries them to the
 * screens of the company (live calls), which read the call again through the API.
 */
import type { EventDefinition } from '@comptoir/sdk';

export const EVENTS: EventDefinition[] = [];
