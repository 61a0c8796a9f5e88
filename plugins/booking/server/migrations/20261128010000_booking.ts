/** The tables of « Réservations » (issue 18): rooms, bookers, bookings. A snapshot: later changes are new migrations. */
import { createEntityTable, type Migration } from '@comptoir/sdk';

const TABLES = ['booking_rooms', 'booking_bookers', 'booking_bookings'];

export const booking: Migration = {
  name: '20261128010000_booking',
  async up(db) {
    await createEntityTable(db, 'booking_rooms', {
      name: 'string', description: 'text', useEstablishmentHours: 'bool', sharedRessources: 'json', regularHours: 'json', specialHours: 'json',
      calendarIntervalToShowInMinutes: 'int', reservationMinuteStartsAllowed: 'json', bookingSlotMinimumDuration: 'int',
      maxMainSlots: 'int', maxExtensionsSlots: 'int', smallSlotDurationAfterMainSlot: 'int', oneBookingPerSlotOnly: 'bool',
      allowPastStartsToday: 'bool', durationPresets: 'json', bookerSettings: 'json', bookerGroupsQuantity: 'json', modes: 'json',
      publicBooking: 'bool', fk_establishment: 'id', fk_bookers: 'json', fk_bookersGroups: 'json',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id'], ['fk_company', 'fk_establishment']] });
    await createEntityTable(db, 'booking_bookers', {
      name: 'string', description: 'text', fk_groups: 'json',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
    await createEntityTable(db, 'booking_bookings', {
      name: 'string', comment: 'text', origin: 'string', email: 'string', tel: 'string', express: 'bool',
      startDate: 'date', endDate: 'date', startTime: 'json', slots: 'int', extensionSlots: 'int', roomInfo: 'json',
      sharedResourcesUUIds: 'json', quantity: 'json', modeUUID: 'string', status: 'string', price: 'money',
      invalidReason: 'text', cancelKey: 'string', cancelledAt: 'date',
      fk_room: 'id', fk_bookers: 'json', fk_bookersGroups: 'json', fk_customer: 'id', fk_invoice: 'id', fk_quotation: 'id',
    }, {
      companyScoped: true,
      indexes: [['fk_company', 'fk_room', 'startDate'], ['fk_company', 'startDate', '_id'], ['fk_company', 'status', 'startDate'], ['fk_company', 'fk_invoice']],
      unique: [['cancelKey']],
    });
  },
  async down(db) {
    for (const t of [...TABLES].reverse()) await db.schema.dropTableIfExists(t);
  },
};
