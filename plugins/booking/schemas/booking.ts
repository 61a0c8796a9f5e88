/**
 * A booking of a room (spec 001 §3 ReservableRoomBooking, origin « web » by default) and the
 * bodies that ask for one. Columns: server/migrations/20261128001905_booking.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Email, Entity, Id, Money, Nullable, Str, Text, TimeOfDay, StrEnum } from '@comptoir/schemas';

export const BOOKING_ORIGINS = ['web', 'back-office', 'phone'] as const;
/** confirmed; cancelled (by the person or the company); invalid: no longer startable or its resources gone (§4) */
export const BOOKING_STATUSES = ['confirmed', 'cancelled', 'invalid'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const QuantityLine = Type.Object({
  booker: Id(),
  bookerGroup: Type.Optional(Nullable(Id())),
  quantity: Type.Integer({ minimum: 0, maximum: 100000 }),
}, { additionalProperties: false });
export type QuantityLine = Static<typeof QuantityLine>;

export const ReservableRoomBooking = Entity({
  name: Str({ default: '' }),
  comment: Type.Optional(Text({ maxLength: 5000 })),
  origin: StrEnum(BOOKING_ORIGINS, { default: 'web' }),
  email: Type.Optional(Str()),
  tel: Type.Optional(Str({ maxLength: 40 })),
  express: Type.Boolean({ default: false }),
  /** the first instant booked (UTC) */
  startDate: DateTime(),
  /** the end, excluded: start + slots × minimum + extensions × small slot */
  endDate: DateTime(),
  /** the start's wall-clock time in Europe/Paris */
  startTime: TimeOfDay(),
  slots: Type.Integer({ minimum: 1, default: 1 }),
  extensionSlots: Type.Integer({ minimum: 0, default: 0 }),
  /** the room as it was booked */
  roomInfo: Type.Object({ name: Str() }, { additionalProperties: true }),
  sharedResourcesUUIds: Type.Array(Str(), { default: [] }),
  quantity: Type.Array(QuantityLine, { default: [] }),
  /** not in the spec: the mode chosen (its uuid), the state, the total price incl. taxes and why it became invalid */
  modeUUID: Type.Optional(Nullable(Str({ maxLength: 64 }))),
  status: StrEnum(BOOKING_STATUSES, { default: 'confirmed' }),
  price: Money({ default: 0 }),
  invalidReason: Type.Optional(Nullable(Text())),
  /** the secret of the cancellation link (never answered to a visitor but in the e-mail) */
  cancelKey: Type.Optional(Str({ maxLength: 64 })),
  cancelledAt: Type.Optional(Nullable(DateTime())),
}, {
  company: Id(),
  room: Id(),
  bookers: Type.Array(Id(), { default: [] }),
  bookersGroups: Type.Array(Id(), { default: [] }),
  customer: Type.Optional(Nullable(Id())),
  invoice: Type.Optional(Nullable(Id())),
  quotation: Type.Optional(Nullable(Id())),
});
export type ReservableRoomBooking = Static<typeof ReservableRoomBooking>;

/** What a booking asks for, from the back office or a visitor. */
const requestFields = {
  startDate: DateTime(),
  slots: Type.Integer({ minimum: 1, maximum: 96 }),
  extensionSlots: Type.Optional(Type.Integer({ minimum: 0, maximum: 96 })),
  quantity: Type.Array(QuantityLine, { minItems: 1, maxItems: 50 }),
  modeUUID: Type.Optional(Nullable(Str({ maxLength: 64 }))),
  name: Str({ minLength: 1 }),
  comment: Type.Optional(Text({ maxLength: 5000 })),
  tel: Type.Optional(Str({ maxLength: 40 })),
};

export const BookingCreateInput = Type.Object({
  ...requestFields,
  email: Type.Optional(Email()),
  origin: Type.Optional(StrEnum(BOOKING_ORIGINS)),
  express: Type.Optional(Type.Boolean()),
  fk: Type.Object({ room: Id(), customer: Type.Optional(Nullable(Id())) }, { additionalProperties: false }),
}, { additionalProperties: false });
export type BookingCreateInput = Static<typeof BookingCreateInput>;

/** A visitor's booking: an e-mail is required (the confirmation and its cancellation link go there). */
export const PublicBookingInput = Type.Object({
  ...requestFields,
  email: Email(),
  room: Id(),
}, { additionalProperties: false });
export type PublicBookingInput = Static<typeof PublicBookingInput>;

/** Moving a booking (a drag on the calendar) or changing its people. */
export const BookingUpdateInput = Type.Object({
  startDate: Type.Optional(DateTime()),
  slots: Type.Optional(Type.Integer({ minimum: 1, maximum: 96 })),
  extensionSlots: Type.Optional(Type.Integer({ minimum: 0, maximum: 96 })),
  quantity: Type.Optional(Type.Array(QuantityLine, { minItems: 1, maxItems: 50 })),
  modeUUID: Type.Optional(Nullable(Str({ maxLength: 64 }))),
  name: Type.Optional(Str({ minLength: 1 })),
  comment: Type.Optional(Text({ maxLength: 5000 })),
  email: Type.Optional(Email()),
  tel: Type.Optional(Str({ maxLength: 40 })),
  fk: Type.Optional(Type.Object({ customer: Type.Optional(Nullable(Id())) }, { additionalProperties: false })),
}, { additionalProperties: false });
export type BookingUpdateInput = Static<typeof BookingUpdateInput>;

/** `GET rooms/:id/availability` (query strings: numbers as text, quantity as JSON); from now, 7 days, by default */
export const AvailabilityQuery = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
  slots: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
  extensions: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
  quantity: Type.Optional(Type.String({ maxLength: 4000 })),
  mode: Type.Optional(Type.String({ maxLength: 64 })),
}, { additionalProperties: false });
export type AvailabilityQuery = Static<typeof AvailabilityQuery>;

export const InvoiceFromBookingInput = Type.Object({
  /** the customer addressed; the booking's own `fk.customer` otherwise */
  customer: Type.Optional(Nullable(Id())),
}, { additionalProperties: false });
export type InvoiceFromBookingInput = Static<typeof InvoiceFromBookingInput>;

export const CancelInput = Type.Object({ key: Type.String({ minLength: 10, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) }, { additionalProperties: false });

/** A free start as the availability answers it. */
export interface FreeStart { start: string; end: string; price: number; sharedResourcesUUIds: string[] }
export interface AvailabilityAnswer { duration: number; price: number; starts: FreeStart[] }
