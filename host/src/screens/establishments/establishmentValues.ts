/**
 * The establishment form's values and their conversion to and from the API's Establishment
 * (platform README « Establishments and opening hours »). The form's times are `HH:MM` (time inputs); the
 * API's are `{ hours, minutes }`, sent and read as such. Dates are `YYYY-MM-DD` (Paris).
 */
import { DEFAULT_OPEN_TIME, timeOfDayText, toTimeOfDay, type Establishment, type OpenTime, type Weekday } from '@comptoir/schemas';

export const ESTABLISHMENTS_PATH = '/kernel/establishments';
export const ESTABLISHMENTS_PERMISSION = 'kernel.establishments.manage';

/** Contract order and spelling (WENESDAY), with the French short and long names. */
export const WEEKDAYS: { value: Weekday; short: string; long: string }[] = [
  { value: 'MONDAY', short: 'Lun', long: 'lundi' },
  { value: 'TUESDAY', short: 'Mar', long: 'mardi' },
  { value: 'WENESDAY', short: 'Mer', long: 'mercredi' },
  { value: 'THURSDAY', short: 'Jeu', long: 'jeudi' },
  { value: 'FRIDAY', short: 'Ven', long: 'vendredi' },
  { value: 'SATURDAY', short: 'Sam', long: 'samedi' },
  { value: 'SUNDAY', short: 'Dim', long: 'dimanche' },
];

export interface IntervalValues { start: string; end: string }
export interface RegularValues { days: Weekday[]; openTimes: IntervalValues[]; description: string }
export interface SpecialValues { name: string; startDate: string; endDate: string; closed: boolean; hours: IntervalValues[] }
export interface TelValues { type: string; value: string }
export interface AddressValues { address: string; address2: string; zipCode: string; city: string; country: string }

export interface EstablishmentValues {
  name: string;
  description: string;
  website: string;
  address: AddressValues;
  tels: TelValues[];
  regularHours: RegularValues[];
  specialHours: SpecialValues[];
}

/** The spec's default opening time. */
export const newInterval = (): IntervalValues => ({ start: '09:00', end: '17:00' });
export const newTel = (): TelValues => ({ type: 'Accueil', value: '' });
export const newRegular = (days: Weekday[] = []): RegularValues => ({ days, openTimes: [newInterval()], description: '' });
export const newSpecial = (): SpecialValues => ({ name: '', startDate: '', endDate: '', closed: true, hours: [] });

/** A stored interval as the form shows it (a missing end takes the spec's default). */
const intervalValues = (o: OpenTime): IntervalValues => ({
  start: timeOfDayText(o.start ?? DEFAULT_OPEN_TIME.start),
  end: timeOfDayText(o.end ?? DEFAULT_OPEN_TIME.end),
});

/** The form's `HH:MM` as the API's `{ hours, minutes }` (an unreadable text is sent as typed: the server names it). */
const intervalBody = (v: IntervalValues) => ({ start: toTimeOfDay(v.start) ?? v.start, end: toTimeOfDay(v.end) ?? v.end });

const EMPTY_ADDRESS: AddressValues = { address: '', address2: '', zipCode: '', city: '', country: '' };

/** A new establishment opens Monday to Friday, 09:00–17:00, until changed. */
export const NEW_ESTABLISHMENT: EstablishmentValues = {
  name: '', description: '', website: '', address: EMPTY_ADDRESS, tels: [newTel()],
  regularHours: [newRegular(['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY'])], specialHours: [],
};

export function valuesOf(e: Establishment): EstablishmentValues {
  return {
    name: e.name,
    description: e.description ?? '',
    website: e.website ?? '',
    address: { ...EMPTY_ADDRESS, ...Object.fromEntries(Object.entries(e.address ?? {}).filter(([k]) => k in EMPTY_ADDRESS)) },
    tels: e.tels.map((t) => ({ type: t.type ?? 'Accueil', value: t.value })),
    regularHours: e.regularHours.map((r) => ({ days: r.days ?? [], openTimes: (r.openTimes ?? []).map(intervalValues), description: r.description ?? '' })),
    specialHours: e.specialHours.map((s) => ({
      name: s.name ?? '', startDate: s.startDate, endDate: s.endDate, closed: (s.hours ?? []).length === 0,
      hours: (s.hours ?? []).map(intervalValues),
    })),
  };
}

/** The body of POST / PUT: every field sent, so that a cleared field is cleared. */
export function bodyOf(v: EstablishmentValues): Record<string, unknown> {
  const address = Object.fromEntries(Object.entries(v.address).map(([k, x]) => [k, x.trim()]).filter(([, x]) => x !== ''));
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    website: v.website.trim(),
    ...(Object.keys(address).length ? { address } : {}),
    tels: v.tels.filter((t) => t.value.trim()).map((t) => ({ type: t.type.trim() || 'Accueil', value: t.value.trim() })),
    regularHours: v.regularHours.map((r) => ({ days: r.days, openTimes: r.openTimes.map(intervalBody), ...(r.description.trim() ? { description: r.description.trim() } : {}) })),
    specialHours: v.specialHours.map((s) => ({
      startDate: s.startDate, endDate: s.endDate || s.startDate, ...(s.name.trim() ? { name: s.name.trim() } : {}), hours: s.closed ? [] : s.hours.map(intervalBody),
    })),
  };
}
