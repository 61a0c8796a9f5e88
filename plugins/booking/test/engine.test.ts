/**
 * The availability engine as plain functions (spec 001 §5, README « Rules »): each rule on its own,
 * with instants in Europe/Paris around midnight and on both DST days of 2026 (29 March, 25 October).
 */
import { expect } from 'chai';
import type { BookersSharedResource, SlotSettings } from '../schemas/index.ts';
import {
  askProblems, checkStart, durationOf, effectiveSettings, freeStarts, insideOpen, parisMinute, peak, priceOf, quantityProblems,
  resourceCombination, startAllowed, startNotPast, type EngineRoom, type Held,
} from '../server/services/availability/engine.ts';
import { parisDay, parisTime } from '../server/services/availability/paris.ts';

const t = (iso: string) => Date.parse(iso);
const SETTINGS: SlotSettings = {
  calendarIntervalToShowInMinutes: 5, reservationMinuteStartsAllowed: [0, 15, 30, 45], bookingSlotMinimumDuration: 60,
  maxMainSlots: 5, maxExtensionsSlots: 1, smallSlotDurationAfterMainSlot: 0, oneBookingPerSlotOnly: true,
};
const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const C = 'cccccccccccccccccccccccc';
const G = 'gggggggggggggggggggggggg';
const room = (over: Partial<EngineRoom> = {}): EngineRoom => ({
  settings: SETTINGS, allowPastStartsToday: false, sharedRessources: [], bookerSettings: [], bookerGroupsQuantity: [], bookers: [], bookerGroups: {}, ...over,
});
const held = (start: string, end: string, quantity: { booker: string; quantity: number }[] = [{ booker: A, quantity: 1 }], res: string[] = []): Held =>
  ({ start: t(start), end: t(end), quantity, sharedResourcesUUIds: res });
const open = (...pairs: [string, string][]) => pairs.map(([s, e]) => ({ start: t(s), end: t(e) }));

describe('booking : moteur de disponibilité (règles du §5)', () => {
  describe('heure de Paris', () => {
    it('la minute de Paris est la minute UTC, jours de changement d’heure compris', () => {
      for (let ms = t('2026-03-28T20:00:00Z'); ms < t('2026-03-29T06:00:00Z'); ms += 7 * 60_000) expect(parisMinute(ms)).to.equal(parisTime(ms).minutes);
      for (let ms = t('2026-10-24T20:00:00Z'); ms < t('2026-10-25T06:00:00Z'); ms += 7 * 60_000) expect(parisMinute(ms)).to.equal(parisTime(ms).minutes);
      expect(parisTime(t('2026-03-29T01:30:00Z'))).to.deep.equal({ hours: 3, minutes: 30 });
      expect(parisTime(t('2026-10-25T00:30:00Z'))).to.deep.equal({ hours: 2, minutes: 30 });
      expect(parisTime(t('2026-10-25T01:30:00Z'))).to.deep.equal({ hours: 2, minutes: 30 });
    });
  });

  describe('début dans le passé, aux limites du jour à Paris', () => {
    it('refuse un début passé aujourd’hui, sauf si la salle le permet ; jamais la veille', () => {
      // now: 1 December 00:30 in Paris (30 November 23:30 UTC)
      const now = t('2026-11-30T23:30:00Z');
      expect(parisDay(now)).to.equal('2026-12-01');
      // 00:15 in Paris the same day: past, today
      expect(startNotPast(t('2026-11-30T23:15:00Z'), now, false)).to.equal(false);
      expect(startNotPast(t('2026-11-30T23:15:00Z'), now, true)).to.equal(true);
      // 23:45 in Paris the day before: past, yesterday, even when past starts are allowed
      expect(startNotPast(t('2026-11-30T22:45:00Z'), now, true)).to.equal(false);
      expect(startNotPast(t('2026-11-30T23:30:00Z'), now, false)).to.equal(true);
    });

    it('en été (UTC+2) la veille à Paris commence plus tôt en UTC', () => {
      const now = t('2026-07-14T22:10:00Z'); // 15 July 00:10 in Paris
      expect(startNotPast(t('2026-07-14T22:00:00Z'), now, true)).to.equal(true); // 00:00 in Paris, today
      expect(startNotPast(t('2026-07-14T21:45:00Z'), now, true)).to.equal(false); // 23:45 the 14th
    });

    it('un début permis : minute autorisée, ouvert, pas passé', () => {
      const o = open(['2026-12-01T08:00:00Z', '2026-12-01T17:00:00Z']);
      const now = t('2026-12-01T07:00:00Z');
      expect(startAllowed(SETTINGS, o, t('2026-12-01T08:15:00Z'), now, false)).to.equal(true);
      expect(startAllowed(SETTINGS, o, t('2026-12-01T08:20:00Z'), now, false)).to.equal(false);
      expect(startAllowed(SETTINGS, o, t('2026-12-01T07:45:00Z'), now, false)).to.equal(false);
      expect(startAllowed(SETTINGS, o, t('2026-12-01T17:00:00Z'), now, false)).to.equal(false);
      expect(startAllowed({ ...SETTINGS, reservationMinuteStartsAllowed: [20] }, o, t('2026-12-01T08:20:00Z'), now, false)).to.equal(true);
    });
  });

  describe('durée et intervalles couverts', () => {
    it('durée = créneaux × durée minimale + prolongations × petit créneau', () => {
      expect(durationOf(SETTINGS, 3, 0)).to.equal(180);
      expect(durationOf({ ...SETTINGS, smallSlotDurationAfterMainSlot: 20, bookingSlotMinimumDuration: 45 }, 2, 1)).to.equal(110);
      expect(askProblems(SETTINGS, { slots: 6, extensions: 0 }).map((p) => p.field)).to.deep.equal(['slots']);
      expect(askProblems(SETTINGS, { slots: 1, extensions: 1 }).map((p) => p.field)).to.deep.equal(['extensionSlots']);
      expect(askProblems({ ...SETTINGS, smallSlotDurationAfterMainSlot: 30 }, { slots: 1, extensions: 1 })).to.deep.equal([]);
      expect(askProblems({ ...SETTINGS, smallSlotDurationAfterMainSlot: 30 }, { slots: 1, extensions: 2 }).map((p) => p.field)).to.deep.equal(['extensionSlots']);
    });

    it('toute la durée doit être ouverte : une pause de midi coupe les débuts qui la chevauchent', () => {
      const o = open(['2026-12-01T08:00:00Z', '2026-12-01T11:00:00Z'], ['2026-12-01T12:00:00Z', '2026-12-01T17:00:00Z']);
      expect(insideOpen(o, t('2026-12-01T10:00:00Z'), t('2026-12-01T11:00:00Z'))).to.equal(true);
      expect(insideOpen(o, t('2026-12-01T10:15:00Z'), t('2026-12-01T11:15:00Z'))).to.equal(false);
      expect(insideOpen(o, t('2026-12-01T11:15:00Z'), t('2026-12-01T12:15:00Z'))).to.equal(false);
      const starts = freeStarts(room(), SETTINGS, o, [], { slots: 1, extensions: 0, quantity: [] }, t('2026-12-01T00:00:00Z'), t('2026-12-02T00:00:00Z'), t('2026-11-30T00:00:00Z'));
      const list = starts.map((s) => new Date(s.start).toISOString().slice(11, 16));
      for (const ok of ['08:00', '10:00', '12:00', '16:00']) expect(list).to.include(ok);
      for (const no of ['10:15', '11:30', '16:15']) expect(list).to.not.include(no);
      // 08:00 to 10:00, then 12:00 to 16:00, by quarters
      expect(list).to.have.length(9 + 17);
    });

    it('jour du passage à l’heure d’été : 09:00–17:00 à Paris devient 07:00Z–15:00Z, sans trou ni doublon', () => {
      // the 29 March opening as kernel.establishments computes it
      const o = open(['2026-03-28T08:00:00Z', '2026-03-28T16:00:00Z'], ['2026-03-29T07:00:00Z', '2026-03-29T15:00:00Z'], ['2026-03-30T07:00:00Z', '2026-03-30T15:00:00Z']);
      const starts = freeStarts(room(), { ...SETTINGS, reservationMinuteStartsAllowed: [0] }, o, [], { slots: 1, extensions: 0, quantity: [] }, t('2026-03-28T00:00:00Z'), t('2026-03-31T00:00:00Z'), t('2026-03-01T00:00:00Z'));
      const paris = starts.map((s) => `${parisDay(s.start)} ${String(parisTime(s.start).hours).padStart(2, '0')}:00`);
      for (const d of ['2026-03-28', '2026-03-29', '2026-03-30']) {
        expect(paris.filter((p) => p.startsWith(d))).to.deep.equal(['09', '10', '11', '12', '13', '14', '15', '16'].map((h) => `${d} ${h}:00`));
      }
    });

    it('jour du passage à l’heure d’hiver : une réservation de nuit de 01:00 à 04:00 à Paris dure 4 h réelles', () => {
      // open all night 25 October in Paris: 00:00 CEST (22:00Z) to 06:00 CET (05:00Z) = 7 real hours
      const o = open(['2026-10-24T22:00:00Z', '2026-10-25T05:00:00Z']);
      const starts = freeStarts(room(), { ...SETTINGS, reservationMinuteStartsAllowed: [0] }, o, [], { slots: 3, extensions: 0, quantity: [] }, t('2026-10-24T22:00:00Z'), t('2026-10-25T05:00:00Z'), t('2026-10-01T00:00:00Z'));
      // starts every real hour: 00:00, 01:00, 02:00 (CEST), 02:00 (CET), 03:00 — each of 3 real hours
      expect(starts.map((s) => new Date(s.start).toISOString())).to.deep.equal(['2026-10-24T22:00:00.000Z', '2026-10-24T23:00:00.000Z', '2026-10-25T00:00:00.000Z', '2026-10-25T01:00:00.000Z', '2026-10-25T02:00:00.000Z']);
      expect(starts.every((s) => s.end - s.start === 3 * 3_600_000)).to.equal(true);
    });
  });

  describe('un seul créneau par réservation, et réservations partagées', () => {
    it('refuse tout chevauchement quand une réservation par créneau ; l’accepte sinon', () => {
      const o = open(['2026-12-01T08:00:00Z', '2026-12-01T17:00:00Z']);
      const h = [held('2026-12-01T09:00:00Z', '2026-12-01T10:00:00Z')];
      const ask = { slots: 1, extensions: 0, quantity: [{ booker: A, quantity: 1 }] };
      const now = t('2026-11-30T00:00:00Z');
      const v = checkStart(room(), SETTINGS, o, h, ask, t('2026-12-01T09:30:00Z'), now);
      expect(v).to.deep.equal({ ok: false, reason: 'Ce créneau est déjà réservé.', conflict: true });
      expect(checkStart(room(), SETTINGS, o, h, ask, t('2026-12-01T10:00:00Z'), now).ok).to.equal(true);
      expect(checkStart(room(), { ...SETTINGS, oneBookingPerSlotOnly: false }, o, h, ask, t('2026-12-01T09:30:00Z'), now).ok).to.equal(true);
    });
  });

  describe('quantités par groupe et par réservant', () => {
    const r = room({
      bookerGroupsQuantity: [{ quantity: 6, ignoreGroupSettings: false, fk: { group: G } }],
      bookerSettings: [{ maxElement: 4, priceForMainSlot: 10, priceForNextSlots: 10, priceForExtendedSlots: 5, fk: { booker: C } }],
      bookerGroups: { [A]: [G] },
    });
    const s = t('2026-12-01T09:00:00Z');
    const e = t('2026-12-01T10:00:00Z');

    it('le total d’un groupe ne dépasse pas sa limite, réservations simultanées comprises (pic)', () => {
      expect(quantityProblems(r, [{ booker: A, quantity: 6 }], [], s, e)).to.deep.equal([]);
      expect(quantityProblems(r, [{ booker: A, quantity: 7 }], [], s, e)).to.have.length(1);
      // two earlier bookings that never overlap each other: the peak is 3, not 5
      const h = [held('2026-12-01T09:00:00Z', '2026-12-01T09:30:00Z', [{ booker: A, quantity: 3 }]), held('2026-12-01T09:30:00Z', '2026-12-01T10:00:00Z', [{ booker: A, quantity: 2 }])];
      expect(peak(h, s, e, (x) => x.quantity[0].quantity)).to.equal(3);
      expect(quantityProblems(r, [{ booker: A, quantity: 3 }], h, s, e)).to.deep.equal([]);
      expect(quantityProblems(r, [{ booker: A, quantity: 4 }], h, s, e)[0].message).to.equal('le groupe est limité à 6 (déjà 3 sur ce créneau, 4 demandés)');
    });

    it('un réservant sans limite de groupe est tenu à son maxElement (10 par défaut)', () => {
      expect(quantityProblems(r, [{ booker: C, quantity: 4 }], [], s, e)).to.deep.equal([]);
      expect(quantityProblems(r, [{ booker: C, quantity: 5 }], [], s, e)[0].message).to.equal('au plus 4 pour ce type de réservant (déjà 0 sur ce créneau, 5 demandés)');
      const other = 'dddddddddddddddddddddddd';
      expect(quantityProblems(r, [{ booker: other, quantity: 10 }], [], s, e)).to.deep.equal([]);
      expect(quantityProblems(r, [{ booker: other, quantity: 11 }], [], s, e)).to.have.length(1);
    });

    it('un groupe marqué ignoreGroupSettings ne s’applique pas : ses réservants ont leur maxElement', () => {
      const ignored = room({ ...r, bookerGroupsQuantity: [{ quantity: 2, ignoreGroupSettings: true, fk: { group: G } }] });
      expect(quantityProblems(ignored, [{ booker: A, quantity: 9 }], [], s, e)).to.deep.equal([]);
      expect(quantityProblems(ignored, [{ booker: A, quantity: 11 }], [], s, e)).to.have.length(1);
    });
  });

  describe('ressources partagées groupées par code', () => {
    const res = (name: string, code: string | undefined, over: Partial<BookersSharedResource> = {}): BookersSharedResource =>
      ({ name, uuid: name, groupingCode: code, enabled: true, maxBookers: 4, priority: 0, ...over });
    const s = t('2026-12-01T09:00:00Z');
    const e = t('2026-12-01T11:00:00Z');
    const ask = [{ booker: A, quantity: 2 }];

    it('une ressource par code, la plus prioritaire libre ; aucune exigée sans ressource active', () => {
      const r = room({ sharedRessources: [res('Piste 2', 'piste', { priority: 2 }), res('Piste 1', 'piste', { priority: 1 }), res('Moniteur', 'moniteur')] });
      expect(resourceCombination(r, ask, [], s, e)).to.deep.equal(['Moniteur', 'Piste 1']);
      expect(resourceCombination(room({ sharedRessources: [res('Off', 'x', { enabled: false })] }), ask, [], s, e)).to.deep.equal([]);
    });

    it('libre pendant toute la durée : une réservation qui n’en couvre qu’une partie la prend', () => {
      const r = room({ sharedRessources: [res('Piste 1', 'piste'), res('Piste 2', 'piste')] });
      const h = [held('2026-12-01T10:30:00Z', '2026-12-01T11:30:00Z', [{ booker: A, quantity: 4 }], ['Piste 1'])];
      expect(resourceCombination(r, ask, h, s, e)).to.deep.equal(['Piste 2']);
      const both = [...h, held('2026-12-01T08:00:00Z', '2026-12-01T09:15:00Z', [{ booker: A, quantity: 3 }], ['Piste 2'])];
      expect(resourceCombination(r, ask, both, s, e)).to.equal(null);
      // the second lane has room for one more
      expect(resourceCombination(r, [{ booker: A, quantity: 1 }], both, s, e)).to.deep.equal(['Piste 2']);
    });

    it('une ressource réservée à certains réservants n’en sert pas d’autres ; un code sans ressource libre bloque tout', () => {
      const r = room({ sharedRessources: [res('Bassin enfants', 'bassin', { fk: { bookers: [C] } }), res('Coach', 'coach', { maxBookers: 1 })] });
      expect(resourceCombination(r, [{ booker: C, quantity: 1 }], [], s, e)).to.deep.equal(['Bassin enfants', 'Coach']);
      expect(resourceCombination(r, [{ booker: A, quantity: 1 }], [], s, e)).to.equal(null);
      expect(resourceCombination(r, [{ booker: C, quantity: 2 }], [], s, e)).to.equal(null);
    });
  });

  describe('prix', () => {
    it('(premier + suivants + prolongations) × quantité, exact au centime, valeurs du §9 par défaut', () => {
      const r = room({ bookerSettings: [{ maxElement: 10, priceForMainSlot: 0.1, priceForNextSlots: 0.2, priceForExtendedSlots: 0.35, fk: { booker: A } }] });
      const p = priceOf(r, { slots: 3, extensions: 1, quantity: [{ booker: A, quantity: 3 }, { booker: C, quantity: 2 }] });
      // (0.10 + 2 × 0.20 + 0.35) × 3 = 2.55 ; (10 + 2 × 10 + 5) × 2 = 70
      expect(p.total).to.equal(72.55);
      expect(p.lines.map((l) => l.total)).to.deep.equal([2.55, 70]);
      expect(priceOf(room(), { slots: 1, extensions: 0, quantity: [{ booker: A, quantity: 1 }] }).total).to.equal(10);
    });
  });

  it('un mode remplace les réglages de créneaux qu’il fixe', () => {
    expect(effectiveSettings(SETTINGS, { bookingSlotMinimumDuration: 90, reservationMinuteStartsAllowed: [0] })).to.deep.include({ bookingSlotMinimumDuration: 90, reservationMinuteStartsAllowed: [0], maxMainSlots: 5 });
  });
});
