/**
 * Business events of « Réservations », published after commit (besides the repository's
 * `booking.<collection>.created|updated|deleted`).
 */
import type { EventDefinition } from '@comptoir/sdk';

export const BOOKED = 'booking.booking.booked';
export const CANCELLED = 'booking.booking.cancelled';
export const INVALIDATED = 'booking.booking.invalidated';

export const EVENTS: EventDefinition[] = [
  { name: BOOKED, description: 'Une salle a été réservée.' },
  { name: CANCELLED, description: 'Une réservation a été annulée.' },
  { name: INVALIDATED, description: 'Une réservation n’est plus valable (horaires ou ressources changés).' },
];

/** the kind of notification sent to the company when bookings become invalid (§4) */
export const NOTICE_INVALID = 'booking.invalidated';
export const NOTICE_BOOKED = 'booking.booked';
