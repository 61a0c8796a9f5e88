/**
 * A booking → a draft invoice or a quotation, through « Facturation »'s services (README
 * « Invoicing »): one line per booker and kind of slot — first slot, following slots, extensions —
 * priced incl. taxes as the booking was, named after the catalogue item of the booker's settings
 * when there is one (its label, reference and VAT rate), else « Réservation <salle> — … » at 20 %.
 * The booking is locked first, refused (409) when it already has one, and holds the document's id.
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import type { LineItemInput } from '@comptoir/schemas';
import type { InvoiceFromBookingInput, ReservableRoom, ReservableRoomBooking } from '../../../schemas/index.ts';
import { Bookers, Bookings, Rooms } from '../../entities.ts';
import { ALREADY_INVOICED, ALREADY_QUOTED } from '../../messages.ts';
import { BOOKER_DEFAULTS, priceOf } from '../availability/engine.ts';
import { catalogue, invoiceDrafts, quotations } from '../deps.ts';

const DEFAULT_VAT = 20;
const dayText = (iso: string) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

export async function bookingLines(ctx: CallContext, booking: ReservableRoomBooking, room: ReservableRoom): Promise<LineItemInput[]> {
  const price = priceOf(room, { slots: booking.slots, extensions: booking.extensionSlots, quantity: booking.quantity });
  const bookers = new Map((await ctx.repo(Bookers).findByIds(price.lines.map((l) => l.booker))).map((b) => [b._id, b.name]));
  const itemIds = room.bookerSettings.flatMap((s) => [s.fk.mainSlotItem, s.fk.nextSlotsItem, s.fk.extensioSlotItem]).filter((x): x is string => !!x);
  const items = new Map((itemIds.length ? await catalogue(ctx).findByIds([...new Set(itemIds)]) : []).map((i) => [i._id, i]));
  const lines: LineItemInput[] = [];
  const when = `${booking.roomInfo.name} — ${dayText(booking.startDate)}`;
  for (const l of price.lines) {
    const settings = room.bookerSettings.find((s) => s.fk.booker === l.booker);
    const who = bookers.get(l.booker) ?? 'Réservant';
    const parts: [number, number, string | null | undefined, string][] = [
      [settings?.priceForMainSlot ?? BOOKER_DEFAULTS.priceForMainSlot, l.quantity, settings?.fk.mainSlotItem, `Réservation ${when} — ${who}, premier créneau`],
      [settings?.priceForNextSlots ?? BOOKER_DEFAULTS.priceForNextSlots, l.quantity * (booking.slots - 1), settings?.fk.nextSlotsItem, `Réservation ${when} — ${who}, créneaux suivants`],
      [settings?.priceForExtendedSlots ?? BOOKER_DEFAULTS.priceForExtendedSlots, l.quantity * booking.extensionSlots, settings?.fk.extensioSlotItem, `Réservation ${when} — ${who}, prolongations`],
    ];
    for (const [unit, quantity, itemId, label] of parts) {
      if (quantity <= 0) continue;
      const item = itemId ? items.get(itemId) : undefined;
      lines.push({
        type: 'service',
        labelPrimary: (item?.name ?? label).slice(0, 255),
        ...(item ? { labelSecondary: label, itemId: item._id } : {}),
        quantity,
        inclTaxesPrice: unit,
        vat: typeof item?.vat === 'number' ? item.vat : DEFAULT_VAT,
      });
    }
  }
  return lines;
}

export function bookingInvoicingService(ctx: CallContext) {
  const read = async (id: string) => {
    const booking = await ctx.repo(Bookings).getForUpdate(id) as ReservableRoomBooking;
    const room = await ctx.repo(Rooms).get(booking.fk.room) as ReservableRoom;
    return { booking, room };
  };
  return {
    async invoice(id: string, input: InvoiceFromBookingInput = {}): Promise<ReservableRoomBooking> {
      const { booking, room } = await read(id);
      if (booking.fk.invoice) throw conflict(ALREADY_INVOICED);
      const customer = input.customer ?? booking.fk.customer ?? null;
      const invoice = await invoiceDrafts(ctx).create({ items: await bookingLines(ctx, booking, room), ...(customer ? { fk: { receiverCustomer: customer } } : {}) });
      return await ctx.repo(Bookings).update(id, { fk: { ...booking.fk, invoice: invoice._id, customer } }) as ReservableRoomBooking;
    },
    async quotation(id: string, input: InvoiceFromBookingInput = {}): Promise<ReservableRoomBooking> {
      const { booking, room } = await read(id);
      if (booking.fk.quotation) throw conflict(ALREADY_QUOTED);
      const customer = input.customer ?? booking.fk.customer ?? null;
      const quotation = await quotations(ctx).create({ items: await bookingLines(ctx, booking, room), ...(customer ? { fk: { receiverCustomer: customer } } : {}) });
      return await ctx.repo(Bookings).update(id, { fk: { ...booking.fk, quotation: quotation._id, customer } }) as ReservableRoomBooking;
    },
  };
}
export type BookingInvoicingService = ReturnType<typeof bookingInvoicingService>;
