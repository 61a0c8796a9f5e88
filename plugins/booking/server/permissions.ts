/** Permissions of « Réservations », granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

/** see rooms, bookers and the calendar of bookings */
export const READ = 'booking.bookings.read';
/** book, move and cancel bookings */
export const WRITE = 'booking.bookings.write';
/** create and set up rooms and bookers */
export const MANAGE = 'booking.rooms.manage';
/** make a quotation or an invoice from a booking */
export const INVOICE = 'booking.bookings.invoice';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Réservations', name: 'Consulter les réservations', mode: 'company' },
  { sysName: WRITE, category: 'Réservations', name: 'Réserver', description: 'Réserver une salle, déplacer ou annuler une réservation.', mode: 'company' },
  { sysName: MANAGE, category: 'Réservations', name: 'Gérer les salles', description: 'Créer et régler les salles, leurs horaires, ressources, modes, tarifs et types de réservants.', mode: 'company' },
  { sysName: INVOICE, category: 'Réservations', name: 'Facturer les réservations', description: 'Faire un devis ou une facture d’une réservation.', mode: 'company' },
];
