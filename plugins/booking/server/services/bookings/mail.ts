/**
 * The e-mails of a booking, in French, through `kernel.mailer` (queued in the caller's
 * transaction, delivered after its commit): the confirmation with its ICS and its cancellation
 * link, and the cancellation with an ICS that removes the event. Nothing is queued when the
 * booking has no e-mail or the company has no mail server (README « E-mails »).
 */
import type { CallContext } from '@comptoir/sdk';
import type { ReservableRoomBooking } from '../../../schemas/index.ts';
import { companies, mailer } from '../deps.ts';
import { bookingIcs } from './ics.ts';

const when = (iso: string) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
const hour = (iso: string) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', timeStyle: 'short' }).format(new Date(iso));
const euros = (n: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(n);

/** the page a visitor cancels from: the public page of the company with the key (README « Public booking ») */
export function cancelLink(base: string, companyId: string, key: string): string {
  return `${base.replace(/\/$/, '')}/api/booking/public/page?company=${companyId}&cancel=${encodeURIComponent(key)}`;
}

export function confirmationText(b: ReservableRoomBooking, companyName: string, link: string | null): string {
  return [
    `Bonjour ${b.name},`,
    '',
    `Votre réservation de « ${b.roomInfo.name} » est confirmée pour le ${when(b.startDate)} (fin à ${hour(b.endDate)}).`,
    `Montant : ${euros(b.price)} TTC.`,
    '',
    'Le fichier joint ajoute la réservation à votre agenda.',
    link ? `Pour annuler : ${link}` : '',
    '',
    companyName,
  ].filter((l, i, all) => l !== '' || all[i - 1] !== '').join('\n');
}

export async function sendConfirmation(ctx: CallContext, b: ReservableRoomBooking, cancelKey: string, base: string | null): Promise<boolean> {
  if (!b.email || !(await mailer(ctx).configured())) return false;
  const company = await companies(ctx).current();
  const link = base ? cancelLink(base, ctx.caller.companyId!, cancelKey) : null;
  const text = confirmationText(b, company.name, link);
  await mailer(ctx).send({
    to: b.email,
    subject: `Réservation confirmée — ${b.roomInfo.name} — ${company.name}`,
    text,
    attachments: [{ filename: 'reservation.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: Buffer.from(bookingIcs({ booking: b, companyName: company.name, now: ctx.now })).toString('base64') }],
    about: { object: b._id, objectType: 'booking.bookings' },
  });
  return true;
}

export async function sendCancellation(ctx: CallContext, b: ReservableRoomBooking, reason: string): Promise<boolean> {
  if (!b.email || !(await mailer(ctx).configured())) return false;
  const company = await companies(ctx).current();
  await mailer(ctx).send({
    to: b.email,
    subject: `Réservation annulée — ${b.roomInfo.name} — ${company.name}`,
    text: [`Bonjour ${b.name},`, '', `Votre réservation de « ${b.roomInfo.name} » du ${when(b.startDate)} est annulée.`, reason, '', company.name].filter((l) => l !== undefined).join('\n'),
    attachments: [{ filename: 'annulation.ics', contentType: 'text/calendar; charset=utf-8; method=CANCEL', content: Buffer.from(bookingIcs({ booking: b, companyName: company.name, cancelled: true, now: ctx.now })).toString('base64') }],
    about: { object: b._id, objectType: 'booking.bookings' },
  });
  return true;
}
