/**
 * What a visitor sees of a company's rooms (unauthenticated, spec 001 §7: only the company
 * header): the rooms open to online booking, with their durations, modes, bookers and prices —
 * never their bookings, people or internal settings.
 */
import { badRequest, notFound, type CallContext } from '@comptoir/sdk';
import type { ReservableRoom, ReservableRoomBooker } from '../../../schemas/index.ts';
import { Bookers, Rooms } from '../../entities.ts';
import { COMPANY_REQUIRED } from '../../messages.ts';
import { BOOKER_DEFAULTS } from '../availability/engine.ts';

export interface PublicRoom {
  _id: string; name: string; description?: string;
  bookingSlotMinimumDuration: number; smallSlotDurationAfterMainSlot: number; maxMainSlots: number; maxExtensionsSlots: number;
  durationPresets: { name: string; description?: string; mainSlots: number; extensionSlots: number }[];
  modes: { uuid: string; name: string; emoji?: string }[];
  bookers: { _id: string; name: string; description?: string; maxElement: number; priceForMainSlot: number; priceForNextSlots: number; priceForExtendedSlots: number }[];
}

export function requireCompany(ctx: CallContext): string {
  if (!ctx.caller.companyId) throw badRequest(COMPANY_REQUIRED, [{ field: 'AT-Company', message: 'obligatoire' }]);
  return ctx.caller.companyId;
}

export async function publicRoom(ctx: CallContext, room: ReservableRoom): Promise<PublicRoom> {
  const bookers = (room.fk.bookers.length ? await ctx.repo(Bookers).findByIds(room.fk.bookers) : await ctx.repo(Bookers).findMany({}, { limit: 50, orderBy: 'name' })) as ReservableRoomBooker[];
  return {
    _id: room._id, name: room.name, description: room.description,
    bookingSlotMinimumDuration: room.bookingSlotMinimumDuration, smallSlotDurationAfterMainSlot: room.smallSlotDurationAfterMainSlot,
    maxMainSlots: room.maxMainSlots, maxExtensionsSlots: room.maxExtensionsSlots,
    durationPresets: room.durationPresets.filter((p) => p.enabled !== false).map(({ name, description, mainSlots, extensionSlots }) => ({ name, description, mainSlots: mainSlots ?? 1, extensionSlots: extensionSlots ?? 0 })),
    modes: room.modes.filter((m) => m.enabled !== false && m.uuid).map((m) => ({ uuid: m.uuid!, name: m.name, emoji: m.emoji })),
    bookers: bookers.map((b) => {
      const s = room.bookerSettings.find((x) => x.fk.booker === b._id);
      return {
        _id: b._id, name: b.name, description: b.description,
        maxElement: s?.maxElement ?? BOOKER_DEFAULTS.maxElement,
        priceForMainSlot: s?.priceForMainSlot ?? BOOKER_DEFAULTS.priceForMainSlot,
        priceForNextSlots: s?.priceForNextSlots ?? BOOKER_DEFAULTS.priceForNextSlots,
        priceForExtendedSlots: s?.priceForExtendedSlots ?? BOOKER_DEFAULTS.priceForExtendedSlots,
      };
    }),
  };
}

/** a room of the header's company open to online booking (404 otherwise, whatever the reason) */
export async function publicRoomRow(ctx: CallContext, id: string): Promise<ReservableRoom> {
  requireCompany(ctx);
  const room = await ctx.repo(Rooms).find(id) as ReservableRoom | null;
  if (!room || !room.publicBooking) throw notFound('Salle introuvable.');
  return room;
}

export async function publicRooms(ctx: CallContext): Promise<{ data: PublicRoom[] }> {
  requireCompany(ctx);
  const rooms = await ctx.repo(Rooms).findMany({ publicBooking: true }, { limit: 100, orderBy: 'name' }) as ReservableRoom[];
  return { data: await Promise.all(rooms.map((r) => publicRoom(ctx, r))) };
}
