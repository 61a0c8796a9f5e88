/** The entities of « Réservations » (README « Entities »); schemas in schemas/, columns in migrations/. */
import { defineEntity } from '@comptoir/sdk';
import { ReservableRoom, ReservableRoomBooker, ReservableRoomBooking } from '../schemas/index.ts';

export const PLUGIN_ID = 'booking';

export const Rooms = defineEntity({
  plugin: PLUGIN_ID, name: 'rooms', table: 'booking_rooms', schema: ReservableRoom, companyScoped: true, label: 'salle', feminine: true,
  references: {
    'fk.establishment': 'kernel.establishments',
    'fk.bookers': 'booking.bookers',
    'fk.bookersGroups': 'kernel.groups',
    'bookerSettings[].fk.booker': 'booking.bookers',
    'bookerSettings[].fk.mainSlotItem': { entity: 'catalogue.items', blocksDeletion: false },
    'bookerSettings[].fk.nextSlotsItem': { entity: 'catalogue.items', blocksDeletion: false },
    'bookerSettings[].fk.extensioSlotItem': { entity: 'catalogue.items', blocksDeletion: false },
    'bookerGroupsQuantity[].fk.group': 'kernel.groups',
    'sharedRessources[].fk.bookers': 'booking.bookers',
  },
});

export const Bookers = defineEntity({
  plugin: PLUGIN_ID, name: 'bookers', table: 'booking_bookers', schema: ReservableRoomBooker, companyScoped: true, label: 'type de réservant',
  references: { 'fk.groups': 'kernel.groups' },
});

export const Bookings = defineEntity({
  plugin: PLUGIN_ID, name: 'bookings', table: 'booking_bookings', schema: ReservableRoomBooking, companyScoped: true, label: 'réservation', feminine: true,
  /** the secret of the cancellation link: only in the e-mail, never in an answer */
  hidden: ['cancelKey'],
  references: {
    'fk.room': 'booking.rooms',
    'fk.bookers': { entity: 'booking.bookers', blocksDeletion: false },
    'fk.bookersGroups': { entity: 'kernel.groups', blocksDeletion: false },
    'fk.customer': { entity: 'contacts.customers', blocksDeletion: false },
    'fk.invoice': { entity: 'invoicing.invoices', blocksDeletion: false },
    'fk.quotation': { entity: 'invoicing.quotations', blocksDeletion: false },
  },
});
