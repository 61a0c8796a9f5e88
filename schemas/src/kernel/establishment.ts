/**
 * An establishment of a company and its opening hours (platform README
 * « Establishments and opening hours »).
 *
 * Decisions:
 * - a time of day is the spec's `{ hours, minutes }` (integers 0–23 and 0–59), stored and answered
 *   so; a body may also give it as the text `HH:MM`, the form it is shown in (the routes convert
 *   it before storing);
 * - weekdays are the contract's values, `WENESDAY` spelling included;
 * - an opening interval ends strictly after it starts on the same day: overnight intervals are
 *   refused (split them at midnight: `20:00–23:59` then `00:00–02:00` the next day);
 * - special hours cover whole local days (`YYYY-MM-DD`, Europe/Paris) from `startDate` to `endDate`
 *   included; an empty `hours` list means closed on those days.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Str, Text } from '../kinds.ts';
import { Address } from './address.ts';
import { createInput, updateInput } from './input.ts';
import { StrEnum } from './str-enum.ts';

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export const Weekday = StrEnum(WEEKDAYS);
export type Weekday = Static<typeof Weekday>;

export const TIME_OF_DAY_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/** A time of day as the contract has it (platform README « Establishments and opening hours »): hours 0–23, minutes 0–59. */
export interface TimeOfDayValue { hours: number; minutes: number }

/** The stored and answered time of day, `{ hours, minutes }`. */
export const TimeOfDay = (o: { default?: TimeOfDayValue } = {}) => Type.Object({
  hours: Type.Integer({ minimum: 0, maximum: 23 }),
  minutes: Type.Integer({ minimum: 0, maximum: 59 }),
}, { additionalProperties: false, ...o });

/** `HH:MM`, 00:00 to 23:59: what a body may send instead of `{ hours, minutes }`. */
export const TimeOfDayText = () => Type.String({ pattern: TIME_OF_DAY_PATTERN, maxLength: 5 });

/**
 * A time of day in a body: `{ hours, minutes }` or `HH:MM`. Only the shape is checked here (the
 * ranges by the stored schema, the text by `toTimeOfDay`), so that a wrong value gets one French
 * message naming it rather than one per alternative.
 */
export const TimeOfDayInput = () => Type.Union([
  Type.Object({ hours: Type.Integer(), minutes: Type.Integer() }, { additionalProperties: false }),
  Type.String({ maxLength: 5 }),
]);

/** The spec's default opening time, 09:00 to 17:00. */
export const DEFAULT_OPEN_TIME = { start: { hours: 9, minutes: 0 }, end: { hours: 17, minutes: 0 } } as const;

const TIME_RE = new RegExp(TIME_OF_DAY_PATTERN);

/** `{ hours, minutes }` or `HH:MM` → `{ hours, minutes }`; null when it is neither (or out of range). */
export function toTimeOfDay(v: unknown): TimeOfDayValue | null {
  if (typeof v === 'string') {
    if (!TIME_RE.test(v)) return null;
    return { hours: Number(v.slice(0, 2)), minutes: Number(v.slice(3, 5)) };
  }
  if (!v || typeof v !== 'object') return null;
  const { hours, minutes } = v as Record<string, unknown>;
  const ok = Number.isInteger(hours) && Number.isInteger(minutes)
    && (hours as number) >= 0 && (hours as number) <= 23 && (minutes as number) >= 0 && (minutes as number) <= 59;
  return ok ? { hours: hours as number, minutes: minutes as number } : null;
}

/** `{ hours: 7, minutes: 3 }` → `07:03`, the way a time is shown. */
export function timeOfDayText(t: TimeOfDayValue): string {
  return `${String(t.hours).padStart(2, '0')}:${String(t.minutes).padStart(2, '0')}`;
}

export const OpenTime = Type.Object({
  start: Type.Optional(TimeOfDay({ default: { ...DEFAULT_OPEN_TIME.start } })),
  end: Type.Optional(TimeOfDay({ default: { ...DEFAULT_OPEN_TIME.end } })),
}, { additionalProperties: false });
export type OpenTime = Static<typeof OpenTime>;

/** An opening interval in a body: each end as `{ hours, minutes }` or `HH:MM`. */
export const OpenTimeInput = Type.Object({
  start: Type.Optional(TimeOfDayInput()),
  end: Type.Optional(TimeOfDayInput()),
}, { additionalProperties: false });

export const RegularHours = Type.Object({
  days: Type.Optional(Type.Array(Weekday, { default: [], maxItems: 7, uniqueItems: true })),
  openTimes: Type.Optional(Type.Array(OpenTime, {
    default: [{ start: { ...DEFAULT_OPEN_TIME.start }, end: { ...DEFAULT_OPEN_TIME.end } }], maxItems: 24,
  })),
  description: Type.Optional(Str()),
}, { additionalProperties: false });
export type RegularHours = Static<typeof RegularHours>;

const RegularHoursInput = Type.Object({
  ...RegularHours.properties,
  openTimes: Type.Optional(Type.Array(OpenTimeInput, { maxItems: 24 })),
}, { additionalProperties: false });

/** A local calendar date, YYYY-MM-DD. */
export const LocalDate = () => Type.String({ format: 'date', maxLength: 10 });

export const SpecialHours = Type.Object({
  startDate: LocalDate(),
  endDate: LocalDate(),
  name: Type.Optional(Str()),
  /** empty: closed */
  hours: Type.Optional(Type.Array(OpenTime, { default: [], maxItems: 24 })),
}, { additionalProperties: false });
export type SpecialHours = Static<typeof SpecialHours>;

const SpecialHoursInput = Type.Object({
  ...SpecialHours.properties,
  hours: Type.Optional(Type.Array(OpenTimeInput, { maxItems: 24 })),
}, { additionalProperties: false });

/** The kernel Address: its `delivery` / `invoicing` flags may be left out and are stored true. */
export const EstablishmentAddress = Address;

export const EstablishmentTel = Type.Object({
  type: Type.Optional(Str({ default: 'Accueil' })),
  value: Str({ minLength: 1 }),
}, { additionalProperties: false });

export const Establishment = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  address: Type.Optional(EstablishmentAddress),
  website: Type.Optional(Str()),
  tels: Type.Array(EstablishmentTel, { default: [], maxItems: 50 }),
  regularHours: Type.Array(RegularHours, { default: [], maxItems: 50 }),
  specialHours: Type.Array(SpecialHours, { default: [], maxItems: 500 }),
}, {
  company: Id(),
});
export type Establishment = Static<typeof Establishment>;

/** Opening hours in a body: times as `{ hours, minutes }` or `HH:MM` (the routes store the former). */
const hoursInput = {
  regularHours: Type.Optional(Type.Array(RegularHoursInput, { maxItems: 50 })),
  specialHours: Type.Optional(Type.Array(SpecialHoursInput, { maxItems: 500 })),
};

export const EstablishmentCreateInput = Type.Object({
  ...createInput(Establishment, { serverManaged: ['fk'], required: ['name'] }).properties,
  ...hoursInput,
}, { additionalProperties: false });
export type EstablishmentCreateInput = Static<typeof EstablishmentCreateInput>;
export const EstablishmentUpdateInput = Type.Object({
  ...updateInput(Establishment, { serverManaged: ['fk'] }).properties,
  ...hoursInput,
}, { additionalProperties: false });
export type EstablishmentUpdateInput = Static<typeof EstablishmentUpdateInput>;
