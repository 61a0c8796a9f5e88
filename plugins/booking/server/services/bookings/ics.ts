/**
 * The iCalendar file of a booking (RFC 5545, with ical-generator): one event in UTC, the booking's
 * id as UID so that a cancellation (METHOD:CANCEL, STATUS:CANCELLED, SEQUENCE 1) replaces the
 * confirmation (METHOD:REQUEST) in the visitor's calendar.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { ReservableRoomBooking } from '../../../schemas/index.ts';

export interface IcsInput {
  booking: Pick<ReservableRoomBooking, '_id' | 'startDate' | 'endDate' | 'name' | 'comment' | 'price'> & { roomInfo: { name: string } };
  companyName: string;
  cancelled?: boolean;
  now: Date;
}

export function bookingIcs({ booking, companyName, cancelled = false, now }: IcsInput): string {
  const cal = ical({
    prodId: { company: 'Comptoir', product: 'Reservations', language: 'FR' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    name: `Réservation — ${companyName}`,
  });
  cal.createEvent({
    id: `${booking._id}@comptoir`,
    sequence: cancelled ? 1 : 0,
    stamp: now,
    start: new Date(booking.startDate),
    end: new Date(booking.endDate),
    summary: `Réservation ${booking.roomInfo.name} — ${companyName}`,
    description: [`Réservation au nom de ${booking.name}.`, booking.comment ? `Commentaire : ${booking.comment}` : ''].filter(Boolean).join('\n'),
    location: `${booking.roomInfo.name}, ${companyName}`,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return cal.toString();
}
