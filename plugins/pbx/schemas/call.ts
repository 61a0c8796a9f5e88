/**
 * Calls (spec 001 §3 « Telephony »): what Asterisk's FastAGI side sends at each step
 * (IncomingCallContextRequestData), what it is told to do next (GotoInfo), the Call and its events,
 * and an operator's choice before pick-up.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Attachments, DateTime, Entity, Id, Str, Text, Nullable, JsonObject } from '@comptoir/schemas';

export const IncomingCallContextRequestData = Type.Object({
  context: Str({ minLength: 1, pattern: '^[A-Za-z0-9_.@+-]+$' }),
  caller: Type.Optional(Str({ maxLength: 80 })),
  exten: Type.Optional(Str({ maxLength: 80 })),
  callid: Str({ minLength: 1, maxLength: 120 }),
  /** the keys typed during the last prompt ('' none) */
  input: Type.Optional(Str({ maxLength: 40, pattern: '^[0-9*#A-D]*$' })),
  ip: Type.Optional(Str({ maxLength: 64 })),
  date: Type.Optional(DateTime()),
}, { additionalProperties: false });
export type IncomingCallContextRequestData = Static<typeof IncomingCallContextRequestData>;

export const GotoInfo = Type.Object({
  context: Str(),
  exten: Str(),
  priority: Type.Integer(),
  audioFile: Type.Optional(Nullable(Str())),
  ttsMessage: Type.Optional(Nullable(Str({ maxLength: 2000 }))),
  /** seconds: how long to play, ring or wait */
  delay: Type.Optional(Nullable(Type.Integer())),
  /** PJSIP endpoints to ring, `&`-separated as Asterisk's Dial takes them */
  dialSip: Type.Optional(Nullable(Str({ maxLength: 2000 }))),
  /** not in the spec: collect keypad digits during the prompt (how many; 0 none) */
  collectDigits: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
}, { additionalProperties: false });
export type GotoInfo = Static<typeof GotoInfo>;

export const CALL_STATES = ['live', 'ended'] as const;

export const Call = Entity({
  asteriskId: Str({ minLength: 1, maxLength: 120 }),
  callerNumber: Str({ default: '' }),
  date: DateTime(),
  nextGoto: Type.Optional(Nullable(GotoInfo)),
  /** the number of requests Asterisk made for this call */
  requests: Type.Integer({ default: 0 }),
  attachments: Attachments(),
  waiting: Type.Boolean({ default: false }),
  /** not in the spec: live until a hang-up or a jump out of the queue */
  state: Type.Union(CALL_STATES.map((s) => Type.Literal(s)), { default: 'live' }),
  context: Str({ default: '' }),
  exten: Str({ default: '' }),
  /** not in the spec: the node uuids the call went through, in order (drawn on the queue) */
  path: Type.Array(Str(), { default: [] }),
  /** the node the call waits at (an action node whose exit is taken on the next request) */
  position: Type.Optional(Nullable(Str())),
  /** visits per node uuid (already-visited nodes) */
  visits: Type.Record(Type.String(), Type.Integer(), { default: {} }),
  /** keypad input of the last prompt */
  lastInput: Str({ default: '' }),
  /** who called, when the contacts plugin knows the number */
  identified: Type.Optional(Nullable(Type.Object({
    customers: Type.Array(Id()),
    contacts: Type.Array(Id()),
    groups: Type.Array(Id()),
    name: Type.Optional(Str()),
  }))),
  endedAt: Type.Optional(Nullable(DateTime())),
  /** the engine's run of this call (process-queues `runs`): its steps are the call's path, node by node */
  runId: Type.Optional(Nullable(Str())),
}, {
  company: Id(),
  queue: Type.Optional(Nullable(Id())),
  potentialHotliners: Type.Array(Id(), { default: [] }),
  lists: Type.Array(Id(), { default: [] }),
  postAddedLists: Type.Array(Id(), { default: [] }),
});
export type Call = Static<typeof Call>;

/** spec: CallEvent exists, fields not shown — ours: README « Calls and events » */
export const CallEvent = Entity({
  date: DateTime(),
  kind: Str(),
  node: Type.Optional(Nullable(Str())),
  pluginIdentifier: Type.Optional(Nullable(Str())),
  exit: Type.Optional(Nullable(Str())),
  input: Type.Optional(Nullable(Str())),
  message: Type.Optional(Nullable(Text())),
  data: Type.Optional(JsonObject()),
}, { company: Id(), call: Id() });
export type CallEvent = Static<typeof CallEvent>;

export const PRE_PICKUP_ACTIONS = ['wait', 'transfer', 'reject', 'no-answer'] as const;

export const PrePickUpOperatorChoice = Entity({
  action: Type.Union(PRE_PICKUP_ACTIONS.map((a) => Type.Literal(a)), { default: 'wait' }),
  delayInMinute: Type.Integer({ minimum: 0, maximum: 240, default: 1 }),
  tts: Type.Optional(Str({ maxLength: 2000 })),
  createdAt: Type.Optional(DateTime()),
  /** the call (its asteriskId) the choice answers */
  requestId: Str({ minLength: 1, maxLength: 120 }),
}, { company: Id(), userId: Type.Optional(Nullable(Id())) });
export type PrePickUpOperatorChoice = Static<typeof PrePickUpOperatorChoice>;
