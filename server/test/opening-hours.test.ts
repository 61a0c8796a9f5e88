import { expect } from 'chai';
import { Value } from '@sinclair/typebox/value';
import { validate } from '../src/db/validation.ts';
import { Establishment, WEEKDAYS } from '@comptoir/schemas';
import {
  formatTimeOfDay, hoursOn, isOpenAt, normalizeHours, openingIntervals, parisDate, parisToUtc, parseTimeOfDay, validateHours, weekdayOf,
} from '../src/platform/services/establishments/opening-hours.ts';

type Hours = Parameters<typeof openingIntervals>[0];
/** Hours written as a person types them (HH:MM), in the stored shape ({ hours, minutes }). */
const typed = (h: Record<string, unknown>): Hours => {
  const { body, problems } = normalizeHours(h as never);
  expect(problems).to.deep.equal([]);
  return body as unknown as Hours;
};
const iso = (list: { start: Date; end: Date }[]) => list.map((i) => [i.start.toISOString(), i.end.toISOString()]);

/** Monday to Friday 09:00–12:00 and 14:00–18:00, Saturday 10:00–13:00. */
const shop: Hours = typed({
  regularHours: [
    { days: ['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY'], openTimes: [{ start: '09:00', end: '12:00' }, { start: '14:00', end: '18:00' }] },
    { days: ['SATURDAY'], openTimes: [{ start: '10:00', end: '13:00' }] },
  ],
  specialHours: [
    { startDate: '2026-12-25', endDate: '2026-12-25', name: 'Noël', hours: [] },
    { startDate: '2026-12-24', endDate: '2026-12-24', name: 'Réveillon', hours: [{ start: '09:00', end: '16:00' }] },
  ],
});

describe('opening hours (Europe/Paris)', () => {
  describe('time of day', () => {
    it('parses and formats HH:MM, hours 0–23 and minutes 0–59', () => {
      expect(parseTimeOfDay('09:05')).to.deep.equal({ hours: 9, minutes: 5 });
      expect(parseTimeOfDay('23:59')).to.deep.equal({ hours: 23, minutes: 59 });
      expect(parseTimeOfDay('00:00')).to.deep.equal({ hours: 0, minutes: 0 });
      for (const bad of ['25:00', '24:00', '12:60', '9:00', '09:0', '', '0900', '09:00:00']) expect(parseTimeOfDay(bad), bad).to.equal(null);
      expect(formatTimeOfDay({ hours: 7, minutes: 3 })).to.equal('07:03');
      expect(() => formatTimeOfDay({ hours: 24, minutes: 0 })).to.throw(RangeError);
      expect(() => formatTimeOfDay({ hours: 1, minutes: 60 })).to.throw(RangeError);
    });

    it('the stored schema is { hours, minutes } (platform README « Establishments and opening hours »): it refuses 24 h, 60 min and text, and fills the default opening 09:00–17:00', () => {
      const base = { _id: 'a'.repeat(24), name: 'x', metadata: { creationDate: '2026-01-01T00:00:00.000Z', lastModificationDate: '2026-01-01T00:00:00.000Z', createdBy: null, lastModifiedBy: null }, fk: { company: 'b'.repeat(24) } };
      const withDefaults = Value.Default(Establishment, { ...base, regularHours: [{ days: ['MONDAY'] }], tels: [{ value: '0102030405' }] }) as Establishment;
      expect(withDefaults.regularHours[0].openTimes).to.deep.equal([{ start: { hours: 9, minutes: 0 }, end: { hours: 17, minutes: 0 } }]);
      expect(withDefaults.tels[0].type).to.equal('Accueil');
      const at = (start: unknown) => ({ ...withDefaults, regularHours: [{ days: ['MONDAY'], openTimes: [{ start, end: { hours: 23, minutes: 0 } }] }] });
      expect(() => validate(Establishment, at({ hours: 9, minutes: 30 }))).to.not.throw();
      for (const bad of [{ hours: 24, minutes: 0 }, { hours: 9, minutes: 60 }, { hours: 9.5, minutes: 0 }, { hours: 9 }, '09:00']) {
        expect(() => validate(Establishment, at(bad)), JSON.stringify(bad)).to.throw(/regularHours/);
      }
    });

    it('a body may give each time as { hours, minutes } or HH:MM: both are stored as { hours, minutes }', () => {
      const { body, problems } = normalizeHours({
        regularHours: [{ days: ['MONDAY'], openTimes: [{ start: '08:30', end: { hours: 12, minutes: 15 } }, {}] }],
        specialHours: [{ startDate: '2026-12-24', endDate: '2026-12-24', hours: [{ start: { hours: 0, minutes: 0 }, end: '23:59' }] }],
      });
      expect(problems).to.deep.equal([]);
      expect(body.regularHours![0].openTimes).to.deep.equal([{ start: { hours: 8, minutes: 30 }, end: { hours: 12, minutes: 15 } }, {}]);
      expect(body.specialHours![0].hours).to.deep.equal([{ start: { hours: 0, minutes: 0 }, end: { hours: 23, minutes: 59 } }]);
      const wrong = normalizeHours({ regularHours: [{ openTimes: [{ start: '25:00', end: { hours: 12, minutes: 60 } }] }], specialHours: [{ hours: [{ start: '9:00' }] }] });
      expect(wrong.problems.map((p) => p.field)).to.deep.equal(['regularHours.0.openTimes.0.start', 'regularHours.0.openTimes.0.end', 'specialHours.0.hours.0.start']);
      expect(wrong.problems[0].message).to.match(/heure invalide "25:00"/);
    });
  });

  describe('weekdays', () => {
    it('uses the contract spelling WENESDAY, and refuses WEDNESDAY', () => {
      expect(WEEKDAYS).to.deep.equal(['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);
      expect(weekdayOf('2026-11-25')).to.equal('WENESDAY');
      expect(weekdayOf('2026-11-23')).to.equal('MONDAY');
      expect(weekdayOf('2026-11-29')).to.equal('SUNDAY');
      const base = { _id: 'a'.repeat(24), name: 'x', tels: [], specialHours: [], metadata: { creationDate: '2026-01-01T00:00:00.000Z', lastModificationDate: '2026-01-01T00:00:00.000Z', createdBy: null, lastModifiedBy: null }, fk: { company: 'b'.repeat(24) } };
      expect(() => validate(Establishment, { ...base, regularHours: [{ days: ['WENESDAY'], openTimes: [] }] })).to.not.throw();
      expect(() => validate(Establishment, { ...base, regularHours: [{ days: ['WEDNESDAY'], openTimes: [] }] })).to.throw(/regularHours/);
    });

    it('a Wednesday opens by the WENESDAY rule', () => {
      expect(isOpenAt(shop, new Date('2026-11-25T09:30:00Z'))).to.equal(true); // 10:30 Paris
    });
  });

  describe('isOpenAt and openingIntervals', () => {
    it('answers the intervals of a week in Paris time (winter: UTC+1), start included and end excluded', () => {
      const list = openingIntervals(shop, new Date('2026-11-23T00:00:00+01:00'), new Date('2026-11-30T00:00:00+01:00'));
      expect(list).to.have.length(11);
      expect(iso(list.slice(0, 2))).to.deep.equal([
        ['2026-11-23T08:00:00.000Z', '2026-11-23T11:00:00.000Z'], ['2026-11-23T13:00:00.000Z', '2026-11-23T17:00:00.000Z'],
      ]);
      expect(iso(list.slice(-1))).to.deep.equal([['2026-11-28T09:00:00.000Z', '2026-11-28T12:00:00.000Z']]);
      expect(isOpenAt(shop, new Date('2026-11-23T08:00:00Z'))).to.equal(true);
      expect(isOpenAt(shop, new Date('2026-11-23T07:59:59Z'))).to.equal(false);
      expect(isOpenAt(shop, new Date('2026-11-23T11:00:00Z'))).to.equal(false); // 12:00, lunch
      expect(isOpenAt(shop, new Date('2026-11-29T10:00:00Z'))).to.equal(false); // Sunday
    });

    it('cuts intervals to the asked period and merges overlapping ones', () => {
      const overlapping: Hours = typed({ regularHours: [{ days: ['MONDAY'], openTimes: [{ start: '09:00', end: '12:00' }] }, { days: ['MONDAY'], openTimes: [{ start: '11:00', end: '13:00' }] }], specialHours: [] });
      expect(iso(openingIntervals(overlapping, new Date('2026-11-23T09:00:00Z'), new Date('2026-11-24T00:00:00Z'))))
        .to.deep.equal([['2026-11-23T09:00:00.000Z', '2026-11-23T12:00:00.000Z']]);
      expect(openingIntervals(shop, new Date('2026-11-24T00:00:00Z'), new Date('2026-11-23T00:00:00Z'))).to.deep.equal([]);
      expect(() => openingIntervals(shop, new Date('2026-01-01T00:00:00Z'), new Date('2028-01-01T00:00:00Z'))).to.throw(RangeError);
    });

    it('special hours replace the regular ones on their dates: a closed day, a short day', () => {
      expect(hoursOn(shop, '2026-12-25')).to.deep.equal([]);
      expect(isOpenAt(shop, new Date('2026-12-25T10:00:00Z'))).to.equal(false); // Friday, Christmas
      expect(iso(openingIntervals(shop, new Date('2026-12-24T00:00:00+01:00'), new Date('2026-12-25T00:00:00+01:00'))))
        .to.deep.equal([['2026-12-24T08:00:00.000Z', '2026-12-24T15:00:00.000Z']]);
      expect(isOpenAt(shop, new Date('2026-12-24T13:30:00Z'))).to.equal(true); // 14:30 during lunch of regular hours
      expect(isOpenAt(shop, new Date('2026-12-24T15:30:00Z'))).to.equal(false); // 16:30
      // a span of several days
      const holidays: Hours = { ...shop, specialHours: [{ startDate: '2026-08-01', endDate: '2026-08-15', name: 'Congés', hours: [] }] };
      expect(openingIntervals(holidays, new Date('2026-08-01T00:00:00Z'), new Date('2026-08-16T00:00:00Z'))).to.deep.equal([]);
    });

    it('is right on the DST change days (29 March and 25 October 2026)', () => {
      const daily: Hours = typed({ regularHours: [{ days: [...WEEKDAYS], openTimes: [{ start: '09:00', end: '17:00' }] }], specialHours: [] });
      const days = openingIntervals(daily, new Date('2026-03-28T00:00:00Z'), new Date('2026-03-31T00:00:00Z'));
      expect(iso(days)).to.deep.equal([
        ['2026-03-28T08:00:00.000Z', '2026-03-28T16:00:00.000Z'], // winter UTC+1
        ['2026-03-29T07:00:00.000Z', '2026-03-29T15:00:00.000Z'], // change day: summer UTC+2
        ['2026-03-30T07:00:00.000Z', '2026-03-30T15:00:00.000Z'],
      ]);
      const autumn = openingIntervals(daily, new Date('2026-10-24T00:00:00Z'), new Date('2026-10-26T00:00:00Z'));
      expect(iso(autumn)).to.deep.equal([
        ['2026-10-24T07:00:00.000Z', '2026-10-24T15:00:00.000Z'],
        ['2026-10-25T08:00:00.000Z', '2026-10-25T16:00:00.000Z'], // back to UTC+1
      ]);
      // a whole-day opening on the short and the long day lasts 23 h and 25 h
      const allDay: Hours = typed({ regularHours: [{ days: ['SUNDAY'], openTimes: [{ start: '00:00', end: '23:59' }] }], specialHours: [] });
      const [spring] = openingIntervals(allDay, new Date('2026-03-28T12:00:00Z'), new Date('2026-03-30T00:00:00Z'));
      expect((spring.end.getTime() - spring.start.getTime()) / 60_000).to.equal(24 * 60 - 1 - 60);
      const [fall] = openingIntervals(allDay, new Date('2026-10-24T12:00:00Z'), new Date('2026-10-26T00:00:00Z'));
      expect((fall.end.getTime() - fall.start.getTime()) / 60_000).to.equal(24 * 60 - 1 + 60);
      expect(parisToUtc('2026-03-29', 3 * 60).toISOString()).to.equal('2026-03-29T01:00:00.000Z');
      expect(parisToUtc('2026-10-25', 1 * 60).toISOString()).to.equal('2026-10-24T23:00:00.000Z');
      expect(parisDate(new Date('2026-03-28T23:30:00Z'))).to.equal('2026-03-29');
    });

    it('refuses overnight intervals at write time and ignores them if ever stored', () => {
      const overnight: Hours = typed({ regularHours: [{ days: ['FRIDAY'], openTimes: [{ start: '20:00', end: '02:00' }] }], specialHours: [{ startDate: '2026-12-31', endDate: '2026-12-30', hours: [{ start: '10:00', end: '10:00' }] }] });
      expect(validateHours(overnight).map((p) => p.field)).to.deep.equal(['regularHours.0.openTimes.0.end', 'specialHours.0.endDate', 'specialHours.0.hours.0.end']);
      expect(validateHours(shop)).to.deep.equal([]);
      expect(openingIntervals(overnight, new Date('2026-11-27T00:00:00Z'), new Date('2026-11-29T00:00:00Z'))).to.deep.equal([]);
    });
  });
});
