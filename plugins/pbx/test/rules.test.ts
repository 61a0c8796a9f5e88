/**
 * The rules as plain functions: TimeOfYear inclusion (every part compared), the four playlist modes,
 * every node kind's exits and defaults (spec 001 §4, §9), the walk through a queue.
 */
import { expect } from 'chai';
import { formatTimeOfYearPoint, playlistAt, playlistItemApplies, timeOfYearContains } from '../server/services/calendar/time-of-year.ts';
import { CALL_NODE_KINDS, DEFAULTS, NODE_KIND, withDefaults } from '../server/services/routing/nodes.ts';
import { RUNNERS, type CallState, type StepEnv } from '../server/services/routing/steps.ts';
import type { TimeOfYear } from '../schemas/index.ts';

/** an instant given as Paris wall-clock time (winter: UTC+1, summer: UTC+2) */
const paris = (iso: string) => {
  const d = new Date(`${iso}Z`);
  const offset = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: 'numeric', hourCycle: 'h23' }).format(d)) - d.getUTCHours();
  return new Date(d.getTime() - (((offset + 24) % 24) * 3600_000));
};

const period = (id: string, start: TimeOfYear['start'], end: TimeOfYear['end'], enabled = true) =>
  ({ _id: id, name: id, start, end, enabled }) as TimeOfYear;

describe('pbx: times of year', () => {
  it('compares every part of start and end, seconds included', () => {
    const p = { start: { year: 2026, month: 12, day: 24, hours: 12, minutes: 0, seconds: 0 }, end: { year: 2026, month: 12, day: 24, hours: 18, minutes: 30, seconds: 15 } };
    expect(timeOfYearContains(p, paris('2026-12-24T11:59:59'))).to.equal(false);
    expect(timeOfYearContains(p, paris('2026-12-24T12:00:00'))).to.equal(true);
    expect(timeOfYearContains(p, paris('2026-12-24T18:30:15'))).to.equal(true);
    expect(timeOfYearContains(p, paris('2026-12-24T18:30:16'))).to.equal(false);
    expect(timeOfYearContains(p, paris('2025-12-24T15:00:00'))).to.equal(false);
  });
  it('repeats every year without a year, and wraps over the new year', () => {
    const xmas = { start: { month: 12, day: 24 }, end: { month: 12, day: 26 } };
    expect(timeOfYearContains(xmas, paris('2031-12-26T23:59:59'))).to.equal(true);
    expect(timeOfYearContains(xmas, paris('2031-12-27T00:00:00'))).to.equal(false);
    const winter = { start: { month: 12, day: 20 }, end: { month: 1, day: 5 } };
    expect(timeOfYearContains(winter, paris('2027-01-03T10:00:00'))).to.equal(true);
    expect(timeOfYearContains(winter, paris('2027-12-21T10:00:00'))).to.equal(true);
    expect(timeOfYearContains(winter, paris('2027-06-01T10:00:00'))).to.equal(false);
  });
  it('reads a period in Paris time, summer and winter', () => {
    const lunch = { start: { hours: 12, minutes: 0 }, end: { hours: 13, minutes: 59 } };
    expect(timeOfYearContains(lunch, new Date('2026-07-01T10:30:00Z'))).to.equal(true); // 12:30 in Paris
    expect(timeOfYearContains(lunch, new Date('2026-01-15T10:30:00Z'))).to.equal(false); // 11:30 in Paris
    expect(timeOfYearContains({ start: {}, end: {} }, new Date())).to.equal(true);
  });
  it('shows a missing part with a placeholder', () => {
    expect(formatTimeOfYearPoint({ month: 12, day: 24, hours: 8 })).to.equal('24/12/– 08:–:–');
  });
});

describe('pbx: playlist modes', () => {
  const holidays = period('h', { month: 8, day: 1 }, { month: 8, day: 31 });
  const sales = period('s', { month: 1, day: 10 }, { month: 2, day: 5 });
  const off = period('o', { month: 3, day: 1 }, { month: 3, day: 31 }, false);
  const item = (timeOfYearMode: string, timesOfYear: string[] = [], enabled = true) =>
    ({ type: 'audio', timeOfYearMode, enabled, fk: { timesOfYear } }) as never;
  const at = (iso: string) => playlistAt([
    { ...item('everytime') as object, audioFile: 'toujours' },
    { ...item('out-of-any-time-of-year') as object, audioFile: 'hors-periode' },
    { ...item('in-selected-time-of-year', ['h']) as object, audioFile: 'vacances' },
    { ...item('not-in-selected-time-of-year', ['h']) as object, audioFile: 'pas-vacances' },
    { ...item('everytime', [], false) as object, audioFile: 'desactive' },
  ] as never[], [holidays, sales, off], paris(iso)).map((i: { audioFile: string }) => i.audioFile);

  it('everytime always; out of any period only when no enabled period contains the date', () => {
    expect(at('2026-08-10T10:00:00')).to.deep.equal(['toujours', 'vacances']);
    expect(at('2026-01-20T10:00:00')).to.deep.equal(['toujours', 'pas-vacances']);
    // March's period is disabled: the date is out of any known period
    expect(at('2026-03-10T10:00:00')).to.deep.equal(['toujours', 'hors-periode', 'pas-vacances']);
  });
  it('a disabled item never applies', () => {
    expect(playlistItemApplies(item('everytime', [], false), new Set())).to.equal(false);
    expect(playlistItemApplies(item('in-selected-time-of-year', []), new Set(['h']))).to.equal(false);
  });
});

describe('pbx: node kinds, exits and defaults', () => {
  const exits = (id: string) => NODE_KIND.get(id)!.exits.map((e) => e.id);
  const labels = (id: string) => NODE_KIND.get(id)!.exits.map((e) => e.label);

  it('has exactly the spec’s exits', () => {
    expect(exits('incoming-context')).to.deep.equal(['main']);
    expect(NODE_KIND.get('incoming-context')!.starter).to.equal(true);
    expect(NODE_KIND.get('hang-up')!.ending).to.equal(true);
    expect(exits('identification')).to.deep.equal(['detected', 'not-detected']);
    expect(labels('customer-or-contact')).to.deep.equal(['Aucun', 'Les deux', 'Client', 'Contact']);
    for (const id of ['play-audio', 'tts', 'hang-up', 'go-to-context', 'ring-voip', 'waiting-playlist', 'tts-pre-pickup-choice', 'pass-through']) {
      expect(exits(id), id).to.deep.equal(['main']);
    }
    expect(exits('last-keypad-input')).to.deep.equal(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-', 'A']);
    expect(NODE_KIND.get('last-keypad-input')!.exits.filter((e) => e.hiddenByDefault).map((e) => e.id)).to.deep.equal(['0', '3', '4', '5', '6', '7', '8', '9']);
    expect(exits('pre-user-request')).to.deep.equal(['transfer', 'reject', 'waiting-time', 'no-answer', 'no-op']);
    for (const id of ['groups', 'number-prefix', 'number-lists']) expect(exits(id), id).to.deep.equal(['included', 'not-included']);
    expect(exits('time-router')).to.deep.equal(['before', 'equals', 'after']);
    expect(exits('already-visited')).to.deep.equal(['first-time', 'already-seen', 'limit-reached']);
    expect(CALL_NODE_KINDS).to.have.length(18);
  });

  it('fills the §9 defaults', () => {
    expect(withDefaults(NODE_KIND.get('already-visited')!, {})).to.deep.equal({ limit: 5 });
    expect(withDefaults(NODE_KIND.get('ring-voip')!, {}).duration).to.equal(60);
    expect(withDefaults(NODE_KIND.get('waiting-playlist')!, {}).delay).to.equal(30);
    expect(withDefaults(NODE_KIND.get('tts-pre-pickup-choice')!, {}).delay).to.equal(30);
    expect(withDefaults(NODE_KIND.get('time-router')!, {}).time).to.equal('12:00');
    expect(withDefaults(NODE_KIND.get('go-to-context')!, { context: 'x' })).to.include({ exten: 's', priority: 1 });
    expect(DEFAULTS.hangUpContext).to.equal('atmos-hang-up');
  });
});

/** an environment over plain data: these tests are about the nodes, the call tests use the real one */
function env(over: Partial<StepEnv> = {}): StepEnv {
  return {
    identify: async () => ({ customers: ['c1'], contacts: [], groups: ['g1'], name: 'Boulangerie' }),
    numberLists: async (ids) => ids.map((_id) => ({ _id, numbers: ['06 12 34 56 78'] })),
    playlist: async () => null,
    timesOfYear: async () => [],
    sipUsers: async (ids) => ({ endpoints: ids.map((i) => `poste-${i}`), users: ids }),
    prePickupChoice: async () => null,
    ...over,
  };
}

const request = { context: 'atmos-incoming', caller: '+33612345678', exten: '0140000000', callid: '1700000000.1', input: '' };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the results are a union the assertions read freely
const step = async (identifier: string, o: { config?: Record<string, unknown>; input?: Record<string, unknown>; state?: CallState; visits?: number; now?: Date; env?: StepEnv } = {}): Promise<any> =>
  RUNNERS[identifier]({
    nodeUuid: 'n1', config: withDefaults(NODE_KIND.get(identifier)!, o.config), input: { ...request, ...o.input }, state: o.state ?? {},
    visits: o.visits ?? 1, now: o.now ?? new Date(), env: o.env ?? env(),
  });
const nobody = env({ identify: async () => ({ customers: [], contacts: [], groups: [] }) });

describe('pbx: what each node does', () => {
  it('identification and customer-or-contact read the contacts once per call (kept in the run\'s state)', async () => {
    expect(await step('identification')).to.deep.include({ exit: 'detected', state: { identified: { customers: ['c1'], contacts: [], groups: ['g1'], name: 'Boulangerie' } } });
    expect(await step('identification', { env: nobody })).to.include({ exit: 'not-detected' });
    expect(await step('customer-or-contact', { env: env({ identify: async () => ({ customers: ['a'], contacts: ['b'], groups: [] }) }) })).to.include({ exit: 'both' });
    expect(await step('customer-or-contact', { env: env({ identify: async () => ({ customers: [], contacts: ['b'], groups: [] }) }) })).to.include({ exit: 'contact' });
    expect(await step('customer-or-contact', { env: nobody })).to.include({ exit: 'none' });
    // already identified: the state answers, the contacts are not asked again
    expect(await step('customer-or-contact', { state: { identified: { customers: ['x'], contacts: [], groups: [] } }, env: nobody })).to.include({ exit: 'customer' });
  });
  it('groups, prefixes and number lists: included or not', async () => {
    expect(await step('groups', { config: { groups: ['g1'] } })).to.include({ exit: 'included' });
    expect(await step('groups', { config: { groups: ['g2'] } })).to.include({ exit: 'not-included' });
    expect(await step('number-prefix', { config: { prefixes: ['06'] } })).to.include({ exit: 'included' });
    expect(await step('number-prefix', { config: { prefixes: ['+336'] } })).to.include({ exit: 'included' });
    expect(await step('number-prefix', { config: { prefixes: ['01'] } })).to.include({ exit: 'not-included' });
    expect(await step('number-prefix', { config: { prefixes: ['06'] }, input: { caller: '' } })).to.include({ exit: 'not-included' });
    expect(await step('number-lists', { config: { lists: ['l1'] }, state: { lists: ['l0'] } })).to.deep.include({ exit: 'included', state: { lists: ['l0', 'l1'] } });
    expect(await step('number-lists', { config: { lists: ['l1'] }, input: { caller: '0700000000' } })).to.include({ exit: 'not-included' });
  });
  it('time router: before, equals, after 12:00 (Paris) by default', async () => {
    expect(await step('time-router', { now: paris('2026-11-28T11:59:00') })).to.include({ exit: 'before' });
    expect(await step('time-router', { now: paris('2026-11-28T12:00:40') })).to.include({ exit: 'equals' });
    expect(await step('time-router', { now: paris('2026-07-28T12:01:00') })).to.include({ exit: 'after' });
    expect(await step('time-router', { config: { time: '18:30' }, now: paris('2026-11-28T18:00:00') })).to.include({ exit: 'before' });
  });
  it('already visited: first time, then already seen up to the limit (5), then limit reached', async () => {
    const seen = [];
    for (let visits = 1; visits <= 7; visits++) seen.push((await step('already-visited', { visits })).exit);
    expect(seen).to.deep.equal(['first-time', 'already-seen', 'already-seen', 'already-seen', 'already-seen', 'limit-reached', 'limit-reached']);
  });
  it('last keypad input: the digit, none (-) or other (A)', async () => {
    expect(await step('last-keypad-input', { input: { input: '2' } })).to.include({ exit: '2' });
    expect(await step('last-keypad-input', { input: { input: '' } })).to.include({ exit: '-' });
    expect(await step('last-keypad-input', { input: { input: '#' } })).to.include({ exit: 'A' });
  });
  it('pre-user request: the operator’s choice, no-op without one', async () => {
    expect(await step('pre-user-request')).to.include({ exit: 'no-op' });
    for (const [action, exit] of [['wait', 'waiting-time'], ['transfer', 'transfer'], ['reject', 'reject'], ['no-answer', 'no-answer']]) {
      expect(await step('pre-user-request', { env: env({ prePickupChoice: async () => ({ action }) }) })).to.include({ exit });
    }
  });
  it('action nodes pause with what Asterisk does, then go on through main; ending nodes end', async () => {
    expect(await step('hang-up')).to.deep.equal({ end: true, output: { context: 'atmos-hang-up', exten: 's', priority: 1 } });
    expect(await step('go-to-context', { config: { context: 'support' } })).to.deep.equal({ end: true, output: { context: 'support', exten: 's', priority: 1 } });
    const ring = await step('ring-voip', { config: { users: ['u1', 'u2'] } });
    expect(ring).to.deep.include({ pause: true, exit: 'main', state: { potentialHotliners: ['u1', 'u2'] } });
    expect(ring.output).to.include({ dialSip: 'PJSIP/poste-u1&PJSIP/poste-u2', delay: 60 });
    expect((await step('tts', { config: { message: 'Bonjour' } })).output).to.include({ ttsMessage: 'Bonjour', collectDigits: 0 });
    expect((await step('tts-pre-pickup-choice')).output).to.include({ delay: 30 });
    expect(await step('ring-voip')).to.include({ exit: 'main' });
  });
  it('waiting playlist: the next applicable item at each return, 30 s by default', async () => {
    const list = { _id: 'p1', name: 'Attente', items: [{ audioFile: 'a', timeOfYearMode: 'everytime', enabled: true, fk: { timesOfYear: [] } }, { ttsMessage: 'Merci de patienter', timeOfYearMode: 'everytime', enabled: true, fk: { timesOfYear: [] } }] };
    const e = env({ playlist: async () => list as never });
    const first = await step('waiting-playlist', { config: { playlist: 'p1' }, env: e });
    expect(first.output).to.include({ audioFile: 'a', delay: 30 });
    const second = await step('waiting-playlist', { config: { playlist: 'p1' }, env: e, state: first.state });
    expect(second.output).to.include({ ttsMessage: 'Merci de patienter' });
    expect(await step('waiting-playlist', { config: { playlist: 'p1' } })).to.deep.equal({ exit: 'main' });
  });
});
