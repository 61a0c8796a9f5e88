/**
 * The availability engine of « Réservations » (spec 001 §5 « Booking », README « Rules »), as plain
 * functions over plain data: no database, no clock of its own. The services read the room, its
 * opening intervals and the bookings around, then ask here.
 *
 * - A start is allowed when its minute is one of `reservationMinuteStartsAllowed` (Paris wall clock),
 *   it falls in an open interval, it is not on a past day, and not earlier today unless the room
 *   allows past starts today.
 * - Duration = slots × bookingSlotMinimumDuration + extensions × smallSlotDurationAfterMainSlot;
 *   every instant of it must be open (one merged opening interval holds it whole) and bookable
 *   (no other booking at all when `oneBookingPerSlotOnly`).
 * - Quantities: a booker group's total (peak over the duration, this booking and those sharing the
 *   room) stays within its limit; a booker in no applied group stays within its `maxElement`.
 * - Shared resources: one enabled resource per grouping code, tried by priority, that serves the
 *   bookers asked and has room for the quantity for the whole duration.
 * - Price = Σ per booker (first slot + following slots + extensions) × quantity, exact.
 */
import { Decimal } from 'decimal.js';
import { money } from '@comptoir/sdk/commerce';
import type { BookersSharedResource, QuantityLine, ReservableRoomBookSettings, ReservableRoomBookerGroupQuantity, SlotSettings } from '../../../schemas/index.ts';
import { parisDay } from './paris.ts';

export interface Interval { start: number; end: number }

/** A booking already made, as the engine needs it. */
export interface Held extends Interval {
  _id?: string;
  quantity: QuantityLine[];
  sharedResourcesUUIds: string[];
}

export interface EngineRoom {
  settings: SlotSettings;
  allowPastStartsToday: boolean;
  sharedRessources: BookersSharedResource[];
  bookerSettings: ReservableRoomBookSettings[];
  bookerGroupsQuantity: ReservableRoomBookerGroupQuantity[];
  /** the bookers the room takes (empty: any) */
  bookers: string[];
  /** each booker's groups (kernel groups of `booking.bookers`) */
  bookerGroups: Record<string, string[]>;
}

export interface Ask { slots: number; extensions: number; quantity: QuantityLine[] }

export type Problem = { field: string; message: string };

export const BOOKER_DEFAULTS = { maxElement: 10, priceForMainSlot: 10, priceForNextSlots: 10, priceForExtendedSlots: 5 } as const;

/** minutes */
export function durationOf(settings: SlotSettings, slots: number, extensions: number): number {
  return slots * settings.bookingSlotMinimumDuration + extensions * settings.smallSlotDurationAfterMainSlot;
}

/** The slot settings of a mode: the room's, each overridden by the mode's where it sets one. */
export function effectiveSettings(room: SlotSettings, mode?: Partial<SlotSettings> | null): SlotSettings {
  if (!mode) return room;
  const out = { ...room };
  for (const k of Object.keys(room) as (keyof SlotSettings)[]) {
    if (mode[k] !== undefined && mode[k] !== null) (out as Record<string, unknown>)[k] = mode[k];
  }
  return out;
}

/** Problems of the slots and extensions asked (400 before anything is read). */
export function askProblems(settings: SlotSettings, ask: Pick<Ask, 'slots' | 'extensions'>): Problem[] {
  const out: Problem[] = [];
  if (!Number.isInteger(ask.slots) || ask.slots < 1 || ask.slots > settings.maxMainSlots) {
    out.push({ field: 'slots', message: `entre 1 et ${settings.maxMainSlots} créneau${settings.maxMainSlots > 1 ? 'x' : ''}` });
  }
  if (!Number.isInteger(ask.extensions) || ask.extensions < 0 || ask.extensions > settings.maxExtensionsSlots) {
    out.push({ field: 'extensionSlots', message: `au plus ${settings.maxExtensionsSlots} prolongation${settings.maxExtensionsSlots > 1 ? 's' : ''}` });
  }
  if (ask.extensions > 0 && settings.smallSlotDurationAfterMainSlot === 0) {
    out.push({ field: 'extensionSlots', message: 'cette salle ne propose pas de prolongation' });
  }
  return out;
}

/** Whether [start, end) lies inside one of the (sorted, merged) open intervals. */
export function insideOpen(open: readonly Interval[], start: number, end: number): boolean {
  let lo = 0;
  let hi = open.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const i = open[mid];
    if (i.end <= start) lo = mid + 1;
    else if (i.start > start) hi = mid - 1;
    else return end <= i.end;
  }
  return false;
}

/** The past-start rule: a past day never; earlier today only when allowed (Paris days). */
export function startNotPast(start: number, now: number, allowPastToday: boolean): boolean {
  if (start >= now) return true;
  if (!allowPastToday) return false;
  return parisDay(start) === parisDay(now);
}

/** An allowed start: its Paris minute, open at that instant, not in the past (spec §5, first rule). */
export function startAllowed(settings: SlotSettings, open: readonly Interval[], start: number, now: number, allowPastToday: boolean): boolean {
  if (!settings.reservationMinuteStartsAllowed.includes(parisMinute(start))) return false;
  if (!startNotPast(start, now, allowPastToday)) return false;
  return insideOpen(open, start, start + 1);
}

/**
 * The Paris wall-clock minute of an instant: Europe/Paris is UTC+1 or UTC+2, whole hours, so it is
 * the UTC minute (tested across both DST changes against Intl).
 */
export const parisMinute = (ms: number): number => Math.floor(ms / 60_000) % 60;

const overlaps = (h: Interval, start: number, end: number) => h.start < end && h.end > start;

/**
 * The peak of `weight(h)` over [start, end) among the bookings held (a sweep over their ends);
 * `enough`: the caller only needs to know whether the peak is at most that (the sum answers it then).
 */
export function peak(held: readonly Held[], start: number, end: number, weight: (h: Held) => number, enough = -Infinity): number {
  const points: [number, number][] = [];
  let sum = 0;
  for (const h of held) {
    if (!overlaps(h, start, end)) continue;
    const w = weight(h);
    if (w === 0) continue;
    sum += w;
    points.push([Math.max(h.start, start), w], [h.end, -w]);
  }
  // the peak is at most the sum: when the sum already fits, no sweep is needed (the usual case)
  if (sum <= enough || points.length <= 2) return sum;
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let load = 0;
  let max = 0;
  for (const [, w] of points) {
    load += w;
    if (load > max) max = load;
  }
  return max;
}

const settingsOf = (room: EngineRoom, booker: string) => room.bookerSettings.find((s) => s.fk.booker === booker);

/** the applied group limit a line counts under: its own bookerGroup, else the first of its booker's groups with a limit */
function groupOf(room: EngineRoom, line: QuantityLine): ReservableRoomBookerGroupQuantity | undefined {
  const applied = room.bookerGroupsQuantity.filter((g) => g.ignoreGroupSettings !== true);
  if (line.bookerGroup) return applied.find((g) => g.fk.group === line.bookerGroup);
  const groups = room.bookerGroups[line.booker] ?? [];
  return applied.find((g) => groups.includes(g.fk.group));
}

/** Problems of the bookers asked, before any time is looked at. */
export function quantityShapeProblems(room: EngineRoom, quantity: readonly QuantityLine[]): Problem[] {
  const out: Problem[] = [];
  let total = 0;
  quantity.forEach((line, i) => {
    total += line.quantity;
    if (room.bookers.length > 0 && !room.bookers.includes(line.booker)) out.push({ field: `quantity.${i}.booker`, message: 'cette salle ne prend pas ce type de réservant' });
    if (line.bookerGroup && !room.bookerGroupsQuantity.some((g) => g.fk.group === line.bookerGroup)) out.push({ field: `quantity.${i}.bookerGroup`, message: 'ce groupe n’a pas de quantité sur cette salle' });
  });
  if (total < 1) out.push({ field: 'quantity', message: 'au moins une personne' });
  return out;
}

/** Group and booker limits over [start, end): this ask plus the bookings sharing the room (peak). */
export function quantityProblems(room: EngineRoom, quantity: readonly QuantityLine[], held: readonly Held[], start: number, end: number): Problem[] {
  const out: Problem[] = [];
  const inGroup = (g: ReservableRoomBookerGroupQuantity) => (lines: readonly QuantityLine[]) =>
    lines.reduce((n, l) => n + (groupOf(room, l) === g ? l.quantity : 0), 0);
  for (const g of room.bookerGroupsQuantity) {
    if (g.ignoreGroupSettings === true) continue;
    const count = inGroup(g);
    const asked = count(quantity);
    if (asked === 0) continue;
    const already = peak(held, start, end, (h) => count(h.quantity), (g.quantity ?? 10) - asked);
    if (asked + already > (g.quantity ?? 10)) out.push({ field: 'quantity', message: `le groupe est limité à ${g.quantity ?? 10} (déjà ${already} sur ce créneau, ${asked} demandés)` });
  }
  const bookers = new Set(quantity.filter((l) => !groupOf(room, l)).map((l) => l.booker));
  for (const booker of bookers) {
    const max = settingsOf(room, booker)?.maxElement ?? BOOKER_DEFAULTS.maxElement;
    const count = (lines: readonly QuantityLine[]) => lines.reduce((n, l) => n + (l.booker === booker && !groupOf(room, l) ? l.quantity : 0), 0);
    const asked = count(quantity);
    const already = peak(held, start, end, (h) => count(h.quantity), max - asked);
    if (asked + already > max) out.push({ field: 'quantity', message: `au plus ${max} pour ce type de réservant (déjà ${already} sur ce créneau, ${asked} demandés)` });
  }
  return out;
}

const totalOf = (lines: readonly QuantityLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

/**
 * One resource per grouping code, free for [start, end) with room for the quantity, tried by
 * priority (lowest first, then as listed). Null when a group has none; [] when the room has no
 * enabled resource (none required).
 */
/** the enabled resources by grouping code, each group by priority: made once per room object (freeStarts asks thousands of times) */
const groupsOfRoom = new WeakMap<readonly BookersSharedResource[], [string, BookersSharedResource[]][]>();
function resourceGroups(resources: readonly BookersSharedResource[]): [string, BookersSharedResource[]][] {
  let out = groupsOfRoom.get(resources);
  if (!out) {
    const groups = new Map<string, { r: BookersSharedResource; i: number }[]>();
    resources.forEach((r, i) => {
      if (r.enabled === false || !r.uuid) return;
      const code = r.groupingCode ?? '';
      groups.set(code, [...(groups.get(code) ?? []), { r, i }]);
    });
    out = [...groups.keys()].sort().map((code) => [code, groups.get(code)!.sort((a, b) => (a.r.priority ?? 0) - (b.r.priority ?? 0) || a.i - b.i).map((x) => x.r)]);
    groupsOfRoom.set(resources, out);
  }
  return out;
}

export function resourceCombination(room: EngineRoom, quantity: readonly QuantityLine[], held: readonly Held[], start: number, end: number): string[] | null {
  const groups = resourceGroups(room.sharedRessources);
  if (groups.length === 0) return [];
  const asked = totalOf(quantity);
  const bookers = new Set(quantity.filter((l) => l.quantity > 0).map((l) => l.booker));
  const chosen: string[] = [];
  for (const [, candidates] of groups) {
    const fit = candidates.find((r) => {
      const serves = r.fk?.bookers ?? [];
      if (serves.length > 0 && [...bookers].some((b) => !serves.includes(b))) return false;
      const room_ = (r.maxBookers ?? 10) - asked;
      const load = peak(held, start, end, (h) => (h.sharedResourcesUUIds.includes(r.uuid!) ? totalOf(h.quantity) : 0), room_);
      return load <= room_;
    });
    if (!fit) return null;
    chosen.push(fit.uuid!);
  }
  return chosen;
}

export interface PriceLine { booker: string; quantity: number; main: number; next: number; extension: number; total: number }

/** Σ per line (first slot + following slots + extensions) × quantity, euros incl. taxes, exact. */
export function priceOf(room: Pick<EngineRoom, 'bookerSettings'>, ask: Ask): { total: number; lines: PriceLine[] } {
  let total = new Decimal(0);
  const lines = ask.quantity.filter((l) => l.quantity > 0).map((l) => {
    const s = room.bookerSettings.find((b) => b.fk.booker === l.booker);
    const main = new Decimal(s?.priceForMainSlot ?? BOOKER_DEFAULTS.priceForMainSlot);
    const next = new Decimal(s?.priceForNextSlots ?? BOOKER_DEFAULTS.priceForNextSlots).times(ask.slots - 1);
    const extension = new Decimal(s?.priceForExtendedSlots ?? BOOKER_DEFAULTS.priceForExtendedSlots).times(ask.extensions);
    const line = main.plus(next).plus(extension).times(l.quantity);
    total = total.plus(line);
    return { booker: l.booker, quantity: l.quantity, main: money(main), next: money(next), extension: money(extension), total: money(line) };
  });
  return { total: money(total), lines };
}

/** `conflict`: taken by others (409); otherwise the start itself is not one the room offers (400) */
export type Verdict = { ok: true; end: number; resources: string[] } | { ok: false; reason: string; conflict: boolean };

/** Every rule of §5 for one start; `held` are the other live bookings of the room around it. */
export function checkStart(room: EngineRoom, settings: SlotSettings, open: readonly Interval[], held: readonly Held[], ask: Ask, start: number, now: number): Verdict {
  if (!settings.reservationMinuteStartsAllowed.includes(parisMinute(start))) return { ok: false, reason: 'Ce début n’est pas sur une minute autorisée.', conflict: false };
  if (!startNotPast(start, now, room.allowPastStartsToday)) return { ok: false, reason: 'Ce début est déjà passé.', conflict: false };
  const end = start + durationOf(settings, ask.slots, ask.extensions) * 60_000;
  if (!insideOpen(open, start, end)) return { ok: false, reason: 'La salle n’est pas ouverte pendant toute la durée demandée.', conflict: false };
  if (settings.oneBookingPerSlotOnly && held.some((h) => overlaps(h, start, end))) return { ok: false, reason: 'Ce créneau est déjà réservé.', conflict: true };
  const q = quantityProblems(room, ask.quantity, held, start, end);
  if (q.length) return { ok: false, reason: `Quantité refusée : ${q.map((p) => p.message).join(' ; ')}.`, conflict: true };
  const resources = resourceCombination(room, ask.quantity, held, start, end);
  if (!resources) return { ok: false, reason: 'Aucune combinaison de ressources partagées n’est libre pendant toute la durée.', conflict: true };
  return { ok: true, end, resources };
}

/**
 * Every allowed start in [from, to) for the ask: each hour's allowed minutes inside the open
 * intervals, each checked by `checkStart`. `held` sorted by start.
 */
export function freeStarts(room: EngineRoom, settings: SlotSettings, open: readonly Interval[], held: readonly Held[], ask: Ask, from: number, to: number, now: number): { start: number; end: number; resources: string[] }[] {
  const out: { start: number; end: number; resources: string[] }[] = [];
  const minutes = [...settings.reservationMinuteStartsAllowed].sort((a, b) => a - b);
  const span = durationOf(settings, ask.slots, ask.extensions) * 60_000;
  // Paris differs from UTC by whole hours: a Paris minute is the UTC minute of the same instant
  const HOUR = 3_600_000;
  // the bookings near a start, found by binary search on their starts (sorted) and the longest one
  const sorted = [...held].sort((a, b) => a.start - b.start);
  const longest = sorted.reduce((m, h) => Math.max(m, h.end - h.start), 0);
  const firstFrom = (t: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (sorted[mid].start < t) lo = mid + 1; else hi = mid; }
    return lo;
  };
  for (const i of open) {
    const lo = Math.max(i.start, from);
    const hi = Math.min(i.end - span, to - 1);
    for (let hour = Math.floor(lo / HOUR) * HOUR; hour <= hi; hour += HOUR) {
      for (const m of minutes) {
        const start = hour + m * 60_000;
        if (start < lo || start > hi) continue;
        const near: Held[] = [];
        for (let k = firstFrom(start - longest); k < sorted.length && sorted[k].start < start + span; k++) if (sorted[k].end > start) near.push(sorted[k]);
        const v = checkStart(room, settings, open, near, ask, start, now);
        if (v.ok) out.push({ start, end: v.end, resources: v.resources });
      }
    }
  }
  return out;
}
