/**
 * What each call-routing node does at a step of a call (README « Call routing »), in the engine's
 * terms (process-queues README « The extension point »): a decision node answers the exit taken at
 * once; an action node pauses the run with the GotoInfo Asterisk must play, ring or collect as its
 * output, and the exit the call takes when Asterisk comes back with the next request; hang up and
 * go to context end the run.
 */
import { phoneDigits, samePhone, type QueueStepResult } from '@comptoir/sdk';
import type { GotoInfo, IncomingCallContextRequestData, PlayList, TimeOfYear } from '../../../schemas/index.ts';
import { parisParts, playlistAt } from '../calendar/time-of-year.ts';
import { DEFAULTS } from './nodes.ts';

export interface Identified { customers: string[]; contacts: string[]; groups: string[]; name?: string }

/** The run's variables the call-routing nodes share (QueueRun.state). */
export interface CallState {
  identified?: Identified;
  /** number lists the caller was found in (Call.fk.lists) */
  lists?: string[];
  /** company users whose phones rang (Call.fk.potentialHotliners) */
  potentialHotliners?: string[];
  /** per playlist, how many items were played (each return plays the next one) */
  playlistTurns?: Record<string, number>;
}

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

export interface StepInput {
  nodeUuid: string;
  /** the node's configuration, defaults applied */
  config: Record<string, unknown>;
  input: Partial<IncomingCallContextRequestData>;
  state: CallState;
  /** times the node was entered in this call, this time included */
  visits: number;
  now: Date;
  env: StepEnv;
}

const goto = (g: Partial<GotoInfo>): GotoInfo => ({ context: '', exten: DEFAULTS.exitExten, priority: DEFAULTS.exitPriority, ...g });

export const HANG_UP: GotoInfo = goto({ context: DEFAULTS.hangUpContext });

/** « 12:00 » → minutes of the day */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

async function identified(s: StepInput): Promise<{ found: Identified; state: CallState }> {
  const found = s.state.identified ?? await s.env.identify(String(s.input.caller ?? ''));
  return { found, state: { identified: found } };
}

type Runner = (s: StepInput) => Promise<QueueStepResult> | QueueStepResult;

const pauseThen = (g: GotoInfo, state?: CallState): QueueStepResult => ({ pause: true, exit: 'main', output: g, ...(state ? { state: state as Record<string, unknown> } : {}) });

export const RUNNERS: Record<string, Runner> = {
  'incoming-context': () => ({ exit: 'main' }),
  'pass-through': () => ({ exit: 'main' }),

  async identification(s) {
    const { found, state } = await identified(s);
    return { exit: found.customers.length + found.contacts.length > 0 ? 'detected' : 'not-detected', state: state as Record<string, unknown> };
  },

  async 'customer-or-contact'(s) {
    const { found, state } = await identified(s);
    const c = found.customers.length > 0; const p = found.contacts.length > 0;
    return { exit: c && p ? 'both' : c ? 'customer' : p ? 'contact' : 'none', state: state as Record<string, unknown> };
  },

  async groups(s) {
    const { found, state } = await identified(s);
    const wanted = new Set(s.config.groups as string[]);
    return { exit: found.groups.some((g) => wanted.has(g)) ? 'included' : 'not-included', state: state as Record<string, unknown> };
  },

  'number-prefix'(s) {
    const caller = String(s.input.caller ?? '');
    const national = phoneDigits(caller);
    const hit = caller !== '' && (s.config.prefixes as string[]).some((p) => caller.startsWith(p) || (national !== '' && national.startsWith(phoneDigits(p))));
    return { exit: hit ? 'included' : 'not-included' };
  },

  async 'number-lists'(s) {
    const lists = await s.env.numberLists(s.config.lists as string[]);
    const hits = lists.filter((l) => l.numbers.some((n) => samePhone(n, String(s.input.caller ?? ''))));
    const known = new Set([...(s.state.lists ?? []), ...hits.map((l) => l._id)]);
    return { exit: hits.length ? 'included' : 'not-included', state: { lists: [...known] } };
  },

  'time-router'(s) {
    const [, , , h, m] = parisParts(s.now);
    const at = h * 60 + m; const ref = minutesOf(String(s.config.time));
    return { exit: at < ref ? 'before' : at === ref ? 'equals' : 'after' };
  },

  'already-visited'(s) {
    const limit = Number(s.config.limit);
    return { exit: s.visits === 1 ? 'first-time' : s.visits <= limit ? 'already-seen' : 'limit-reached' };
  },

  'last-keypad-input'(s) {
    const key = String(s.input.input ?? '').slice(-1);
    if (key === '') return { exit: '-' };
    return { exit: /^[0-9]$/.test(key) ? key : 'A' };
  },

  async 'pre-user-request'(s) {
    const choice = await s.env.prePickupChoice(String(s.input.callid ?? ''));
    return { exit: !choice ? 'no-op' : choice.action === 'wait' ? 'waiting-time' : choice.action };
  },

  'play-audio': (s) => pauseThen(goto({ audioFile: String(s.config.audioFile), collectDigits: Number(s.config.collectDigits) })),
  tts: (s) => pauseThen(goto({ ttsMessage: String(s.config.message), collectDigits: Number(s.config.collectDigits) })),
  'tts-pre-pickup-choice': (s) => pauseThen(goto({ ttsMessage: String(s.config.message), delay: Number(s.config.delay) })),
  'hang-up': () => ({ end: true, output: HANG_UP }),
  'go-to-context': (s) => ({ end: true, output: goto({ context: String(s.config.context), exten: String(s.config.exten), priority: Number(s.config.priority) }) }),

  async 'ring-voip'(s) {
    const { endpoints, users } = await s.env.sipUsers(s.config.users as string[]);
    // the people whose phones ring may pick up: the call's potential hotliners
    const potentialHotliners = [...new Set([...(s.state.potentialHotliners ?? []), ...users])];
    if (!endpoints.length) return { exit: 'main', state: { potentialHotliners } };
    return pauseThen(goto({ dialSip: endpoints.map((e) => `PJSIP/${e}`).join('&'), delay: Number(s.config.duration) }), { potentialHotliners });
  },

  async 'waiting-playlist'(s) {
    const list = await s.env.playlist(String(s.config.playlist));
    const items = list ? playlistAt(list.items, await s.env.timesOfYear(), s.now) : [];
    if (!list || !items.length) return { exit: 'main' };
    const turns = s.state.playlistTurns ?? {};
    const turn = turns[list._id] ?? 0;
    const item = items[turn % items.length];
    return pauseThen(
      goto({ audioFile: item.audioFile || null, ttsMessage: item.audioFile ? null : item.ttsMessage ?? null, delay: Number(s.config.delay) }),
      { playlistTurns: { ...turns, [list._id]: turn + 1 } },
    );
  },
};
