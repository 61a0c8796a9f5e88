/**
 * An establishment of a company and its opening hours (spec 001 §3 "Establishment", "Opening
 * hours"; spec 000 §3 "Establishment", §5 "Time of day").
 *
 * Decisions:
 * - a time of day is the string `HH:MM` (hours 00–23, minutes 00–59), the form it is shown in;
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
/** `HH:MM`, 00:00 to 23:59. */
export const TimeOfDay = (o: { default?: string } = {}) => Type.String({ pattern: TIME_OF_DAY_PATTERN, maxLength: 5, ...o });

export const OpenTime = Type.Object({
  start: Type.Optional(TimeOfDay({ default: '09:00' })),
  end: Type.Optional(TimeOfDay({ default: '17:00' })),
}, { additionalProperties: false });
export type OpenTime = Static<typeof OpenTime>;

export const RegularHours = Type.Object({
  days: Type.Optional(Type.Array(Weekday, { default: [], maxItems: 7, uniqueItems: true })),
  openTimes: Type.Optional(Type.Array(OpenTime, { default: [{ start: '09:00', end: '17:00' }], maxItems: 24 })),
  description: Type.Optional(Str()),
}, { additionalProperties: false });
export type RegularHours = Static<typeof RegularHours>;

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

/**
 * The kernel Address; its `delivery` / `invoicing` flags (meant for documents) may be left out and
 * are then stored with their defaults. Nested defaults are optional in a body: request bodies are
 * checked before defaults are filled, the stored entity always has them.
 */
export const EstablishmentAddress = Type.Object({
  ...Address.properties,
  delivery: Type.Optional(Address.properties.delivery),
  invoicing: Type.Optional(Address.properties.invoicing),
}, { additionalProperties: false });

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

export const EstablishmentCreateInput = createInput(Establishment, { serverManaged: ['fk'], required: ['name'] });
export type EstablishmentCreateInput = Static<typeof EstablishmentCreateInput>;
export const EstablishmentUpdateInput = updateInput(Establishment, { serverManaged: ['fk'] });
export type EstablishmentUpdateInput = Static<typeof EstablishmentUpdateInput>;
