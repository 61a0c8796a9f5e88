/**
 * Rooms, bookers and bookings through the API on a throwaway database: defaults of §9, free starts,
 * booking, moving, cancelling, the price, a quotation and an invoice made by « Facturation ».
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { ReservableRoom } from '../schemas/index.ts';
import { API, availability, book, booked, bootKernel, clock, createBooker, createRoom, ok, rowCounts } from './support.ts';

describe('booking : salles et réservations', function () {
  this.timeout(180_000);
  let k: TestKernel;
  let adult: string;
  let child: string;

  before(async () => {
    clock.at = '2026-11-30T07:00:00.000Z'; // Monday 08:00 in Paris
    k = await bootKernel();
    adult = (await createBooker(k.http, 'Adulte'))._id;
    child = (await createBooker(k.http, 'Enfant'))._id;
  });
  after(async () => { await k?.stop(); });

  it('crée une salle avec les valeurs par défaut du §9', async () => {
    const room = await ok<ReservableRoom>(k.http.post(`${API}/rooms`, { name: 'Studio A', sharedRessources: [{ name: 'Piano' }], modes: [{ name: 'Cours' }], bookerSettings: [{ fk: { booker: adult } }], bookerGroupsQuantity: [] }), 201);
    expect(room).to.include({
      useEstablishmentHours: true, calendarIntervalToShowInMinutes: 5, bookingSlotMinimumDuration: 60, maxMainSlots: 5, maxExtensionsSlots: 1,
      smallSlotDurationAfterMainSlot: 0, oneBookingPerSlotOnly: true, allowPastStartsToday: false, publicBooking: true,
    });
    expect(room.reservationMinuteStartsAllowed).to.deep.equal([0, 15, 30, 45]);
    expect(room.sharedRessources[0]).to.include({ name: 'Piano', enabled: true, maxBookers: 10, priority: 0 });
    expect(room.sharedRessources[0].uuid).to.be.a('string').with.length.above(10);
    expect(room.modes[0]).to.include({ name: 'Cours', enabled: true });
    expect(room.modes[0].uuid).to.be.a('string');
    expect(room.bookerSettings[0]).to.include({ maxElement: 10, priceForMainSlot: 10, priceForNextSlots: 10, priceForExtendedSlots: 5 });
  });

  it('montre les débuts libres, réserve au bon prix, puis le créneau pris disparaît (409 pour un second)', async () => {
    const room = await createRoom(k.http, {
      smallSlotDurationAfterMainSlot: 30,
      bookerSettings: [{ fk: { booker: adult }, priceForMainSlot: 12.5, priceForNextSlots: 10.1, priceForExtendedSlots: 4.35 }, { fk: { booker: child } }],
    });
    const free = await ok(availability(k.http, room._id, { from: '2026-12-01T00:00:00+01:00', to: '2026-12-02T00:00:00+01:00', slots: '2', extensions: '1', quantity: [{ booker: adult, quantity: 3 }, { booker: child, quantity: 2 }] }));
    expect(free.duration).to.equal(150);
    // (12.50 + 10.10 + 4.35) × 3 + (10 + 10 + 5) × 2 = 80.85 + 50
    expect(free.price).to.equal(130.85);
    // 09:00 to 15:30 Paris by quarters: the last start ends at 18:00
    expect(free.starts[0].start).to.equal('2026-12-01T08:00:00.000Z');
    expect(free.starts.at(-1).start).to.equal('2026-12-01T14:30:00.000Z');
    expect(free.starts).to.have.length(27);

    const b = await booked(k.http, room._id, adult, '2026-12-01T09:00:00.000Z', { slots: 2, extensionSlots: 1, quantity: [{ booker: adult, quantity: 3 }, { booker: child, quantity: 2 }] });
    expect(b).to.include({ startDate: '2026-12-01T09:00:00.000Z', endDate: '2026-12-01T11:30:00.000Z', price: 130.85, status: 'confirmed', origin: 'back-office' });
    expect(b.startTime).to.deep.equal({ hours: 10, minutes: 0 });
    expect(b.roomInfo).to.deep.equal({ name: 'Salle Molière' });
    expect(b).to.not.have.property('cancelKey');
    expect(b.fk.bookers).to.have.members([adult, child]);

    const after = await ok(availability(k.http, room._id, { from: '2026-12-01T00:00:00+01:00', to: '2026-12-02T00:00:00+01:00' }));
    const starts = after.starts.map((s: { start: string }) => s.start);
    expect(starts).to.not.include('2026-12-01T09:00:00.000Z');
    expect(starts).to.not.include('2026-12-01T08:15:00.000Z'); // would end at 09:15, inside the booking
    expect(starts).to.include('2026-12-01T08:00:00.000Z');
    expect(starts).to.include('2026-12-01T11:30:00.000Z');

    const second = await book(k.http, room._id, adult, '2026-12-01T10:00:00.000Z');
    expect(second.status).to.equal(409);
    expect(second.body.code).to.equal('CONFLICT');
    expect(second.body.message).to.equal('Ce créneau n’est plus disponible. Ce créneau est déjà réservé.');
  });

  it('refuse un début hors des minutes permises, passé ou hors des horaires (400) sans rien écrire', async () => {
    const room = await createRoom(k.http);
    const before = await rowCounts(k);
    const minute = await book(k.http, room._id, adult, '2026-12-01T09:10:00.000Z');
    expect(minute.status).to.equal(400);
    expect(minute.body.message).to.equal('Ce début n’est pas sur une minute autorisée.');
    const past = await book(k.http, room._id, adult, '2026-11-30T06:00:00.000Z');
    expect(past.status).to.equal(400);
    expect(past.body.message).to.equal('Ce début est déjà passé.');
    const closed = await book(k.http, room._id, adult, '2026-12-01T16:30:00.000Z');
    expect(closed.status).to.equal(400);
    expect(closed.body.message).to.equal('La salle n’est pas ouverte pendant toute la durée demandée.');
    const tooLong = await book(k.http, room._id, adult, '2026-12-01T09:00:00.000Z', { slots: 6 });
    expect(tooLong.status).to.equal(400);
    expect(tooLong.body.details[0]).to.deep.include({ field: 'slots' });
    const noExtension = await book(k.http, room._id, adult, '2026-12-01T09:00:00.000Z', { extensionSlots: 1 });
    expect(noExtension.status).to.equal(400);
    expect(await rowCounts(k)).to.deep.equal(before);
  });

  it('déplace une réservation (glisser sur le calendrier) en revérifiant sans elle, puis l’annule', async () => {
    const room = await createRoom(k.http);
    const a = await booked(k.http, room._id, adult, '2026-12-02T09:00:00.000Z');
    await booked(k.http, room._id, adult, '2026-12-02T11:00:00.000Z');
    const overlap = await k.http.put(`${API}/bookings/${a._id}`, { startDate: '2026-12-02T10:30:00.000Z' });
    expect(overlap.status).to.equal(409);
    const later = await ok(k.http.put(`${API}/bookings/${a._id}`, { startDate: '2026-12-02T09:30:00.000Z' }));
    expect(later).to.include({ startDate: '2026-12-02T09:30:00.000Z', endDate: '2026-12-02T10:30:00.000Z' });
    const cancelled = await ok(k.http.post(`${API}/bookings/${a._id}/cancel`, {}));
    expect(cancelled.status).to.equal('cancelled');
    expect((await k.http.post(`${API}/bookings/${a._id}/cancel`, {})).status).to.equal(409);
    expect((await k.http.put(`${API}/bookings/${a._id}`, { startDate: '2026-12-02T13:00:00.000Z' })).status).to.equal(409);
    // the cancelled booking's slot is free again
    await booked(k.http, room._id, adult, '2026-12-02T09:30:00.000Z');
  });

  it('fait un devis et une facture brouillon de la réservation par « Facturation », une seule fois chacun', async () => {
    const item = await ok(k.http.post('/api/catalogue/items', { name: 'Location de salle (heure)', vat: 10, inclTaxesPrice: 22 }), 201);
    const room = await createRoom(k.http, { bookerSettings: [{ fk: { booker: adult, mainSlotItem: item._id }, priceForMainSlot: 22, priceForNextSlots: 18 }] });
    const customer = await ok(k.http.post('/api/contacts/customers', { company: 'Théâtre du Lac' }), 201);
    const b = await booked(k.http, room._id, adult, '2026-12-03T09:00:00.000Z', { slots: 2, quantity: [{ booker: adult, quantity: 2 }], fk: { room: room._id, customer: customer._id } });
    expect(b.price).to.equal(80);
    const quoted = await ok(k.http.post(`${API}/bookings/${b._id}/quotation`, {}), 201);
    expect(quoted.fk.quotation).to.match(/^[0-9a-f]{24}$/);
    const quotation = await ok(k.http.get(`/api/invoicing/quotations/${quoted.fk.quotation}`));
    expect(quotation.inclTaxesPrice ?? quotation.totalInclTaxes ?? quotation.total).to.not.equal(undefined);
    const invoiced = await ok(k.http.post(`${API}/bookings/${b._id}/invoice`, {}), 201);
    const invoice = await ok(k.http.get(`/api/invoicing/invoices/${invoiced.fk.invoice}`));
    expect(invoice.fk.receiverCustomer).to.equal(customer._id);
    expect(invoice.items.map((l: { labelPrimary: string; quantity: number; inclTaxesPrice: number; vat: number; itemId?: string }) => [l.labelPrimary, l.quantity, l.inclTaxesPrice, l.vat, l.itemId ?? null])).to.deep.equal([
      ['Location de salle (heure)', 2, 22, 10, item._id],
      ['Réservation Salle Molière — 03/12/2026 10:00 — Adulte, créneaux suivants', 2, 18, 20, null],
    ]);
    expect(invoice.inclTaxesPrice).to.equal(80);
    const again = await k.http.post(`${API}/bookings/${b._id}/invoice`, {});
    expect(again.status).to.equal(409);
    expect(again.body.message).to.equal('Cette réservation a déjà une facture.');
    const links = await ok(k.http.get(`/api/kernel/links/invoicing/invoices/${invoice._id}`));
    expect(JSON.stringify(links)).to.contain('Réservation Salle Molière — Claire Dubois');
  });
});
