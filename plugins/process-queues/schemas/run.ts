/**
 * What the engine persists (the spec is silent: plugins/process-queues/README.md « Engine »): a run
 * of a queue — its position, variables and status — and each step it took, in order.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Str, Text, DateTime, JsonObject } from '@comptoir/schemas';

export const RUN_STATUSES = ['running', 'paused', 'finished', 'failed'] as const;

export const QueueRun = Entity({
  /** the caller's key (a call id): one run per queue and key */
  key: Type.Union([Str({ minLength: 1, maxLength: 128 }), Type.Null()], { default: null }),
  status: Type.Union(RUN_STATUSES.map((s) => Type.Literal(s)), { default: 'running' }),
  /** the node the run is paused on (or was last on) */
  currentNode: Type.Union([Str({ maxLength: 64 }), Type.Null()], { default: null }),
  /** set by a pause that already chose its exit: the next advance continues through it */
  pendingExit: Type.Union([Str({ maxLength: 64 }), Type.Null()], { default: null }),
  state: JsonObject({ default: {} }),
  /** node uuid → times entered */
  visits: Type.Record(Type.String(), Type.Integer(), { default: {} }),
  stepCount: Type.Integer({ minimum: 0, default: 0 }),
  startedAt: DateTime(),
  endedAt: Type.Union([DateTime(), Type.Null()], { default: null }),
  error: Type.Union([Text(), Type.Null()], { default: null }),
}, {
  company: Id(),
  queue: Id(),
});
export type QueueRun = Static<typeof QueueRun>;

export const STEP_RESULTS = ['exit', 'pause', 'end', 'error'] as const;

export const QueueStep = Entity({
  index: Type.Integer({ minimum: 0 }),
  nodeUuid: Str({ maxLength: 64 }),
  pluginIdentifier: Str({ maxLength: 128 }),
  result: Type.Union(STEP_RESULTS.map((s) => Type.Literal(s))),
  /** the exit taken (or chosen by a pause), null otherwise */
  exit: Type.Union([Str({ maxLength: 64 }), Type.Null()], { default: null }),
  resumed: Type.Boolean({ default: false }),
  input: JsonObject({ default: {} }),
  output: Type.Optional(Type.Unknown()),
  error: Type.Union([Text(), Type.Null()], { default: null }),
  date: DateTime(),
}, {
  company: Id(),
  queue: Id(),
  run: Id(),
});
export type QueueStep = Static<typeof QueueStep>;

/** The body of `POST /queues/:id/runs`: start or continue the run of that key with this input. */
export const AdvanceInput = Type.Object({
  key: Type.Optional(Str({ minLength: 1, maxLength: 128 })),
  input: Type.Optional(JsonObject()),
}, { additionalProperties: false });
export type AdvanceInput = Static<typeof AdvanceInput>;
