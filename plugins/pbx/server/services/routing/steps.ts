/**
 * What each call-routing node does at a step of a call (README « Call routing »): a decision node
 * answers the exit taken at once; an action node answers the GotoInfo Asterisk must play, ring or
 * jump to, and the exit the call takes when Asterisk comes back with the next request.
 */
import type { Call, GotoInfo, IncomingCallContextRequestData, PlayList, TimeOfYear } from '../../../schemas/index.ts';
import { playlistAt } from '../calendar/time-of-year.ts';
import { DEFAULTS, NODE_KIND, withDefaults } from './nodes.ts';
import { samePhone as sameNumber, phoneDigits as nationalDigits } from '@comptoir/sdk';
import { parisParts } from '../calendar/time-of-year.ts';

export interface Identified { customers: string[]; contacts: string[]; groups: string[]; name?: string }

/** What the steps read, given by the calls service (repositories and other plugins' services). */
export interface StepEnv {
  identify(number: string): Promise<Identified>;
  numberLists(ids: string[]): Promise<{ _id: string; numbers: string[] }[]>;
  playlist(id: string): Promise<PlayList | null>;
  timesOfYear(): Promise<TimeOfYear[]>;
  /** the SIP endpoints (usernames) of these PBX users, and the company users they belong to */
  sipUsers(ids: string[]): Promise<{ endpoints: string[]; users: string[] }>;
  /** the latest operator's choice for this call, if any */
  prePickupChoice(asteriskId: string): Promise<{ action: string } | null>;
}

export interface StepNode { uuid: string; pluginIdentifier: string; configuration?: Record<string, unknown> }

export interface StepInput {
  node: StepNode;
  call: Call;
  request: IncomingCallContextRequestData;
  now: Date;
  env: StepEnv;
}

export type StepResult =
  | { exit: string; note?: string }
  | { goto: GotoInfo; exit: string; ends?: boolean; note?: string };

const goto = (g: Partial<GotoInfo>): GotoInfo => ({ context: '', exten: DEFAULTS.exitExten, priority: DEFAULTS.exitPriority, ...g });

export const HANG_UP: GotoInfo = goto({ context: DEFAULTS.hangUpContext });

/** « 12:00 » → minutes of the day */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

type Runner = (input: StepInput, config: Record<string, unknown>) => Promise<StepResult> | StepResult;

const RUNNERS: Record<string, Runner> = {
  'pbx-incoming-context': () => ({ exit: 'main' }),
  'pbx-pass-through': () => ({ exit: 'main' }),

  async 'pbx-identification'({ call, env }) {
    const found = call.identified ?? await env.identify(call.callerNumber);
    call.identified = found;
    const detected = found.customers.length + found.contacts.length > 0;
    return { exit: detected ? 'detected' : 'not-detected', note: found.name };
  },

  async 'pbx-customer-or-contact'({ call, env }) {
    const found = call.identified ?? await env.identify(call.callerNumber);
    call.identified = found;
    const c = found.customers.length > 0; const p = found.contacts.length > 0;
    return { exit: c && p ? 'both' : c ? 'customer' : p ? 'contact' : 'none' };
  },

  async 'pbx-groups'({ call, env }, config) {
    const found = call.identified ?? await env.identify(call.callerNumber);
    call.identified = found;
    const wanted = new Set(config.groups as string[]);
    return { exit: found.groups.some((g) => wanted.has(g)) ? 'included' : 'not-included' };
  },

  'pbx-number-prefix'({ call }, config) {
    const caller = call.callerNumber;
    const national = nationalDigits(caller);
    const hit = (config.prefixes as string[]).some((p) => caller.startsWith(p) || (national !== '' && national.startsWith(nationalDigits(p) || p)));
    return { exit: hit ? 'included' : 'not-included' };
  },

  async 'pbx-number-lists'({ call, env }, config) {
    const lists = await env.numberLists(config.lists as string[]);
    const hits = lists.filter((l) => l.numbers.some((n) => sameNumber(n, call.callerNumber)));
    for (const l of hits) if (!call.fk.lists.includes(l._id)) call.fk.lists.push(l._id);
    return { exit: hits.length ? 'included' : 'not-included' };
  },

  'pbx-time-router'({ now }, config) {
    const [, , , h, m] = parisParts(now);
    const at = h * 60 + m; const ref = minutesOf(String(config.time));
    return { exit: at < ref ? 'before' : at === ref ? 'equals' : 'after' };
  },

  'pbx-already-visited'({ call, node }, config) {
    const n = (call.visits[node.uuid] ?? 0) + 1;
    call.visits = { ...call.visits, [node.uuid]: n };
    const limit = Number(config.limit);
    return { exit: n === 1 ? 'first-time' : n <= limit ? 'already-seen' : 'limit-reached' };
  },

  'pbx-last-keypad-input'({ call }) {
    const key = call.lastInput.slice(-1);
    if (key === '') return { exit: '-' };
    return { exit: /^[0-9]$/.test(key) ? key : 'A' };
  },

  async 'pbx-pre-user-request'({ call, env }) {
    const choice = await env.prePickupChoice(call.asteriskId);
    const exit = !choice ? 'no-op' : choice.action === 'wait' ? 'waiting-time' : choice.action;
    return { exit };
  },

  'pbx-play-audio'(_, config) {
    return { goto: goto({ audioFile: String(config.audioFile), collectDigits: Number(config.collectDigits) }), exit: 'main' };
  },

  'pbx-tts'(_, config) {
    return { goto: goto({ ttsMessage: String(config.message), collectDigits: Number(config.collectDigits) }), exit: 'main' };
  },

  'pbx-tts-pre-pickup-choice'(_, config) {
    return { goto: goto({ ttsMessage: String(config.message), delay: Number(config.delay) }), exit: 'main' };
  },

  'pbx-hang-up'() {
    return { goto: HANG_UP, exit: 'main', ends: true };
  },

  'pbx-go-to-context'(_, config) {
    return { goto: goto({ context: String(config.context), exten: String(config.exten), priority: Number(config.priority) }), exit: 'main', ends: true };
  },

  async 'pbx-ring-voip'({ call, env }, config) {
    const { endpoints, users } = await env.sipUsers(config.users as string[]);
    // the people whose phones ring may pick up: the call's potential hotliners
    call.fk.potentialHotliners = [...new Set([...call.fk.potentialHotliners, ...users])];
    if (!endpoints.length) return { exit: 'main', note: 'Aucun poste à faire sonner.' };
    return { goto: goto({ dialSip: endpoints.map((e) => `PJSIP/${e}`).join('&'), delay: Number(config.duration) }), exit: 'main' };
  },

  async 'pbx-waiting-playlist'({ env, now, call }, config) {
    const list = await env.playlist(String(config.playlist));
    const items = list ? playlistAt(list.items, await env.timesOfYear(), now) : [];
    if (!items.length) return { exit: 'main', note: 'Aucun élément de la liste ne s’applique à cette date.' };
    // each return to this node plays the next applicable item
    const turn = call.visits[`playlist:${list!._id}`] ?? 0;
    call.visits = { ...call.visits, [`playlist:${list!._id}`]: turn + 1 };
    const item = items[turn % items.length];
    call.waiting = true;
    return { goto: goto({ audioFile: item.audioFile ?? null, ttsMessage: item.audioFile ? null : item.ttsMessage ?? null, delay: Number(config.delay) }), exit: 'main' };
  },
};

/** Runs one node: its configuration completed with the defaults of its kind. */
export async function runStep(input: StepInput): Promise<StepResult> {
  const kind = NODE_KIND.get(input.node.pluginIdentifier);
  const runner = RUNNERS[input.node.pluginIdentifier];
  if (!kind || !runner) throw new Error(`unknown node kind ${input.node.pluginIdentifier}`);
  return runner(input, withDefaults(kind, input.node.configuration));
}

export const hasRunner = (identifier: string) => identifier in RUNNERS;
