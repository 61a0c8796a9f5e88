/** Bookings of the back office: list, book, move, cancel, quote and invoice (README « Routes »). */
import { Type } from '@sinclair/typebox';
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { BookingCreateInput, BookingUpdateInput, InvoiceFromBookingInput } from '../../schemas/index.ts';
import { Bookings } from '../entities.ts';
import { INVOICE, READ, WRITE } from '../permissions.ts';
import type { BookingsService } from '../services/bookings/book.ts';
import type { BookingInvoicingService } from '../services/invoicing/invoice-booking.ts';
import { linkBase } from './link-base.ts';

export const bookingRoutes: RouteDefinition[] = [
  ...crudRoutes(Bookings, { read: READ, write: WRITE, only: ['list', 'get'] }),
  ...serviceRoutes<BookingsService>('bookings', (call) => [
    call('create', {
      method: 'POST', path: '/bookings', permission: WRITE, body: BookingCreateInput, status: 201, summary: 'Réserver (toutes les règles vérifiées sous le verrou de la salle)',
      args: (req) => [req.body, { origin: 'back-office', linkBase: linkBase(req) }],
    }),
    call('update', { method: 'PUT', path: '/bookings/:id', permission: WRITE, body: BookingUpdateInput, summary: 'Déplacer ou modifier une réservation' }),
    call('cancel', { method: 'POST', path: '/bookings/:id/cancel', permission: WRITE, body: Type.Object({}, { additionalProperties: false }), args: (req) => [req.params.id], summary: 'Annuler une réservation' }),
  ]),
  ...serviceRoutes<BookingInvoicingService>('bookingInvoicing', (call) => [
    call('invoice', { method: 'POST', path: '/bookings/:id/invoice', permission: INVOICE, body: InvoiceFromBookingInput, status: 201, args: (req) => [req.params.id, req.body], summary: 'Facture brouillon de la réservation' }),
    call('quotation', { method: 'POST', path: '/bookings/:id/quotation', permission: INVOICE, body: InvoiceFromBookingInput, status: 201, args: (req) => [req.params.id, req.body], summary: 'Devis de la réservation' }),
  ]),
];
