/**
 * The rules as plain functions: TimeOfYear inclusion (every part compared), the four playlist modes,
 * every node kind's exits and defaults (spec 001 §4, §9), the walk through a queue.
 */
import { expect } from 'chai';
import { formatTimeOfYearPoint, playlistAt, playlistItemApplies, timeOfYearContains } from '../server/services/calendar/time-of-year.ts';
import { CALL_NODE_KINDS, DEFAULTS, NODE_KIND, withDefaults } from '../server/services/routing/nodes.ts';
import { runStep, type StepEnv } from '../server/services/routing/steps.ts';
import { walk, type QueueNode } from '../server/services/routing/walk.ts';
import type { Call, TimeOfYear } from '../schemas/index.ts';

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
    expect(exits('pbx-incoming-context')).to.deep.equal(['main']);
    expect(NODE_KIND.get('pbx-incoming-context')!.starter).to.equal(true);
    expect(exits('pbx-identification')).to.deep.equal(['detected', 'not-detected']);
    expect(labels('pbx-customer-or-contact')).to.deep.equal(['Aucun', 'Les deux', 'Client', 'Contact']);
    for (const id of ['pbx-play-audio', 'pbx-tts', 'pbx-hang-up', 'pbx-go-to-context', 'pbx-ring-voip', 'pbx-waiting-playlist', 'pbx-tts-pre-pickup-choice', 'pbx-pass-through']) {
      expect(exits(id), id).to.deep.equal(['main']);
    }
    expect(exits('pbx-last-keypad-input')).to.deep.equal(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-', 'A']);
    expect(NODE_KIND.get('pbx-last-keypad-input')!.hiddenExits).to.deep.equal(['0', '3', '4', '5', '6', '7', '8', '9']);
    expect(exits('pbx-pre-user-request')).to.deep.equal(['transfer', 'reject', 'waiting-time', 'no-answer', 'no-op']);
    for (const id of ['pbx-groups', 'pbx-number-prefix', 'pbx-number-lists']) expect(exits(id), id).to.deep.equal(['included', 'not-included']);
    expect(exits('pbx-time-router')).to.deep.equal(['before', 'equals', 'after']);
    expect(exits('pbx-already-visited')).to.deep.equal(['first-time', 'already-seen', 'limit-reached']);
    expect(CALL_NODE_KINDS).to.have.length(18);
  });

  it('fills the §9 defaults', () => {
    expect(withDefaults(NODE_KIND.get('pbx-already-visited')!, {})).to.deep.equal({ limit: 5 });
    expect(withDefaults(NODE_KIND.get('pbx-ring-voip')!, {}).duration).to.equal(60);
    expect(withDefaults(NODE_KIND.get('pbx-waiting-playlist')!, {}).delay).to.equal(30);
    expect(withDefaults(NODE_KIND.get('pbx-tts-pre-pickup-choice')!, {}).delay).to.equal(30);
    expect(withDefaults(NODE_KIND.get('pbx-time-router')!, {}).time).to.equal('12:00');
    expect(withDefaults(NODE_KIND.get('pbx-go-to-context')!, { context: 'x' })).to.include({ exten: 's', priority: 1 });
    expect(DEFAULTS.hangUpContext).to.equal('atmos-hang-up');
  });
});

function newCall(over: Partial<Call> = {}): Call {
  return {
    _id: '0'.repeat(24), asteriskId: '1700000000.1', callerNumber: '+33612345678', date: new Date().toISOString(), requests: 0, attachments: [],
    waiting: false, state: 'live', context: 'atmos-incoming', exten: '0140000000', path: [], visits: {}, lastInput: '',
    metadata: { creationDate: '', lastModificationDate: '', createdBy: null, lastModifiedBy: null },
    fk: { company: '0'.repeat(24), potentialHotliners: [], lists: [], postAddedLists: [] }, ...over,
  } as Call;
}

/** an environment over plain data: these tests are about the nodes, the service tests use the real one */
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

const request = { context: 'atmos-incoming', caller: '+33612345678', exten: '0140000000', callid: '1700000000.1' };
const step = (pluginIdentifier: string, configuration: Record<string, unknown> = {}, call = newCall(), now = new Date(), e = env()) =>
  runStep({ node: { uuid: 'n1', pluginIdentifier, configuration }, call, request, now, env: e });

describe('pbx: what each node does', () => {
  it('decision nodes take the exit the call matches', async () => {
    expect(await step('pbx-identification')).to.include({ exit: 'detected' });
    expect(await step('pbx-identification', {}, newCall(), new Date(), env({ identify: async () => ({ customers: [], contacts: [], groups: [] }) }))).to.include({ exit: 'not-detected' });
    expect(await step('pbx-customer-or-contact', {}, newCall(), new Date(), env({ identify: async () => ({ customers: ['a'], contacts: ['b'], groups: [] }) }))).to.include({ exit: 'both' });
    expect(await step('pbx-customer-or-contact', {}, newCall(), new Date(), env({ identify: async () => ({ customers: [], contacts: ['b'], groups: [] }) }))).to.include({ exit: 'contact' });
    expect(await step('pbx-groups', { groups: ['g1'] })).to.include({ exit: 'included' });
    expect(await step('pbx-groups', { groups: ['g2'] })).to.include({ exit: 'not-included' });
    expect(await step('pbx-number-prefix', { prefixes: ['06'] })).to.include({ exit: 'included' });
    expect(await step('pbx-number-prefix', { prefixes: ['+331'] })).to.include({ exit: 'not-included' });
    const c = newCall();
    expect(await step('pbx-number-lists', { lists: ['l1'] }, c)).to.include({ exit: 'included' });
    expect(c.fk.lists).to.deep.equal(['l1']);
  });
  it('time router: before, equals, after 12:00 (Paris) by default', async () => {
    expect(await step('pbx-time-router', {}, newCall(), paris('2026-11-28T11:59:00'))).to.include({ exit: 'before' });
    expect(await step('pbx-time-router', {}, newCall(), paris('2026-11-28T12:00:40'))).to.include({ exit: 'equals' });
    expect(await step('pbx-time-router', {}, newCall(), paris('2026-07-28T12:01:00'))).to.include({ exit: 'after' });
    expect(await step('pbx-time-router', { time: '18:30' }, newCall(), paris('2026-11-28T18:00:00'))).to.include({ exit: 'before' });
  });
  it('already visited: first time, then already seen up to the limit, then limit reached', async () => {
    const c = newCall();
    const seen = [];
    for (let i = 0; i < 7; i++) seen.push(((await step('pbx-already-visited', {}, c)) as { exit: string }).exit);
    expect(seen).to.deep.equal(['first-time', 'already-seen', 'already-seen', 'already-seen', 'already-seen', 'limit-reached', 'limit-reached']);
  });
  it('last keypad input: the digit, none (-) or other (A)', async () => {
    expect(await step('pbx-last-keypad-input', {}, newCall({ lastInput: '2' }))).to.include({ exit: '2' });
    expect(await step('pbx-last-keypad-input', {}, newCall({ lastInput: '' }))).to.include({ exit: '-' });
    expect(await step('pbx-last-keypad-input', {}, newCall({ lastInput: '#' }))).to.include({ exit: 'A' });
  });
  it('pre-user request: the operator’s choice, no-op without one', async () => {
    expect(await step('pbx-pre-user-request')).to.include({ exit: 'no-op' });
    for (const [action, exit] of [['wait', 'waiting-time'], ['transfer', 'transfer'], ['reject', 'reject'], ['no-answer', 'no-answer']]) {
      expect(await step('pbx-pre-user-request', {}, newCall(), new Date(), env({ prePickupChoice: async () => ({ action }) }))).to.include({ exit });
    }
  });
  it('action nodes answer what Asterisk does', async () => {
    expect(await step('pbx-hang-up')).to.deep.include({ goto: { context: 'atmos-hang-up', exten: 's', priority: 1 }, ends: true });
    expect(((await step('pbx-go-to-context', { context: 'support' })) as { goto: unknown }).goto).to.deep.equal({ context: 'support', exten: 's', priority: 1 });
    expect(((await step('pbx-ring-voip', { users: ['u1', 'u2'] })) as { goto: { dialSip: string; delay: number } }).goto).to.include({ dialSip: 'PJSIP/poste-u1&PJSIP/poste-u2', delay: 60 });
    expect(((await step('pbx-tts', { message: 'Bonjour' })) as { goto: unknown }).goto).to.include({ ttsMessage: 'Bonjour', collectDigits: 0 });
  });
});

describe('pbx: the walk through a queue', () => {
  const nodes: QueueNode[] = [
    { uuid: 'start', pluginIdentifier: 'pbx-incoming-context', configuration: { context: 'atmos-incoming' }, exits: { main: 'menu' } },
    { uuid: 'menu', pluginIdentifier: 'pbx-tts', configuration: { message: 'Tapez 1 ou 2', collectDigits: 1 }, exits: { main: 'key' } },
    { uuid: 'key', pluginIdentifier: 'pbx-last-keypad-input', exits: { 1: 'sales', 2: 'bye', '-': 'loop', A: 'loop' } },
    { uuid: 'loop', pluginIdentifier: 'pbx-already-visited', configuration: { limit: 2 }, exits: { 'first-time': 'menu', 'already-seen': 'menu', 'limit-reached': 'bye' } },
    { uuid: 'sales', pluginIdentifier: 'pbx-go-to-context', configuration: { context: 'ventes' }, exits: {} },
    { uuid: 'bye', pluginIdentifier: 'pbx-hang-up', exits: {} },
  ];
  it('pauses at each prompt, resumes with the keys typed, leaves at the end', async () => {
    const call = newCall();
    const first = await walk(nodes, call, request, new Date(), env());
    expect(first.goto).to.include({ ttsMessage: 'Tapez 1 ou 2' });
    expect(call.position).to.equal('menu');
    call.lastInput = '';
    const second = await walk(nodes, call, request, new Date(), env());
    expect(second.steps.map((s) => `${s.node}:${s.exit}`)).to.deep.equal(['key:-', 'loop:first-time', 'menu:main']);
    call.lastInput = '1';
    const third = await walk(nodes, call, request, new Date(), env());
    expect(third.goto).to.deep.equal({ context: 'ventes', exten: 's', priority: 1 });
    expect(third.ended).to.equal(true);
    expect(call.path).to.deep.equal(['start', 'menu', 'key', 'loop', 'menu', 'key', 'sales']);
  });
  it('an unconnected exit or a loop without action hangs up with the reason', async () => {
    const broken = await walk([{ uuid: 's', pluginIdentifier: 'pbx-incoming-context', exits: {} }], newCall(), request, new Date(), env());
    expect(broken.goto.context).to.equal('atmos-hang-up');
    expect(broken.problem).to.match(/sortie « main » du nœud s n’est reliée à rien/);
    const spin = await walk([
      { uuid: 's', pluginIdentifier: 'pbx-incoming-context', exits: { main: 'p' } },
      { uuid: 'p', pluginIdentifier: 'pbx-pass-through', exits: { main: 'p' } },
    ], newCall(), request, new Date(), env());
    expect(spin.problem).to.match(/la file boucle/);
  });
  it('picks the starter of the call’s context, else the one for every context', async () => {
    const two: QueueNode[] = [
      { uuid: 'a', pluginIdentifier: 'pbx-incoming-context', configuration: { context: 'ventes' }, exits: { main: 'x' } },
      { uuid: 'b', pluginIdentifier: 'pbx-incoming-context', configuration: {}, exits: { main: 'y' } },
      { uuid: 'x', pluginIdentifier: 'pbx-hang-up' }, { uuid: 'y', pluginIdentifier: 'pbx-hang-up' },
    ];
    const call = newCall();
    await walk(two, call, { ...request, context: 'ventes' }, new Date(), env());
    expect(call.path).to.deep.equal(['a', 'x']);
    const other = newCall();
    await walk(two, other, request, new Date(), env());
    expect(other.path).to.deep.equal(['b', 'y']);
  });
});
