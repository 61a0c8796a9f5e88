/**
 * Rooms and bookers (README « Rooms »): each shared resource and mode gets a uuid when it has none
 * (bookings name them), two with one uuid are refused, opening intervals must end after they
 * start; a change of what decides availability checks the room's coming bookings again (§4,
 * bookings/revalidate.ts). A room with bookings, or a booker a room takes, is not deleted (409).
 */
import { randomUUID } from 'node:crypto';
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type { ReservableRoom, RoomCreateInput, RoomUpdateInput } from '../../../schemas/index.ts';
import { Bookers, Bookings, Rooms } from '../../entities.ts';
import { BAD_HOURS, DUPLICATE_UUID } from '../../messages.ts';
import { revalidateRoom, type Invalidated } from '../bookings/revalidate.ts';

type Problem = { field: string; message: string };
type Time = { hours: number; minutes: number } | undefined;
const minutes = (t: Time, fallback: number) => (t ? t.hours * 60 + t.minutes : fallback);

function hoursProblems(input: { regularHours?: { openTimes?: { start?: Time; end?: Time }[] }[]; specialHours?: { startDate: string; endDate: string; hours?: { start?: Time; end?: Time }[] }[] }): Problem[] {
  const out: Problem[] = [];
  const check = (list: { start?: Time; end?: Time }[] | undefined, at: string) => (list ?? []).forEach((t, i) => {
    if (minutes(t.end, 17 * 60) <= minutes(t.start, 9 * 60)) out.push({ field: `${at}.${i}.end`, message: 'la fin doit être après le début, le même jour' });
  });
  (input.regularHours ?? []).forEach((r, i) => check(r.openTimes, `regularHours.${i}.openTimes`));
  (input.specialHours ?? []).forEach((s, i) => {
    if (s.endDate < s.startDate) out.push({ field: `specialHours.${i}.endDate`, message: 'la date de fin précède la date de début' });
    check(s.hours, `specialHours.${i}.hours`);
  });
  return out;
}

function withUuids<T extends { uuid?: string }>(list: T[] | undefined, field: string, problems: Problem[]): T[] | undefined {
  if (!list) return list;
  const seen = new Set<string>();
  return list.map((x, i) => {
    const uuid = x.uuid || randomUUID();
    if (seen.has(uuid)) problems.push({ field: `${field}.${i}.uuid`, message: 'identifiant déjà utilisé' });
    seen.add(uuid);
    return { ...x, uuid };
  });
}

function normalized<T extends RoomCreateInput | RoomUpdateInput>(input: T): T {
  const problems: Problem[] = [];
  const out = { ...input } as T;
  if (input.sharedRessources) out.sharedRessources = withUuids(input.sharedRessources, 'sharedRessources', problems) as T['sharedRessources'];
  if (input.modes) out.modes = withUuids(input.modes, 'modes', problems) as T['modes'];
  if (problems.length) throw badRequest(DUPLICATE_UUID, problems);
  const hours = hoursProblems(input as Parameters<typeof hoursProblems>[0]);
  if (hours.length) throw badRequest(BAD_HOURS, hours);
  return out;
}

/** the fields whose change may make a coming booking impossible (§4) */
const DECIDING = [
  'useEstablishmentHours', 'regularHours', 'specialHours', 'sharedRessources', 'reservationMinuteStartsAllowed', 'bookingSlotMinimumDuration',
  'maxMainSlots', 'maxExtensionsSlots', 'smallSlotDurationAfterMainSlot', 'oneBookingPerSlotOnly', 'bookerSettings', 'bookerGroupsQuantity', 'modes', 'fk',
];

export function roomsService(ctx: CallContext) {
  const repo = () => ctx.repo(Rooms);
  return {
    create: (input: RoomCreateInput): Promise<ReservableRoom> => repo().create(normalized(input)) as Promise<ReservableRoom>,

    async update(id: string, input: RoomUpdateInput): Promise<ReservableRoom & { invalidated?: Invalidated[] }> {
      const existing = await repo().getForUpdate(id) as ReservableRoom;
      const body = normalized(input);
      if (body.fk) (body as Record<string, unknown>).fk = { ...existing.fk, ...body.fk };
      const room = await repo().update(id, body as Record<string, unknown>) as ReservableRoom;
      const invalidated = DECIDING.some((k) => k in input) ? await revalidateRoom(ctx, id) : [];
      return invalidated.length ? { ...room, invalidated } : room;
    },

    async remove(id: string): Promise<void> {
      await repo().getForUpdate(id);
      if (await ctx.repo(Bookings).count({ 'fk.room': id }) > 0) throw conflict('Cette salle a des réservations : elle ne peut pas être supprimée.');
      await repo().remove(id);
    },

    /** §4 on request (the room's screen « Revérifier les réservations ») */
    revalidate: (id: string): Promise<Invalidated[]> => revalidateRoom(ctx, id),
  };
}
export type RoomsService = ReturnType<typeof roomsService>;

export function bookersService(ctx: CallContext) {
  return {
    async remove(id: string): Promise<void> {
      await ctx.repo(Bookers).getForUpdate(id);
      const rooms = await ctx.repo(Rooms).findReferencing('fk.bookers', id, { limit: 1 });
      if (rooms.length) throw conflict(`Ce type de réservant est utilisé par la salle « ${rooms[0].name} » : retirez-le d’abord.`);
      await ctx.repo(Bookers).remove(id);
    },
  };
}
export type BookersService = ReturnType<typeof bookersService>;

/** §4 when an establishment's hours change: every room following them (subscription of server/index.ts) */
export async function revalidateEstablishmentRooms(ctx: CallContext, establishmentId: string): Promise<void> {
  for (const room of await ctx.repo(Rooms).findMany({ 'fk.establishment': establishmentId, useEstablishmentHours: true })) {
    await revalidateRoom(ctx, room._id);
  }
}
