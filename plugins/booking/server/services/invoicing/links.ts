/** The bookings an invoice or a quotation was made from, under « Éléments liés » on their screens. */
import type { RecordLinks } from '@comptoir/sdk';
import type { ReservableRoomBooking } from '../../../schemas/index.ts';
import { Bookings } from '../../entities.ts';
import { READ } from '../../permissions.ts';

const label = (b: ReservableRoomBooking) => `Réservation ${b.roomInfo.name} — ${b.name}`;

const linksTo = (target: 'invoicing.invoices' | 'invoicing.quotations', path: 'fk.invoice' | 'fk.quotation', key: string): RecordLinks => ({
  key, target, label: 'Réservations', permission: READ, order: 300,
  find: async (ctx, id) => (await ctx.repo(Bookings).findReferencing(path, id) as ReservableRoomBooking[]).map((b) => ({
    _id: b._id, label: label(b), date: b.startDate, amount: b.price.toFixed(2), status: b.status === 'confirmed' ? 'Confirmée' : b.status === 'cancelled' ? 'Annulée' : 'À revoir',
    path: `/reservations/reservations/${b._id}`,
  })),
});

export const invoiceLinks = linksTo('invoicing.invoices', 'fk.invoice', 'booking-invoices');
export const quotationLinks = linksTo('invoicing.quotations', 'fk.quotation', 'booking-quotations');
