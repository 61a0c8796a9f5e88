/**
 * Free starts of a room for a duration and quantities (`GET rooms/:id/availability`, and its
 * public twin): the query checked (French 400 naming the parameter), then the engine.
 */
import { badRequest, type CallContext } from '@comptoir/sdk';
import type { AvailabilityAnswer, AvailabilityQuery, QuantityLine, ReservableRoom } from '../../../schemas/index.ts';
import { Rooms } from '../../entities.ts';
import { BAD_PERIOD, BAD_QUANTITY, BAD_SLOTS } from '../../messages.ts';
import { askProblems, freeStarts, priceOf, quantityShapeProblems, durationOf, type Ask } from './engine.ts';
import { DAY, HELD_FIELDS, engineRoom, heldOf, liveBookings, openIntervals, settingsFor } from './load.ts';

const MAX_DAYS = 62;
/** without `to`: the coming week */
const DEFAULT_DAYS = 7;
const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

function instantOf(text: string, field: string): number {
  const ms = ISO.test(text) ? Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text) : NaN;
  if (Number.isNaN(ms)) throw badRequest(BAD_PERIOD, [{ field, message: 'date ISO 8601 attendue (ex. 2026-12-01T09:00:00+01:00)' }]);
  return ms;
}

/** `quantity` of the query: a JSON list of { booker, bookerGroup?, quantity } */
function quantityOf(text: string | undefined): QuantityLine[] {
  if (text === undefined || text === '') return [];
  let value: unknown;
  try { value = JSON.parse(text); } catch { value = null; }
  const ok = Array.isArray(value) && value.length <= 50 && value.every((l) => l && typeof l === 'object'
    && typeof l.booker === 'string' && /^[0-9a-f]{24}$/.test(l.booker)
    && (l.bookerGroup === undefined || l.bookerGroup === null || (typeof l.bookerGroup === 'string' && /^[0-9a-f]{24}$/.test(l.bookerGroup)))
    && Number.isInteger(l.quantity) && l.quantity >= 0 && l.quantity <= 100000
    && Object.keys(l).every((k) => ['booker', 'bookerGroup', 'quantity'].includes(k)));
  if (!ok) throw badRequest(BAD_QUANTITY, [{ field: 'quantity', message: 'liste JSON de { booker, bookerGroup?, quantity } attendue' }]);
  return value as QuantityLine[];
}

export async function availabilityOf(ctx: CallContext, room: ReservableRoom, query: AvailabilityQuery): Promise<AvailabilityAnswer> {
  const from = query.from === undefined ? ctx.now.getTime() : instantOf(query.from, 'from');
  const to = query.to === undefined ? from + DEFAULT_DAYS * DAY : instantOf(query.to, 'to');
  if (to <= from || to - from > MAX_DAYS * DAY) throw badRequest(BAD_PERIOD, [{ field: 'to', message: `après « from », ${MAX_DAYS} jours au plus` }]);
  const settings = settingsFor(room, query.mode || null, 'mode');
  const ask: Ask = { slots: Number(query.slots ?? 1), extensions: Number(query.extensions ?? 0), quantity: quantityOf(query.quantity) };
  const slotProblems = askProblems(settings, ask).map((p) => (p.field === 'extensionSlots' ? { ...p, field: 'extensions' } : p));
  if (slotProblems.length) throw badRequest(BAD_SLOTS, slotProblems);
  const engine = await engineRoom(ctx, room);
  // an availability without quantities is about time only: the people are asked when booking
  const shape = ask.quantity.length ? quantityShapeProblems(engine, ask.quantity) : [];
  if (shape.length) throw badRequest(BAD_QUANTITY, shape);
  const span = durationOf(settings, ask.slots, ask.extensions) * 60_000;
  const open = await openIntervals(ctx, room, from, to + span);
  const held = (await liveBookings(ctx, room._id, from, to + span, HELD_FIELDS)).map(heldOf);
  const price = priceOf(engine, ask).total;
  const starts = freeStarts(engine, settings, open, held, ask, from, to, ctx.now.getTime());
  return {
    duration: span / 60_000,
    price,
    starts: starts.map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString(), price, sharedResourcesUUIds: s.resources })),
  };
}

export function availabilityService(ctx: CallContext) {
  return {
    async ofRoom(id: string, query: AvailabilityQuery): Promise<AvailabilityAnswer> {
      return availabilityOf(ctx, await ctx.repo(Rooms).get(id) as ReservableRoom, query);
    },
  };
}
export type AvailabilityService = ReturnType<typeof availabilityService>;
