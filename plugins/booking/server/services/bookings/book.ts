/**
 * Booking a room, race-free (README « Concurrency »): the room's row is read locked first
 * (`getForUpdate`: SELECT … FOR UPDATE on MariaDB; SQLite has one writer at a time), then the live
 * bookings around the start are read and every rule of §5 checked again inside the transaction,
 * then the booking is written. Two requests for the last slot or the last shared resource queue
 * on the room's row: the second sees the first's booking and gets a 409.
 */
import { randomBytes } from 'node:crypto';
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type { BookingCreateInput, BookingUpdateInput, QuantityLine, ReservableRoom, ReservableRoomBooking } from '../../../schemas/index.ts';
import { Bookings, Rooms } from '../../entities.ts';
import { BOOKED, CANCELLED } from '../../events.ts';
import { ALREADY_CANCELLED, BAD_QUANTITY, BAD_SLOTS, NOT_AVAILABLE, NOT_LIVE, NOT_PUBLIC, UNKNOWN_CANCEL_KEY } from '../../messages.ts';
import { askProblems, checkStart, durationOf, priceOf, quantityShapeProblems, type Ask } from '../availability/engine.ts';
import { HELD_FIELDS, engineRoom, heldOf, liveBookings, openIntervals, settingsFor } from '../availability/load.ts';
import { parisTime } from '../availability/paris.ts';
import { sendCancellation, sendConfirmation } from './mail.ts';

export interface Placement {
  startDate: string; endDate: string; startTime: { hours: number; minutes: number };
  sharedResourcesUUIds: string[]; price: number;
  fk: { bookers: string[]; bookersGroups: string[] };
}

/** Checks every rule for `ask` at `startDate` on the locked room, `except` the booking being moved. */
export async function place(ctx: CallContext, room: ReservableRoom, ask: Ask & { modeUUID?: string | null; startDate: string }, except?: string): Promise<Placement> {
  const settings = settingsFor(room, ask.modeUUID);
  const slotProblems = askProblems(settings, ask);
  if (slotProblems.length) throw badRequest(BAD_SLOTS, slotProblems);
  const engine = await engineRoom(ctx, room);
  const shape = quantityShapeProblems(engine, ask.quantity);
  if (shape.length) throw badRequest(BAD_QUANTITY, shape);
  const start = Date.parse(ask.startDate);
  const end = start + durationOf(settings, ask.slots, ask.extensions) * 60_000;
  const open = await openIntervals(ctx, room, start, end);
  const held = (await liveBookings(ctx, room._id, start, end, HELD_FIELDS)).filter((b) => b._id !== except).map(heldOf);
  const verdict = checkStart(engine, settings, open, held, ask, start, ctx.now.getTime());
  if (!verdict.ok) {
    const details = [{ field: 'startDate', message: verdict.reason }];
    throw verdict.conflict ? conflict(`${NOT_AVAILABLE} ${verdict.reason}`, details) : badRequest(verdict.reason, details);
  }
  const lines = ask.quantity.filter((l) => l.quantity > 0);
  return {
    startDate: new Date(start).toISOString(),
    endDate: new Date(verdict.end).toISOString(),
    startTime: parisTime(start),
    sharedResourcesUUIds: verdict.resources,
    price: priceOf(engine, ask).total,
    fk: {
      bookers: [...new Set(lines.map((l) => l.booker))],
      bookersGroups: [...new Set(lines.flatMap((l) => (l.bookerGroup ? [l.bookerGroup] : [])))],
    },
  };
}

const newKey = () => randomBytes(24).toString('base64url');

export interface BookOptions { origin?: 'web' | 'back-office' | 'phone'; publicOnly?: boolean; linkBase?: string | null }

export function bookingsService(ctx: CallContext) {
  const repo = () => ctx.repo(Bookings);
  const live = async (id: string) => {
    const b = await repo().getForUpdate(id) as ReservableRoomBooking;
    if (b.status !== 'confirmed') throw conflict(NOT_LIVE);
    return b;
  };
  return {
    async create(input: BookingCreateInput, options: BookOptions = {}): Promise<ReservableRoomBooking> {
      const room = await ctx.repo(Rooms).getForUpdate(input.fk.room) as ReservableRoom;
      if (options.publicOnly && !room.publicBooking) throw badRequest(NOT_PUBLIC, [{ field: 'room', message: 'réservation en ligne fermée' }]);
      const ask = { startDate: input.startDate, slots: input.slots, extensions: input.extensionSlots ?? 0, quantity: input.quantity as QuantityLine[], modeUUID: input.modeUUID };
      const placed = await place(ctx, room, ask);
      const cancelKey = newKey();
      const booking = await repo().create({
        name: input.name, comment: input.comment, email: input.email, tel: input.tel,
        origin: input.origin ?? options.origin ?? 'back-office', express: input.express ?? false,
        slots: input.slots, extensionSlots: ask.extensions, quantity: input.quantity, modeUUID: input.modeUUID ?? null,
        roomInfo: { name: room.name }, cancelKey,
        ...placed,
        fk: { ...placed.fk, room: room._id, customer: input.fk.customer ?? null },
      }) as ReservableRoomBooking;
      ctx.emit(BOOKED, { _id: booking._id, room: room._id, startDate: booking.startDate });
      await sendConfirmation(ctx, booking, cancelKey, options.linkBase ?? null);
      return booking;
    },

    /** moves or changes a live booking: every rule checked again without it (a drag on the calendar) */
    async update(id: string, input: BookingUpdateInput): Promise<ReservableRoomBooking> {
      const current = await repo().get(id) as ReservableRoomBooking;
      // the room first, then the booking: the order every writer of this room takes
      const room = await ctx.repo(Rooms).getForUpdate(current.fk.room) as ReservableRoom;
      const b = await live(id);
      const moves = ['startDate', 'slots', 'extensionSlots', 'quantity', 'modeUUID'].some((k) => (input as Record<string, unknown>)[k] !== undefined);
      const placed = moves ? await place(ctx, room, {
        startDate: input.startDate ?? b.startDate, slots: input.slots ?? b.slots, extensions: input.extensionSlots ?? b.extensionSlots,
        quantity: (input.quantity ?? b.quantity) as QuantityLine[], modeUUID: input.modeUUID !== undefined ? input.modeUUID : b.modeUUID,
      }, b._id) : null;
      const { fk, ...rest } = input;
      return repo().update(id, {
        ...rest,
        ...(placed ? { ...placed, fk: { ...b.fk, ...placed.fk, ...(fk ?? {}) } } : fk ? { fk: { ...b.fk, ...fk } } : {}),
      }) as Promise<ReservableRoomBooking>;
    },

    async cancel(id: string, reason = 'Annulée par l’entreprise.'): Promise<ReservableRoomBooking> {
      const b = await repo().getForUpdate(id) as ReservableRoomBooking;
      if (b.status === 'cancelled') throw conflict(ALREADY_CANCELLED);
      const out = await repo().update(id, { status: 'cancelled', cancelledAt: ctx.now.toISOString() }) as ReservableRoomBooking;
      ctx.emit(CANCELLED, { _id: id, room: b.fk.room });
      await sendCancellation(ctx, out, reason);
      return out;
    },

    /** the visitor's link: the key names one booking of the company; used once */
    async cancelByKey(key: string): Promise<{ _id: string; status: string; startDate: string; roomInfo: { name: string } }> {
      const found = await repo().findOneRaw({ cancelKey: key }) as ReservableRoomBooking | null;
      if (!found) throw badRequest(UNKNOWN_CANCEL_KEY, [{ field: 'key', message: 'inconnu' }]);
      const b = await repo().getForUpdate(found._id) as ReservableRoomBooking;
      if (b.status === 'cancelled') throw conflict(ALREADY_CANCELLED);
      const out = await repo().update(b._id, { status: 'cancelled', cancelledAt: ctx.now.toISOString() }) as ReservableRoomBooking;
      ctx.emit(CANCELLED, { _id: b._id, room: b.fk.room, byVisitor: true });
      await sendCancellation(ctx, out, 'Annulée à votre demande.');
      return { _id: out._id, status: out.status, startDate: out.startDate, roomInfo: out.roomInfo };
    },
  };
}
export type BookingsService = ReturnType<typeof bookingsService>;
