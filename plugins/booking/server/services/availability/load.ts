/**
 * What the engine needs of a room, read for one request: its opening intervals (its
 * establishment's or its own hours, through `kernel.establishments`), its bookers' groups, and the
 * live bookings around a period.
 */
import { badRequest, readAllPages, type CallContext } from '@comptoir/sdk';
import type { ReservableRoom, ReservableRoomBooker, ReservableRoomBooking, SlotSettings } from '../../../schemas/index.ts';
import { Bookers, Bookings } from '../../entities.ts';
import { NO_HOURS, UNKNOWN_MODE } from '../../messages.ts';
import { establishments } from '../deps.ts';
import { effectiveSettings, type EngineRoom, type Held, type Interval } from './engine.ts';

export const DAY = 86_400_000;

export async function openIntervals(ctx: CallContext, room: ReservableRoom, from: number, to: number): Promise<Interval[]> {
  const hours = room.useEstablishmentHours
    ? await (async () => {
      if (!room.fk.establishment) throw badRequest(NO_HOURS, [{ field: 'fk.establishment', message: 'obligatoire avec les horaires de l’établissement' }]);
      return establishments(ctx).openingIntervals(room.fk.establishment, new Date(from), new Date(to));
    })()
    : establishments(ctx).openingIntervalsOf(room, new Date(from), new Date(to));
  return hours.map((i) => ({ start: Date.parse(i.start), end: Date.parse(i.end) }));
}

export function roomSettings(room: ReservableRoom): SlotSettings {
  return {
    calendarIntervalToShowInMinutes: room.calendarIntervalToShowInMinutes,
    reservationMinuteStartsAllowed: room.reservationMinuteStartsAllowed,
    bookingSlotMinimumDuration: room.bookingSlotMinimumDuration,
    maxMainSlots: room.maxMainSlots,
    maxExtensionsSlots: room.maxExtensionsSlots,
    smallSlotDurationAfterMainSlot: room.smallSlotDurationAfterMainSlot,
    oneBookingPerSlotOnly: room.oneBookingPerSlotOnly,
  };
}

/** the room's settings under a mode (400 for a mode the room does not have, or a disabled one) */
export function settingsFor(room: ReservableRoom, modeUUID: string | null | undefined, field = 'modeUUID'): SlotSettings {
  if (!modeUUID) return roomSettings(room);
  const mode = room.modes.find((m) => m.uuid === modeUUID && m.enabled !== false);
  if (!mode) throw badRequest(UNKNOWN_MODE, [{ field, message: 'mode inconnu ou désactivé' }]);
  return effectiveSettings(roomSettings(room), mode);
}

export async function engineRoom(ctx: CallContext, room: ReservableRoom): Promise<EngineRoom> {
  const bookers = room.fk.bookers.length ? await ctx.repo(Bookers).findByIds(room.fk.bookers) as ReservableRoomBooker[] : [];
  return {
    settings: roomSettings(room),
    allowPastStartsToday: room.allowPastStartsToday,
    sharedRessources: room.sharedRessources,
    bookerSettings: room.bookerSettings,
    bookerGroupsQuantity: room.bookerGroupsQuantity,
    bookers: room.fk.bookers,
    bookerGroups: Object.fromEntries(bookers.map((b) => [b._id, b.fk.groups ?? []])),
  };
}

/** what the engine reads of a booking (`fields`: the rest of each row is neither read nor decoded) */
export const HELD_FIELDS = ['startDate', 'endDate', 'quantity', 'sharedResourcesUUIds'];

/** the room's confirmed bookings overlapping [from, to), sorted by start; `fields`: only those (and `_id`) */
export async function liveBookings(ctx: CallContext, roomId: string, from: number, to: number, fields?: string[]): Promise<ReservableRoomBooking[]> {
  return readAllPages(ctx.repo(Bookings), {
    'fk.room': { mode: 'eq', value: roomId, valueIsObjectId: true },
    status: { mode: 'eq', value: 'confirmed' },
    startDate: { mode: 'lt', valueIsDate: true, endDate: new Date(to).toISOString() },
    endDate: { mode: 'gt', valueIsDate: true, startDate: new Date(from).toISOString() },
  }, 'startDate', fields) as Promise<ReservableRoomBooking[]>;
}

export const heldOf = (b: ReservableRoomBooking): Held => ({
  _id: b._id, start: Date.parse(b.startDate), end: Date.parse(b.endDate), quantity: b.quantity, sharedResourcesUUIds: b.sharedResourcesUUIds,
});
