/**
 * Establishments and their opening hours through the kernel routes (platform README
 * « Establishments and opening hours »): CRUD with the spec defaults, French 400 on a bad
 * time or weekday, company isolation, and the opening routes in Europe/Paris time.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import type { CallContext, KernelEstablishments } from '@comptoir/sdk';
import { createMember, createSecondCompany, snapshotKernel, type Account, type SecondCompany } from '../support/kernel.ts';
import { timeOfDayObjects } from '../../server/src/platform/migrations/20261127100000_time_of_day_objects.ts';

const PATH = '/api/kernel/establishments';

describe('kernel: establishments and opening hours', function () {
  let k: TestKernel;
  let plain: Account;
  let b: SecondCompany;
  let shopId: string;

  before(async function () {
    k = await createTestKernel();
    plain = await createMember(k, 'employe-etab@exemple.fr');
    b = await createSecondCompany(k, 'e');
  });
  after(async function () { await k?.stop(); });

  it('creates an establishment with the spec defaults (tel type « Accueil », opening 09:00–17:00)', async function () {
    const res = await k.http.post(PATH, {
      name: 'Boutique du centre', website: 'https://exemple.fr',
      address: { address: '1 rue de la Paix', zipCode: '75002', city: 'Paris' },
      tels: [{ value: '01 02 03 04 05' }],
      regularHours: [{ days: ['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY'] }],
      specialHours: [{ startDate: '2026-12-25', endDate: '2026-12-25', name: 'Noël' }],
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.tels).to.deep.equal([{ type: 'Accueil', value: '01 02 03 04 05' }]);
    expect(res.body.regularHours[0].openTimes).to.deep.equal([{ start: { hours: 9, minutes: 0 }, end: { hours: 17, minutes: 0 } }]);
    // schemas README « Address »: an address's delivery and invoicing flags default to true
    expect(res.body.address).to.deep.equal({ address: '1 rue de la Paix', zipCode: '75002', city: 'Paris', delivery: true, invoicing: true });
    expect(res.body.specialHours[0].hours).to.deep.equal([]);
    expect(res.body.fk.company).to.equal(k.admin.companyId);
    shopId = res.body._id;
    const bare = await k.http.post(PATH, { name: 'Entrepôt' });
    expect(bare.body).to.deep.include({ tels: [], regularHours: [], specialHours: [] });
  });

  it('lists, reads, updates and deletes', async function () {
    const list = await k.http.get(PATH);
    expect(list.status).to.equal(200);
    expect(list.body.data.map((e: { name: string }) => e.name)).to.include.members(['Boutique du centre', 'Entrepôt']);
    const one = await k.http.get(`${PATH}/${shopId}`);
    expect(one.body.name).to.equal('Boutique du centre');
    const upd = await k.http.put(`${PATH}/${shopId}`, {
      regularHours: [
        { days: ['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY'], openTimes: [{ start: '09:00', end: '12:00' }, { start: '14:00', end: '18:00' }] },
        { days: ['SATURDAY'], openTimes: [{ start: '10:00', end: '13:00' }], description: 'Samedi matin' },
      ],
    });
    expect(upd.status, JSON.stringify(upd.body)).to.equal(200);
    expect(upd.body.name).to.equal('Boutique du centre'); // not sent: kept
    expect(upd.body.tels).to.have.length(1);
    expect(upd.body.specialHours).to.have.length(1);
    const extra = await k.http.post(PATH, { name: 'À supprimer' });
    expect((await k.http.delete(`${PATH}/${extra.body._id}`)).status).to.equal(204);
    expect((await k.http.get(`${PATH}/${extra.body._id}`)).status).to.equal(404);
  });

  it('takes a time of day as the spec\'s { hours, minutes } or as HH:MM, and answers { hours, minutes } (platform README « Establishments and opening hours »)', async function () {
    const created = await k.http.post(PATH, {
      name: 'Atelier',
      regularHours: [{ days: ['MONDAY'], openTimes: [{ start: { hours: 8, minutes: 30 }, end: '12:15' }] }],
      specialHours: [{ startDate: '2026-12-24', endDate: '2026-12-24', hours: [{ start: '09:00', end: { hours: 16, minutes: 0 } }] }],
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.regularHours[0].openTimes).to.deep.equal([{ start: { hours: 8, minutes: 30 }, end: { hours: 12, minutes: 15 } }]);
    expect(created.body.specialHours[0].hours).to.deep.equal([{ start: { hours: 9, minutes: 0 }, end: { hours: 16, minutes: 0 } }]);
    const updated = await k.http.put(`${PATH}/${created.body._id}`, { regularHours: [{ days: ['TUESDAY'], openTimes: [{ start: { hours: 7, minutes: 0 }, end: { hours: 11, minutes: 45 } }] }] });
    expect(updated.status, JSON.stringify(updated.body)).to.equal(200);
    expect(updated.body.regularHours[0].openTimes[0]).to.deep.equal({ start: { hours: 7, minutes: 0 }, end: { hours: 11, minutes: 45 } });
    // Tuesday 24 November 2026, 10:00 Paris: open by the stored hours
    const open = await k.http.get(`${PATH}/${created.body._id}/open`, { query: { at: '2026-11-24T09:00:00Z' } });
    expect(open.body.open).to.equal(true);
    const row = await k.db('kernel_establishments').where({ _id: created.body._id }).first();
    expect(JSON.parse(row.regularHours)[0].openTimes[0].start).to.deep.equal({ hours: 7, minutes: 0 });
    const before = await snapshotKernel(k.db);
    for (const [start, field] of [
      [{ hours: 24, minutes: 0 }, /^regularHours\.0\.openTimes\.0\.start/], [{ hours: 9, minutes: 60 }, /^regularHours\.0\.openTimes\.0\.start/],
      [{ hours: 9 }, /^regularHours\.0\.openTimes\.0\.start/], [{ hours: 9, minutes: 0, seconds: 0 }, /^regularHours\.0\.openTimes\.0\.start/],
      ['9h00', /^regularHours\.0\.openTimes\.0\.start$/],
    ] as [unknown, RegExp][]) {
      const res = await k.http.post(PATH, { name: 'X', regularHours: [{ days: ['MONDAY'], openTimes: [{ start, end: '23:00' }] }] });
      expect(res.status, JSON.stringify(start)).to.equal(400);
      expect(res.body.details[0].field, JSON.stringify(res.body)).to.match(field);
    }
    expect(await snapshotKernel(k.db)).to.deep.equal(before);
  });

  it('refuses 25:00, WEDNESDAY, overnight intervals and reversed dates with a French 400, writing nothing', async function () {
    const before = await snapshotKernel(k.db);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'X', regularHours: [{ days: ['MONDAY'], openTimes: [{ start: '25:00', end: '26:00' }] }] }, /^regularHours\.0\.openTimes\.0\.start/],
      [{ name: 'X', regularHours: [{ days: ['WEDNESDAY'] }] }, /^regularHours\.0\.days\.0/],
      [{ name: 'X', specialHours: [{ startDate: '2026-12-24', endDate: '2026-12-24', hours: [{ start: '12:60', end: '13:00' }] }] }, /^specialHours\.0\.hours\.0\.start/],
      [{ name: 'X', regularHours: [{ days: ['FRIDAY'], openTimes: [{ start: '20:00', end: '02:00' }] }] }, /^regularHours\.0\.openTimes\.0\.end$/],
      [{ name: 'X', specialHours: [{ startDate: '2026-12-31', endDate: '2026-12-01' }] }, /^specialHours\.0\.endDate$/],
      [{ name: 'X', specialHours: [{ startDate: '31/12/2026', endDate: '2026-12-31' }] }, /^specialHours\.0\.startDate/],
      [{ regularHours: [] }, /^name$/],
    ];
    for (const [body, field] of cases) {
      const res = await k.http.post(PATH, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION');
      expect(res.body.details[0].field, JSON.stringify(res.body)).to.match(field);
      expect(res.body.message).to.match(/invalide|obligatoire|doit/i);
    }
    const put = await k.http.put(`${PATH}/${shopId}`, { regularHours: [{ days: ['MONDAY'], openTimes: [{ start: '18:00', end: '09:00' }] }] });
    expect(put.status).to.equal(400);
    expect(put.body.message).to.match(/^Horaires invalides : « regularHours\.0\.openTimes\.0\.end »/);
    expect(await snapshotKernel(k.db)).to.deep.equal(before);
  });

  it('needs kernel.establishments.manage to write; any member may read', async function () {
    expect((await plain.http.get(`${PATH}/${shopId}`)).status).to.equal(200);
    expect((await plain.http.post(PATH, { name: 'Pirate' })).status).to.equal(403);
    expect((await plain.http.put(`${PATH}/${shopId}`, { name: 'Pirate' })).status).to.equal(403);
    expect((await plain.http.delete(`${PATH}/${shopId}`)).status).to.equal(403);
    const perms = await k.http.get('/api/kernel/permissions');
    expect(JSON.stringify(perms.body)).to.include('kernel.establishments.manage');
  });

  it('keeps companies apart: B neither sees nor changes the establishments of A', async function () {
    const listB = await b.owner.http.get(PATH);
    expect(listB.body.data.map((e: { _id: string }) => e._id)).to.deep.equal([b.establishmentId]);
    expect((await b.owner.http.get(`${PATH}/${shopId}`)).status).to.equal(404);
    expect((await b.owner.http.put(`${PATH}/${shopId}`, { name: 'Volé' })).status).to.equal(404);
    expect((await b.owner.http.delete(`${PATH}/${shopId}`)).status).to.equal(404);
    expect((await b.owner.http.get(`${PATH}/${shopId}/open`, { query: { at: '2026-11-23T10:00:00Z' } })).status).to.equal(404);
    expect((await b.owner.http.get(`${PATH}/${shopId}/opening`, { query: { from: '2026-11-23T00:00:00Z', to: '2026-11-24T00:00:00Z' } })).status).to.equal(404);
    const listA = await k.http.get(PATH);
    expect(listA.body.data.map((e: { _id: string }) => e._id)).to.not.include(b.establishmentId);
    expect((await k.http.get(`${PATH}/${shopId}`)).body.name).to.equal('Boutique du centre');
  });

  it('answers the opening intervals in Paris time, special hours included, and the DST change', async function () {
    const week = await k.http.get(`${PATH}/${shopId}/opening`, { query: { from: '2026-11-23T00:00:00+01:00', to: '2026-11-30T00:00:00+01:00' } });
    expect(week.status, JSON.stringify(week.body)).to.equal(200);
    expect(week.body).to.deep.include({ _id: shopId, from: '2026-11-22T23:00:00.000Z', to: '2026-11-29T23:00:00.000Z' });
    expect(week.body.intervals).to.have.length(11);
    expect(week.body.intervals[0]).to.deep.equal({ start: '2026-11-23T08:00:00.000Z', end: '2026-11-23T11:00:00.000Z' });
    expect(week.body.intervals[10]).to.deep.equal({ start: '2026-11-28T09:00:00.000Z', end: '2026-11-28T12:00:00.000Z' });
    const christmas = await k.http.get(`${PATH}/${shopId}/opening`, { query: { from: '2026-12-25T00:00:00+01:00', to: '2026-12-26T00:00:00+01:00' } });
    expect(christmas.body.intervals).to.deep.equal([]);
    const summer = await k.http.get(`${PATH}/${shopId}/opening`, { query: { from: '2026-03-27T00:00:00Z', to: '2026-03-31T00:00:00Z' } });
    expect(summer.body.intervals.map((i: { start: string }) => i.start)).to.deep.equal([
      '2026-03-27T08:00:00.000Z', '2026-03-27T13:00:00.000Z', '2026-03-28T09:00:00.000Z', '2026-03-30T07:00:00.000Z', '2026-03-30T12:00:00.000Z',
    ]);
  });

  it('answers { open } at an instant', async function () {
    const at = async (iso: string) => (await k.http.get(`${PATH}/${shopId}/open`, { query: { at: iso } })).body.open;
    expect(await at('2026-11-25T09:30:00Z')).to.equal(true); // Wednesday 10:30
    expect(await at('2026-11-25T11:30:00Z')).to.equal(false); // 12:30, lunch
    expect(await at('2026-11-29T10:00:00Z')).to.equal(false); // Sunday
    expect(await at('2026-12-25T10:00:00Z')).to.equal(false); // Christmas
  });

  it('defaults to now: `at` missing is the clock, `opening` without from/to is the coming week', async function () {
    const open = await k.http.get(`${PATH}/${shopId}/open`);
    expect(open.status).to.equal(200);
    expect(open.body.open).to.be.a('boolean');
    expect(open.body._id).to.equal(shopId);
    const week = await k.http.get(`${PATH}/${shopId}/opening`);
    expect(week.status).to.equal(200);
    expect(week.body.intervals.length).to.be.within(8, 12);
    const from = await k.http.get(`${PATH}/${shopId}/opening`, { query: { from: '2026-11-23T00:00:00+01:00' } });
    expect(from.body.intervals).to.have.length(11);
    expect(from.body.to).to.equal('2026-11-29T23:00:00.000Z');
  });

  it('refuses missing or malformed instants and too long spans with a French 400', async function () {
    const cases: [string, Record<string, string>, string][] = [
      ['open', { at: 'demain' }, 'at'], ['open', { at: '2026-11-25' }, 'at'],
      ['opening', { from: 'x', to: '2026-11-25T00:00:00Z' }, 'from'], ['opening', { to: '2000-01-01T00:00:00Z' }, 'to'],
      ['opening', { from: '2026-11-25T00:00:00Z', to: '2026-11-24T00:00:00Z' }, 'to'],
      ['opening', { from: '2026-01-01T00:00:00Z', to: '2028-01-01T00:00:00Z' }, 'to'],
    ];
    for (const [route, query, field] of cases) {
      const res = await k.http.get(`${PATH}/${shopId}/${route}`, { query });
      expect(res.status, `${route} ${JSON.stringify(query)}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.details[0].field).to.equal(field);
      expect(res.body.message).to.match(/^Paramètres invalides/);
    }
  });

  it('exports kernel.establishments for other plugins (POS, booking), scoped to the active company', async function () {
    const call = <T>(companyId: string, fn: (e: KernelEstablishments) => Promise<T>): Promise<T> =>
      k.kernel.asSystem(companyId, (ctx: CallContext) => fn(ctx.resolve<KernelEstablishments>('establishments')));
    expect((await call(k.admin.companyId, (e) => e.get(shopId))).name).to.equal('Boutique du centre');
    expect(await call(k.admin.companyId, (e) => e.isOpenAt(shopId, new Date('2026-11-25T09:30:00Z')))).to.equal(true);
    expect(await call(k.admin.companyId, (e) => e.isOpenAt(shopId, '2026-12-25T10:00:00Z'))).to.equal(false);
    expect(await call(k.admin.companyId, (e) => e.openingIntervals(shopId, '2026-11-28T00:00:00Z', '2026-11-29T00:00:00Z')))
      .to.deep.equal([{ start: '2026-11-28T09:00:00.000Z', end: '2026-11-28T12:00:00.000Z' }]);
    let status = 0;
    try { await call(b.companyId, (e) => e.get(shopId)); } catch (err) { status = (err as { status?: number }).status ?? -1; }
    expect(status).to.equal(404);
  });

  it('computes opening intervals of hours that are no establishment\'s (a room\'s own, openingIntervalsOf), the DST day included', async function () {
    const call = <T>(fn: (e: KernelEstablishments) => Promise<T> | T): Promise<T> =>
      k.kernel.asSystem(k.admin.companyId, async (ctx: CallContext) => fn(ctx.resolve<KernelEstablishments>('establishments')));
    const hours = { regularHours: [{ days: ['SUNDAY' as const], openTimes: [{ start: { hours: 9, minutes: 0 }, end: { hours: 12, minutes: 0 } }] }], specialHours: [] };
    expect(await call((e) => e.openingIntervalsOf(hours, '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z')))
      .to.deep.equal([{ start: '2026-03-29T07:00:00.000Z', end: '2026-03-29T10:00:00.000Z' }]);
    let status = 0;
    try { await call((e) => e.openingIntervalsOf(hours, 'demain', '2026-03-30T00:00:00Z')); } catch (err) { status = (err as { status?: number }).status ?? -1; }
    expect(status).to.equal(400);
  });

  it('migrates the times stored as HH:MM to { hours, minutes } and back (up/down/up)', async function () {
    const made = await k.http.post(PATH, { name: 'Ancien format', regularHours: [{ days: ['MONDAY'], openTimes: [{ start: '08:00', end: '12:30' }, {}] }] });
    const id = made.body._id;
    // as stored before the change
    const old = {
      regularHours: JSON.stringify([{ days: ['MONDAY'], openTimes: [{ start: '08:00', end: '12:30' }, {}] }]),
      specialHours: JSON.stringify([{ startDate: '2026-12-24', endDate: '2026-12-24', hours: [{ start: '09:00', end: '16:00' }] }]),
    };
    await k.db('kernel_establishments').where({ _id: id }).update(old);
    const stored = async () => {
      const row = await k.db('kernel_establishments').where({ _id: id }).first();
      return { regularHours: JSON.parse(row.regularHours), specialHours: JSON.parse(row.specialHours) };
    };
    const objects = {
      regularHours: [{ days: ['MONDAY'], openTimes: [{ start: { hours: 8, minutes: 0 }, end: { hours: 12, minutes: 30 } }, {}] }],
      specialHours: [{ startDate: '2026-12-24', endDate: '2026-12-24', hours: [{ start: { hours: 9, minutes: 0 }, end: { hours: 16, minutes: 0 } }] }],
    };
    await timeOfDayObjects.up(k.db);
    expect(await stored()).to.deep.equal(objects);
    expect((await k.http.get(`${PATH}/${id}`)).body.specialHours[0].hours[0].end).to.deep.equal({ hours: 16, minutes: 0 });
    await timeOfDayObjects.down(k.db);
    expect(await stored()).to.deep.equal({ regularHours: JSON.parse(old.regularHours), specialHours: JSON.parse(old.specialHours) });
    await timeOfDayObjects.up(k.db);
    await timeOfDayObjects.up(k.db); // twice changes nothing
    expect(await stored()).to.deep.equal(objects);
  });
});
