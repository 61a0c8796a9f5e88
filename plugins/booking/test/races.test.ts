/**
 * The last slot and the last shared resource under concurrency (README « Concurrency »): 20
 * requests at once, exactly one booking. On MariaDB the room's row is read FOR UPDATE before the
 * rules are checked again; SQLite has one writer at a time. Run on both engines (DATABASE_URL).
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, bootKernel, clock, createBooker, createRoom, hours } from './support.ts';

describe('booking : courses au dernier créneau', function () {
  this.timeout(180_000);
  let k: TestKernel;
  let adult: string;

  before(async () => {
    clock.at = '2026-11-30T07:00:00.000Z';
    k = await bootKernel();
    adult = (await createBooker(k.http, 'Adulte'))._id;
  });
  after(async () => { await k?.stop(); });

  const count = async (room: string) => Number((await k.db('booking_bookings').where({ fk_room: room, status: 'confirmed' }).count({ n: '*' }))[0].n);

  it('20 demandes simultanées du dernier créneau : une seule réservation, 19 refus 409', async () => {
    // one hour a day: a single start
    const room = await createRoom(k.http, { regularHours: hours(10, 11), reservationMinuteStartsAllowed: [0] });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => k.http.post(`${API}/bookings`, {
      name: `Personne ${i}`, startDate: '2026-12-01T09:00:00.000Z', slots: 1, quantity: [{ booker: adult, quantity: 1 }], fk: { room: room._id },
    })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201), JSON.stringify(answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => a.body))).to.have.length(1);
    expect(statuses.filter((s) => s === 409)).to.have.length(19);
    expect(await count(room._id)).to.equal(1);
  });

  it('20 demandes simultanées de la dernière ressource partagée (plusieurs réservations par créneau) : une seule passe', async () => {
    const room = await createRoom(k.http, {
      regularHours: hours(10, 11), reservationMinuteStartsAllowed: [0], oneBookingPerSlotOnly: false,
      sharedRessources: [{ name: 'Piste 1', groupingCode: 'piste', maxBookers: 4 }, { name: 'Piste 2', groupingCode: 'piste', maxBookers: 4 }],
      bookerSettings: [{ fk: { booker: adult }, maxElement: 100 }],
    });
    // the first lane is full; three of four places left on the second
    const first = await k.http.post(`${API}/bookings`, { name: 'Groupe', startDate: '2026-12-02T09:00:00.000Z', slots: 1, quantity: [{ booker: adult, quantity: 4 }], fk: { room: room._id } });
    expect(first.status, JSON.stringify(first.body)).to.equal(201);
    const second = await k.http.post(`${API}/bookings`, { name: 'Solo', startDate: '2026-12-02T09:00:00.000Z', slots: 1, quantity: [{ booker: adult, quantity: 1 }], fk: { room: room._id } });
    expect(second.status, JSON.stringify(second.body)).to.equal(201);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => k.http.post(`${API}/bookings`, {
      name: `Trio ${i}`, startDate: '2026-12-02T09:00:00.000Z', slots: 1, quantity: [{ booker: adult, quantity: 3 }], fk: { room: room._id },
    })));
    expect(answers.filter((a) => a.status === 201)).to.have.length(1);
    expect(answers.filter((a) => a.status === 409)).to.have.length(19);
    expect(answers.find((a) => a.status === 409)!.body.message).to.equal('Ce créneau n’est plus disponible. Aucune combinaison de ressources partagées n’est libre pendant toute la durée.');
    const rows = await k.db('booking_bookings').where({ fk_room: room._id, status: 'confirmed' }).select('sharedResourcesUUIds');
    const lanes = rows.map((r: { sharedResourcesUUIds: string }) => JSON.parse(r.sharedResourcesUUIds)[0]);
    expect(lanes).to.have.length(3);
    expect(new Set(lanes).size).to.equal(2);
  });
});
