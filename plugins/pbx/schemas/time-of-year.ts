/**
 * A period of the year (spec 001 §3 « TimeOfYear »): start and end, each with optional parts (year,
 * month, day, hours, minutes, seconds). A missing part matches any value (« every year », « every
 * day »): README « Times of year ».
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Str, Nullable } from '@comptoir/schemas';

const part = (minimum: number, maximum: number) => Type.Optional(Nullable(Type.Integer({ minimum, maximum })));

export const TimeOfYearPoint = Type.Object({
  year: part(1970, 9999),
  month: part(1, 12),
  day: part(1, 31),
  hours: part(0, 23),
  minutes: part(0, 59),
  seconds: part(0, 59),
}, { additionalProperties: false });
export type TimeOfYearPoint = Static<typeof TimeOfYearPoint>;

export const TimeOfYear = Entity({
  name: Str({ minLength: 1 }),
  start: Type.Object(TimeOfYearPoint.properties, { additionalProperties: false, default: {} }),
  end: Type.Object(TimeOfYearPoint.properties, { additionalProperties: false, default: {} }),
  /** spec §3: enabled by default */
  enabled: Type.Boolean({ default: true }),
}, { company: Id() });
export type TimeOfYear = Static<typeof TimeOfYear>;
