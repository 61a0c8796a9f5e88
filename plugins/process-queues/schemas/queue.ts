/**
 * ProcessQueue and ConfiguredPlugin (spec 001 §3 « Process queues »): a queue is a graph of
 * configured nodes, each an instance of a node type (QueuePlugin) contributed through the SDK's
 * `queueNodeTypes` point, its exits wired to other nodes by uuid.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Str, JsonObject } from '@comptoir/schemas';

/** a node's uuid, made by the editor (crypto.randomUUID) or any client: unique within its queue */
export const NodeUuid = Str({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** ConfiguredPlugin.displaySettings: how the canvas draws the node (spec defaults: input top, exits bottom). */
export const DisplaySettings = Type.Object({
  inputPosition: Type.Optional(Type.Union([Type.Literal('top'), Type.Literal('left'), Type.Literal('right'), Type.Literal('bottom')], { default: 'top' })),
  exitsPosition: Type.Optional(Type.Union([Type.Literal('top'), Type.Literal('left'), Type.Literal('right'), Type.Literal('bottom')], { default: 'bottom' })),
  showIcon: Type.Optional(Type.Boolean({ default: true })),
  /** the node's name on the canvas and in messages; empty = the node type's name */
  name: Type.Optional(Str({ default: '' })),
  /** a line between the title and the exits */
  separator: Type.Optional(Type.Boolean({ default: true })),
  /** exit labels drawn under their handles */
  exitLabel: Type.Optional(Type.Boolean({ default: true })),
  /** exits not drawn (and not offered to connect); a hidden exit may still be wired */
  hiddenExits: Type.Optional(Type.Array(Str({ maxLength: 64 }), { default: [], maxItems: 64 })),
}, { additionalProperties: false, default: {} });
export type DisplaySettings = Static<typeof DisplaySettings>;

export const ConfiguredPlugin = Type.Object({
  uuid: NodeUuid,
  /** `<plugin>.<identifier>` of a contributed node type */
  pluginIdentifier: Str({ minLength: 3, maxLength: 128 }),
  displaySettings: Type.Optional(DisplaySettings),
  ending: Type.Optional(Type.Boolean({ default: false })),
  pauseAndPlay: Type.Optional(Type.Boolean({ default: false })),
  position: Type.Optional(Type.Object({ x: Type.Number({ default: 50 }), y: Type.Number({ default: 50 }) }, { additionalProperties: false, default: { x: 50, y: 50 } })),
  /** checked against the node type's configurationSchema on validation and before a run */
  configuration: Type.Optional(JsonObject({ default: {} })),
  /** exit id → uuid of the next node (null or absent: not wired, the run ends there) */
  exits: Type.Optional(Type.Record(Str({ maxLength: 64 }), Type.Union([NodeUuid, Type.Null()]), { default: {} })),
}, { additionalProperties: false });
export type ConfiguredPlugin = Static<typeof ConfiguredPlugin>;

/** at most this many nodes per queue: a canvas people read, and a bounded validation */
export const MAX_NODES = 500;

export const ProcessQueue = Entity({
  name: Str({ minLength: 1 }),
  /** the kind of queue (`general`, `call-routing`): which node types it offers */
  typeIdentifier: Str({ minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9-]*$' }),
  activated: Type.Boolean({ default: true }),
  plugins: Type.Array(ConfiguredPlugin, { default: [], maxItems: MAX_NODES }),
}, {
  company: Id(),
});
export type ProcessQueue = Static<typeof ProcessQueue>;

export const ProcessQueueInput = Type.Partial(Type.Pick(ProcessQueue, ['name', 'typeIdentifier', 'activated', 'plugins']), { additionalProperties: false });
export type ProcessQueueInput = Static<typeof ProcessQueueInput>;

/** A graph sent to validation without being saved (the editor validates what is on the canvas). */
export const GraphInput = Type.Object({
  typeIdentifier: Type.Optional(ProcessQueue.properties.typeIdentifier),
  plugins: ProcessQueue.properties.plugins,
}, { additionalProperties: false });
export type GraphInput = Static<typeof GraphInput>;

/** One problem of a graph: the node it names (null for the whole queue), a code and a French message. */
export const GraphProblem = Type.Object({
  node: Type.Union([Type.String(), Type.Null()]),
  code: Type.String(),
  message: Type.String(),
  exit: Type.Optional(Type.String()),
});
export type GraphProblem = Static<typeof GraphProblem>;

export interface ValidationReport {
  valid: boolean;
  errors: GraphProblem[];
  warnings: GraphProblem[];
}

/** A node type as `GET /node-types` answers it (QueuePlugin of the spec, everything but `run`). */
export interface NodeTypeInfo {
  /** `<plugin>.<identifier>`: ConfiguredPlugin.pluginIdentifier */
  identifier: string;
  plugin: string;
  name: string;
  description: string;
  typeIdentifier: string;
  starter: boolean;
  pauseAndPlay: boolean;
  ending: boolean;
  icon: string | null;
  exits: { id: string; label: string; description: string; hiddenByDefault: boolean }[];
  configurationSchema: Record<string, unknown>;
}
