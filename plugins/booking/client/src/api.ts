/** What the screens know of the API of « Réservations » (mounted under /api/booking). */

/** The collections, as the shell's API client and useList take them (without /api). */
export const ROOMS = '/booking/rooms';
export const BOOKERS = '/booking/bookers';
export const BOOKINGS = '/booking/bookings';
export const READ = 'booking.bookings.read';
export const WRITE = 'booking.bookings.write';
export const MANAGE = 'booking.rooms.manage';
export const INVOICE = 'booking.bookings.invoice';
/** the kernel groups bookers belong to */
export const BOOKER_GROUPS = 'booking.bookers';

/** Types only: the remote bundles no schema. */
export type {
  AvailabilityAnswer, FreeStart, QuantityLine, ReservableRoom, ReservableRoomBooker, ReservableRoomBooking, BookingMode,
} from '../../schemas/index.ts';

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}

export const STATUS_LABELS = { confirmed: 'Confirmée', cancelled: 'Annulée', invalid: 'À revoir' } as const;
export const ORIGIN_LABELS = { web: 'En ligne', 'back-office': 'Accueil', phone: 'Téléphone' } as const;

const timeFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'full', timeStyle: 'short' });
export const timeText = (iso: string) => timeFormat.format(new Date(iso));
export const dateTimeText = (iso: string) => dateTimeFormat.format(new Date(iso));
export const euros = (n: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(n);

/** `YYYY-MM-DD` of today in Paris, for a day input */
export const todayInParis = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

/** midnight in Paris of a `YYYY-MM-DD` day, as an ISO instant (the offset read for that day) */
export function parisMidnight(day: string): string {
  const probe = new Date(`${day}T12:00:00Z`);
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' }).format(probe));
  const offset = hour - 12;
  return new Date(Date.parse(`${day}T00:00:00Z`) - offset * 3_600_000).toISOString();
}
