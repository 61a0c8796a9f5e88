/** The services of « Réservations » by name: what the routes resolve. */
import { roomsService, bookersService } from './rooms/rooms.ts';
import { bookingsService } from './bookings/book.ts';
import { availabilityService } from './availability/availability.ts';
import { bookingInvoicingService } from './invoicing/invoice-booking.ts';

export const SERVICES = {
  rooms: roomsService,
  bookers: bookersService,
  bookings: bookingsService,
  availability: availabilityService,
  bookingInvoicing: bookingInvoicingService,
};
