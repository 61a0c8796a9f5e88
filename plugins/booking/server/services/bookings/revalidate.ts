/**
 * Spec 001 §4: « a booking stays valid only while its start is still startable and its resource
 * combination remains available ». After a change of a room (hours, settings, resources, limits)
 * or of its establishment's hours, the room's coming bookings are checked again, oldest booking
 * first (an earlier booking keeps its place against a later one), under the room's lock. Those
 * that fail become `invalid` with the reason, and the company is told (one notification).
 * A booking already begun is kept as it is.
 */
import type { CallContext } from '@comptoir/sdk';
import type { ReservableRoom, ReservableRoomBooking } from '../../../schemas/index.ts';
import { Bookings, Rooms } from '../../entities.ts';
import { INVALIDATED, NOTICE_INVALID } from '../../events.ts';
import { checkStart, type Held } from '../availability/engine.ts';
import { engineRoom, heldOf, liveBookings, openIntervals, settingsFor } from '../availability/load.ts';
import { notifier } from '../deps.ts';

/** a year ahead: what a room's bookings reach in practice, and the longest span of opening hours */
const HORIZON = 366 * 86_400_000;

export interface Invalidated { _id: string; name: string; startDate: string; reason: string }

export async function revalidateRoom(ctx: CallContext, roomId: string): Promise<Invalidated[]> {
  const room = await ctx.repo(Rooms).getForUpdate(roomId) as ReservableRoom;
  const now = ctx.now.getTime();
  const bookings = await liveBookings(ctx, roomId, now, now + HORIZON);
  if (bookings.length === 0) return [];
  const engine = await engineRoom(ctx, room);
  const lastEnd = Math.max(...bookings.map((b) => Date.parse(b.endDate)));
  let open: { start: number; end: number }[] = [];
  let hoursProblem: string | null = null;
  try {
    open = await openIntervals(ctx, room, now, Math.max(lastEnd, now + 1));
  } catch (e) {
    hoursProblem = e instanceof Error ? e.message : 'Horaires introuvables.';
  }
  const kept: Held[] = [];
  const out: Invalidated[] = [];
  for (const b of [...bookings].sort((x, y) => (x._id < y._id ? -1 : 1))) {
    const start = Date.parse(b.startDate);
    if (start < now) { kept.push(heldOf(b)); continue; }
    let reason: string | null = hoursProblem;
    if (!reason) {
      try {
        const settings = settingsFor(room, b.modeUUID);
        const near = kept.filter((h) => h.start < Date.parse(b.endDate) && h.end > start);
        const v = checkStart(engine, settings, open, near, { slots: b.slots, extensions: b.extensionSlots, quantity: b.quantity }, start, now);
        if (!v.ok) reason = v.reason;
        else if (v.end !== Date.parse(b.endDate)) reason = 'Sa durée ne correspond plus aux créneaux de la salle.';
        else if (!sameSet(v.resources, b.sharedResourcesUUIds) && !stillEnabled(engine.sharedRessources, b.sharedResourcesUUIds)) {
          // its resources were removed or disabled, another free combination takes their place
          await ctx.repo(Bookings).update(b._id, { sharedResourcesUUIds: v.resources });
          b.sharedResourcesUUIds = v.resources;
        }
      } catch (e) {
        reason = e instanceof Error ? e.message : String(e);
      }
    }
    if (reason) {
      await ctx.repo(Bookings).update(b._id, { status: 'invalid', invalidReason: reason });
      ctx.emit(INVALIDATED, { _id: b._id, room: roomId, reason });
      out.push({ _id: b._id, name: b.name, startDate: b.startDate, reason });
    } else kept.push(heldOf(b));
  }
  if (out.length) {
    const list = out.slice(0, 5).map((i) => `${i.name || 'Sans nom'} (${new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' }).format(new Date(i.startDate))}) : ${i.reason}`).join(' ; ');
    await notifier(ctx).notify('company', {
      kind: NOTICE_INVALID,
      title: out.length === 1 ? 'Une réservation n’est plus valable' : `${out.length} réservations ne sont plus valables`,
      content: `Salle « ${room.name} » : ${list}${out.length > 5 ? ' ; …' : ''}`,
      style: 'warning',
      // kept in the notification centre: someone has to call these people
      liveOnly: false,
    });
  }
  return out;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
/** the combination it holds is still made of enabled resources of the room */
const stillEnabled = (resources: { uuid?: string; enabled?: boolean }[], held: string[]) => held.every((u) => resources.some((r) => r.uuid === u && r.enabled !== false));

export type { ReservableRoomBooking };
