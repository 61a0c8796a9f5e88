/**
 * A bookable room and what it holds (spec 001 §3 « Room booking », defaults of §9): shared
 * resources, modes, duration presets, booker settings and group quantities. Field names are the
 * spec's, `sharedRessources` and `extensioSlotItem` spelling included. Columns:
 * server/migrations/20261128001905_booking.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Money, Nullable, Str, Text, RegularHours, SpecialHours, createInput, updateInput } from '@comptoir/schemas';

/** The slot settings of a room, and of a mode that overrides them (spec §9 defaults). */
export const SLOT_DEFAULTS = {
  calendarIntervalToShowInMinutes: 5,
  reservationMinuteStartsAllowed: [0, 15, 30, 45],
  bookingSlotMinimumDuration: 60,
  maxMainSlots: 5,
  maxExtensionsSlots: 1,
  smallSlotDurationAfterMainSlot: 0,
  oneBookingPerSlotOnly: true,
} as const;

const slotFields = (withDefaults: boolean) => {
  const d = <T extends object>(v: unknown, o: T) => (withDefaults ? { ...o, default: v } : o);
  return {
    calendarIntervalToShowInMinutes: Type.Integer(d(SLOT_DEFAULTS.calendarIntervalToShowInMinutes, { minimum: 1, maximum: 1440 })),
    reservationMinuteStartsAllowed: Type.Array(Type.Integer({ minimum: 0, maximum: 59 }), d([...SLOT_DEFAULTS.reservationMinuteStartsAllowed], { minItems: 1, maxItems: 60, uniqueItems: true })),
    bookingSlotMinimumDuration: Type.Integer(d(SLOT_DEFAULTS.bookingSlotMinimumDuration, { minimum: 5, maximum: 1440 })),
    maxMainSlots: Type.Integer(d(SLOT_DEFAULTS.maxMainSlots, { minimum: 1, maximum: 96 })),
    maxExtensionsSlots: Type.Integer(d(SLOT_DEFAULTS.maxExtensionsSlots, { minimum: 0, maximum: 96 })),
    smallSlotDurationAfterMainSlot: Type.Integer(d(SLOT_DEFAULTS.smallSlotDurationAfterMainSlot, { minimum: 0, maximum: 1440 })),
    oneBookingPerSlotOnly: Type.Boolean(d(SLOT_DEFAULTS.oneBookingPerSlotOnly, {})),
  };
};

/*
 * Inside the lists of a room, a field with a default is optional in the type: a body may leave it
 * out and the repository stores the default (§9); readers still say `?? default`.
 */
export const BookersSharedResource = Type.Object({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  enabled: Type.Optional(Type.Boolean({ default: true })),
  /** how many people (quantities) it serves at once, across the bookings that share it */
  maxBookers: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 10 })),
  /** within its grouping code, the lowest priority is tried first */
  priority: Type.Optional(Type.Integer({ minimum: -1000000, maximum: 1000000, default: 0 })),
  /** given by the server when missing; what a booking's `sharedResourcesUUIds` names */
  uuid: Type.Optional(Str({ minLength: 1, maxLength: 64 })),
  /** a combination takes one resource of each grouping code (none: the group « »). */
  groupingCode: Type.Optional(Str({ maxLength: 64 })),
  fk: Type.Optional(Type.Object({ bookers: Type.Array(Id(), { default: [] }) }, { additionalProperties: false })),
}, { additionalProperties: false });
export type BookersSharedResource = Static<typeof BookersSharedResource>;

/** A mode (« Anniversaire », « Répétition »): its emoji and colour on the calendar, slot overrides. */
export const BookingMode = Type.Object({
  name: Str({ minLength: 1 }),
  uuid: Type.Optional(Str({ minLength: 1, maxLength: 64 })),
  emoji: Type.Optional(Str({ maxLength: 16 })),
  enabled: Type.Optional(Type.Boolean({ default: true })),
  /** not in the spec: the calendar colour of its bookings (#rrggbb) */
  color: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
  ...Type.Partial(Type.Object(slotFields(false))).properties,
  fk: Type.Optional(Type.Object({ survey: Type.Optional(Nullable(Id())) }, { additionalProperties: false })),
}, { additionalProperties: false });
export type BookingMode = Static<typeof BookingMode>;

export const BookingPresetDuration = Type.Object({
  mainSlots: Type.Optional(Type.Integer({ minimum: 1, maximum: 96, default: 1 })),
  extensionSlots: Type.Optional(Type.Integer({ minimum: 0, maximum: 96, default: 0 })),
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  enabled: Type.Optional(Type.Boolean({ default: true })),
}, { additionalProperties: false });
export type BookingPresetDuration = Static<typeof BookingPresetDuration>;

export const ReservableRoomBookerGroupQuantity = Type.Object({
  quantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, default: 10 })),
  /** true: this group's limit does not apply; its bookers are held to their own maxElement */
  ignoreGroupSettings: Type.Optional(Type.Boolean({ default: false })),
  fk: Type.Object({ group: Id() }, { additionalProperties: false }),
}, { additionalProperties: false });
export type ReservableRoomBookerGroupQuantity = Static<typeof ReservableRoomBookerGroupQuantity>;

/** A booker's settings on a room: its limit and prices (incl. taxes, euros), and the catalogue items invoiced. */
export const ReservableRoomBookSettings = Type.Object({
  maxElement: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, default: 10 })),
  priceForMainSlot: Type.Optional(Money({ minimum: 0, default: 10 })),
  priceForNextSlots: Type.Optional(Money({ minimum: 0, default: 10 })),
  priceForExtendedSlots: Type.Optional(Money({ minimum: 0, default: 5 })),
  fk: Type.Object({
    booker: Id(),
    mainSlotItem: Type.Optional(Nullable(Id())),
    nextSlotsItem: Type.Optional(Nullable(Id())),
    extensioSlotItem: Type.Optional(Nullable(Id())),
  }, { additionalProperties: false }),
}, { additionalProperties: false });
export type ReservableRoomBookSettings = Static<typeof ReservableRoomBookSettings>;

export const ReservableRoom = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  useEstablishmentHours: Type.Boolean({ default: true }),
  sharedRessources: Type.Array(BookersSharedResource, { default: [], maxItems: 200 }),
  regularHours: Type.Array(RegularHours, { default: [], maxItems: 50 }),
  specialHours: Type.Array(SpecialHours, { default: [], maxItems: 500 }),
  ...slotFields(true),
  /** not in the spec's list, named by §5: a start earlier today may still be booked (staff entering a walk-in) */
  allowPastStartsToday: Type.Boolean({ default: false }),
  durationPresets: Type.Array(BookingPresetDuration, { default: [], maxItems: 50 }),
  bookerSettings: Type.Array(ReservableRoomBookSettings, { default: [], maxItems: 200 }),
  bookerGroupsQuantity: Type.Array(ReservableRoomBookerGroupQuantity, { default: [], maxItems: 200 }),
  modes: Type.Array(BookingMode, { default: [], maxItems: 50 }),
  /** not in the spec: shown on the public page and the website block */
  publicBooking: Type.Boolean({ default: true }),
}, {
  company: Id(),
  establishment: Type.Optional(Nullable(Id())),
  bookers: Type.Array(Id(), { default: [] }),
  bookersGroups: Type.Array(Id(), { default: [] }),
});
export type ReservableRoom = Static<typeof ReservableRoom>;

export const RoomCreateInput = createInput(ReservableRoom, { required: ['name'] });
export type RoomCreateInput = Static<typeof RoomCreateInput>;
export const RoomUpdateInput = updateInput(ReservableRoom);
export type RoomUpdateInput = Static<typeof RoomUpdateInput>;

export type SlotSettings = { -readonly [K in keyof typeof SLOT_DEFAULTS]: K extends 'reservationMinuteStartsAllowed' ? number[] : (typeof SLOT_DEFAULTS)[K] extends boolean ? boolean : number };

/** A booker (« Adulte », « Enfant », « Groupe scolaire »): what a quantity counts. */
export const ReservableRoomBooker = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
}, {
  company: Id(),
  /** not in the spec's fields: the booker groups (kernel groups of `booking.bookers`) it belongs to */
  groups: Type.Array(Id(), { default: [] }),
});
export type ReservableRoomBooker = Static<typeof ReservableRoomBooker>;
export const BookerCreateInput = createInput(ReservableRoomBooker, { required: ['name'] });
export const BookerUpdateInput = updateInput(ReservableRoomBooker);
