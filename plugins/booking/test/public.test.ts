/**
 * Public booking (spec 001 §7: unauthenticated calls carry only the company header): the rooms a
 * visitor sees, free starts, booking, the standalone page and its policy, throttling, the website
 * block through the websites plugin's extension point; and bad input on every route, public ones
 * included: a French 400, never a 500, nothing written.
 */
import path from 'node:path';
import { expect } from 'chai';
import { siteGet, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import { API, PLUGINS, bootKernel, clock, createBooker, createRoom, ok, rowCounts, unknownId } from './support.ts';

describe('booking : réservation publique et entrées invalides', function () {
  this.timeout(180_000);
  let k: TestKernel;
  let visitor: TestHttp;
  let adult: string;
  let room: string;

  before(async () => {
    clock.at = '2026-11-30T07:00:00.000Z';
    k = await bootKernel([...PLUGINS, path.resolve(import.meta.dirname, '..', '..', 'websites')]);
    visitor = k.http.as(null, k.admin.companyId);
    adult = (await createBooker(k.http, 'Adulte'))._id;
    room = (await createRoom(k.http, { name: 'Salle publique', description: 'Avec vue', bookerSettings: [{ fk: { booker: adult }, priceForMainSlot: 15 }], fk: { bookers: [adult] } }))._id;
    await createRoom(k.http, { name: 'Salle privée', publicBooking: false });
  });
  after(async () => { await k?.stop(); });

  it('montre au visiteur les salles en ligne, leurs tarifs et débuts libres, et réserve (origine web)', async () => {
    const rooms = await ok(visitor.get(`${API}/public/rooms`));
    expect(rooms.data.map((r: { name: string }) => r.name)).to.deep.equal(['Salle publique']);
    expect(rooms.data[0].bookers).to.deep.equal([{ _id: adult, name: 'Adulte', maxElement: 10, priceForMainSlot: 15, priceForNextSlots: 10, priceForExtendedSlots: 5 }]);
    expect(rooms.data[0]).to.not.have.property('bookerSettings');
    const free = await ok(visitor.get(`${API}/public/rooms/${room}/availability`, { query: { from: '2026-12-01T00:00:00+01:00', to: '2026-12-02T00:00:00+01:00', quantity: [{ booker: adult, quantity: 2 }] } }));
    expect(free.price).to.equal(30);
    expect(free.starts[0].start).to.equal('2026-12-01T08:00:00.000Z');
    const booked = await ok(visitor.post(`${API}/public/bookings`, { room, startDate: '2026-12-01T08:00:00.000Z', slots: 1, quantity: [{ booker: adult, quantity: 2 }], name: 'Paul Martin', email: 'paul@exemple.fr' }), 201);
    expect(booked).to.include({ origin: 'web', price: 30, status: 'confirmed', email: 'paul@exemple.fr' });
    expect(booked).to.not.have.property('cancelKey');
    const taken = await visitor.post(`${API}/public/bookings`, { room, startDate: '2026-12-01T08:00:00.000Z', slots: 1, quantity: [{ booker: adult, quantity: 1 }], name: 'Autre', email: 'autre@exemple.fr' });
    expect(taken.status).to.equal(409);
    // the private room is not found, whatever the caller knows of it
    const privateRoom = (await ok(k.http.get(`${API}/rooms`, { query: { filters: { name: { mode: 'eq', value: 'Salle privée' } } } }))).data[0]._id;
    expect((await visitor.get(`${API}/public/rooms/${privateRoom}/availability`, { query: { from: '2026-12-01', to: '2026-12-02' } })).status).to.equal(404);
    // another company's header sees nothing of this one
    const other = k.http.as(null, unknownId);
    expect((await ok(other.get(`${API}/public/rooms`))).data).to.deep.equal([]);
    expect((await other.get(`${API}/public/rooms/${room}/availability`, { query: { from: '2026-12-01', to: '2026-12-02' } })).status).to.equal(404);
  });

  it('sert la page publique autonome : HTML français, script du même site, politique bac à sable qui permet les scripts', async () => {
    const page = await k.http.as(null, null).get(`${API}/public/page`, { query: { company: k.admin.companyId, room } });
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).to.contain("script-src 'self'");
    expect(csp).to.contain('sandbox allow-scripts allow-same-origin allow-forms');
    expect(page.body).to.contain('<html lang="fr">');
    expect(page.body).to.contain('<script src="/api/booking/public/page.js"></script>');
    expect(page.body).to.not.match(/<script>/);
    expect(page.body).to.contain(`&quot;company&quot;:&quot;${k.admin.companyId}&quot;`);
    const script = await k.http.as(null, null).get(`${API}/public/page.js`);
    expect(script.status).to.equal(200);
    expect(script.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
    // a hostile query is dropped, never written into the page
    const hostile = await k.http.as(null, null).get(`${API}/public/page`, { query: { company: '"><script>alert(1)</script>' } });
    expect(hostile.status).to.equal(400);
  });

  it('le bloc « Réservation de salle » des sites web montre la salle, ses prochains horaires et le lien de réservation', async () => {
    const types = await ok(k.http.get('/api/websites/block-types'));
    expect(JSON.stringify(types)).to.contain('booking.room-booking');
    // a site whose page holds the block, made as the websites screens make it (their README « Routes »)
    const website = await ok(k.http.post('/api/websites/websites', { name: 'Site salles.fr', domain: 'salles.fr' }), 201);
    const menu = await ok(k.http.post('/api/websites/menus', { name: 'Principal', main: true, fk: { website: website._id } }), 201);
    const block = { type: 'booking.room-booking', uuid: 'u-booking', position: 0, main: false, settings: { roomId: room, days: 2, maxStarts: 3 } };
    const layout = await ok(k.http.post('/api/websites/layouts', { name: 'Réserver', contents: [{ fluid: false, rows: [{ cols: [{ contents: [block] }] }] }] }), 201);
    await ok(k.http.post('/api/websites/menu-items', { name: 'Réserver', alias: '/reserver', fk: { menu: menu._id, layout: layout._id } }), 201);
    const page = await siteGet(k, 'salles.fr', '/reserver');
    expect(page.status).to.equal(200);
    const main = page.body.slice(page.body.indexOf('<main id="contenu">'), page.body.indexOf('</main>')).replace(/\u00a0|\u202f/g, ' ');
    expect(main).to.contain('<section class="c-booking"><h2>Salle publique</h2>');
    expect(main).to.contain('<li>Adulte : 15,00 € le premier créneau de 60 min</li>');
    // 30 November from 08:00 in Paris (now), the 09:00 start of the 1st was booked above
    expect(main).to.contain('<tr><th scope="row">lundi 30 novembre</th><td>09:00 · 09:15 · 09:30</td></tr>');
    expect(main).to.contain('<tr><th scope="row">mardi 1 décembre</th><td>10:00 · 10:15 · 10:30</td></tr>');
    expect(main).to.contain(`href="/api/booking/public/page?company=${k.admin.companyId}&amp;room=${room}"`);
  });

  it('entrées invalides sur chaque route, publiques comprises : 400 en français, jamais 500, rien d’écrit', async () => {
    const before = await rowCounts(k);
    const future = '2026-12-02T09:00:00.000Z';
    const cases: [string, Promise<{ status: number; body: { code?: string; message?: string } }>][] = [
      ['room sans nom', k.http.post(`${API}/rooms`, {})],
      ['room champ inconnu', k.http.post(`${API}/rooms`, { name: 'X', couleur: 'rouge' })],
      ['room minutes', k.http.post(`${API}/rooms`, { name: 'X', reservationMinuteStartsAllowed: [75] })],
      ['room durée', k.http.post(`${API}/rooms`, { name: 'X', bookingSlotMinimumDuration: 0 })],
      ['room horaires', k.http.post(`${API}/rooms`, { name: 'X', regularHours: [{ days: ['MONDAY'], openTimes: [{ start: { hours: 12, minutes: 0 }, end: { hours: 9, minutes: 0 } }] }] })],
      ['room jour', k.http.post(`${API}/rooms`, { name: 'X', regularHours: [{ days: ['WEDNESDAY'] }] })],
      ['room uuid', k.http.post(`${API}/rooms`, { name: 'X', modes: [{ name: 'a', uuid: 'u' }, { name: 'b', uuid: 'u' }] })],
      ['room réservant inconnu', k.http.post(`${API}/rooms`, { name: 'X', fk: { bookers: [unknownId] } })],
      ['room prix négatif', k.http.post(`${API}/rooms`, { name: 'X', bookerSettings: [{ fk: { booker: adult }, priceForMainSlot: -1 }] })],
      ['room put id', k.http.put(`${API}/rooms/pas-un-id`, { name: 'X' })],
      ['booker sans nom', k.http.post(`${API}/bookers`, { description: 'x' })],
      ['booker groupe inconnu', k.http.post(`${API}/bookers`, { name: 'X', fk: { groups: [unknownId] } })],
      ['availability from', k.http.get(`${API}/rooms/${room}/availability`, { query: { from: 'demain', to: '2026-12-02' } })],
      ['availability ordre', k.http.get(`${API}/rooms/${room}/availability`, { query: { from: '2026-12-03', to: '2026-12-02' } })],
      ['availability trop long', k.http.get(`${API}/rooms/${room}/availability`, { query: { from: '2026-12-01', to: '2027-03-01' } })],
      ['availability slots', k.http.get(`${API}/rooms/${room}/availability`, { query: { from: '2026-12-01', to: '2026-12-02', slots: '9' } })],
      ['availability slots texte', k.http.get(`${API}/rooms/${room}/availability`, { query: { from: '2026-12-01', to: '2026-12-02', slots: 'deux' } })],
      ['availability quantity json', k.http.get(`${API}/rooms/${room}/availability`, { query: { from: '2026-12-01', to: '2026-12-02', quantity: '[{' } })],
      ['availability quantity forme', k.http.get(`${API}/rooms/${room}/availability`, { query: { from: '2026-12-01', to: '2026-12-02', quantity: [{ booker: 'x', quantity: 1 }] } })],
      ['availability mode', k.http.get(`${API}/rooms/${room}/availability`, { query: { from: '2026-12-01', to: '2026-12-02', mode: 'inconnu' } })],
      ['availability paramètre inconnu', k.http.get(`${API}/rooms/${room}/availability`, { query: { from: '2026-12-01', to: '2026-12-02', jour: 'lundi' } })],
      ['booking vide', k.http.post(`${API}/bookings`, {})],
      ['booking date', k.http.post(`${API}/bookings`, { name: 'A', startDate: 'demain', slots: 1, quantity: [{ booker: adult, quantity: 1 }], fk: { room } })],
      ['booking salle inconnue', k.http.post(`${API}/bookings`, { name: 'A', startDate: future, slots: 1, quantity: [{ booker: adult, quantity: 1 }], fk: { room: 'zz' } })],
      ['booking quantité nulle', k.http.post(`${API}/bookings`, { name: 'A', startDate: future, slots: 1, quantity: [{ booker: adult, quantity: 0 }], fk: { room } })],
      ['booking réservant hors salle', k.http.post(`${API}/bookings`, { name: 'A', startDate: future, slots: 1, quantity: [{ booker: unknownId, quantity: 1 }], fk: { room } })],
      ['booking e-mail', k.http.post(`${API}/bookings`, { name: 'A', email: 'pas-un-mail', startDate: future, slots: 1, quantity: [{ booker: adult, quantity: 1 }], fk: { room } })],
      ['booking client inconnu', k.http.post(`${API}/bookings`, { name: 'A', startDate: future, slots: 1, quantity: [{ booker: adult, quantity: 1 }], fk: { room, customer: unknownId } })],
      ['booking put', k.http.put(`${API}/bookings/${unknownId}`, { slots: 'deux' })],
      ['booking cancel corps', k.http.post(`${API}/bookings/${unknownId}/cancel`, { motif: 'x' })],
      ['invoice client', k.http.post(`${API}/bookings/${unknownId}/invoice`, { customer: 'x' })],
      ['quotation champ', k.http.post(`${API}/bookings/${unknownId}/quotation`, { montant: 3 })],
      ['public sans entreprise', k.http.as(null, null).get(`${API}/public/rooms`)],
      ['public entreprise mal formée', k.http.as(null, 'abc').get(`${API}/public/rooms`)],
      ['public availability', visitor.get(`${API}/public/rooms/${room}/availability`, { query: { from: '2026-12-01', to: 'bientôt' } })],
      ['public booking sans e-mail', visitor.post(`${API}/public/bookings`, { room, startDate: future, slots: 1, quantity: [{ booker: adult, quantity: 1 }], name: 'A' })],
      ['public booking minute', visitor.post(`${API}/public/bookings`, { room, startDate: '2026-12-02T09:07:00.000Z', slots: 1, quantity: [{ booker: adult, quantity: 1 }], name: 'A', email: 'a@exemple.fr' })],
      ['public booking sans entreprise', k.http.as(null, null).post(`${API}/public/bookings`, { room, startDate: future, slots: 1, quantity: [{ booker: adult, quantity: 1 }], name: 'A', email: 'a@exemple.fr' })],
      ['public cancel clé', visitor.post(`${API}/public/bookings/cancel`, { key: 'court' })],
      ['public cancel inconnue', visitor.post(`${API}/public/bookings/cancel`, { key: 'abcdefghijklmnopqrstuvwxyz012345' })],
      ['public page', k.http.as(null, null).get(`${API}/public/page`, { query: { autre: '1' } })],
      ['texte au lieu de JSON', k.http.post(`${API}/bookings`, undefined, { raw: 'name=A', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })],
    ];
    for (const [label, answer] of cases) {
      const res = await answer;
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.code, label).to.equal('VALIDATION');
      expect(res.body.message, label).to.match(/[a-zàâçéèêëîïôûùüÿœ]/);
    }
    expect(await rowCounts(k)).to.deep.equal(before);
  });

  it('limite les réservations publiques par adresse (429 en français avec Retry-After)', async () => {
    clock.at = '2026-11-30T07:05:00.000Z'; // a new window: earlier tests called these routes too
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await visitor.post(`${API}/public/bookings/cancel`, { key: `cleinconnue${String(i).padStart(6, '0')}` }));
    expect(answers.slice(0, 10).every((a) => a.status === 400)).to.equal(true);
    const last = answers[10];
    expect(last.status).to.equal(429);
    expect(last.body.code).to.equal('RATE_LIMITED');
    expect(last.body.message).to.match(/^Trop de requêtes depuis cette adresse\. Réessayez dans /);
    expect(Number(last.headers.get('retry-after'))).to.be.within(1, 60);
    // the limit is per route: free starts still answer
    expect((await visitor.get(`${API}/public/rooms`)).status).to.equal(200);
  });
});
