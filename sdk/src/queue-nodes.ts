/**
 * The process-queue editor's extension point for node types (spec 001 §3 « QueuePlugin »,
 * docs/architecture.md « Extension points »): any plugin adds a kind of node — call routing from
 * `pbx`, a generic condition from `process-queues` itself — that companies place on a queue's canvas
 * and that the queue engine runs. Declared here, in the SDK, so that a contributor imports nothing
 * of `process-queues`; its owner (the plugin that declares and reads it) is `process-queues`: when it
 * is not installed the contributions are left aside.
 *
 * A node type is data (identifier, exits, starter, pauseAndPlay, a JSON Schema of its
 * configuration) plus one function, `run(ctx, step)`, called by the engine in the contributing
 * plugin's context, in the caller's transaction: it reads its own tables and answers the exit taken
 * (or a pause). The engine persists every step; plugins/process-queues/README.md « Engine ».
 */
import { defineExtensionPoint } from './contracts.ts';
import type { CallContext } from './context.ts';

/** One exit of a node type (spec: QueuePlugin.exits[] — id, description, label). */
export interface QueueNodeExit {
  /** stable id, the key of ConfiguredPlugin.exits (`main`, `detected`, `0`…`9`, `-`) */
  id: string;
  /** short French label drawn under the handle (`Client`, `Aucun`, `0`) */
  label: string;
  /** French sentence for the editor's tooltip */
  description?: string;
  /** hidden on a new node of this type (ConfiguredPlugin.displaySettings.hiddenExits) */
  hiddenByDefault?: boolean;
}

/** A JSON Schema (draft 7 as ajv reads it; a TypeBox schema is one). `default`s are applied. */
export type QueueJsonSchema = Record<string, unknown>;

/** What the engine tells a node when it runs it. */
export interface QueueStepContext {
  queue: { _id: string; name: string; typeIdentifier: string };
  run: {
    _id: string;
    /** the caller's key of the run (a call id), or null */
    key: string | null;
    /** number of steps already taken by the run */
    stepCount: number;
  };
  /** the configured node being run */
  node: { uuid: string; pluginIdentifier: string; name: string; configuration: Record<string, unknown> };
  /** the input of this advance (e.g. the pbx's IncomingCallContextRequestData) */
  input: Record<string, unknown>;
  /** the run's variables, shared by all its nodes and persisted: read it, answer changes in `state` */
  state: Record<string, unknown>;
  /** times this node was entered in this run, this time included (1 the first time) */
  visits: number;
  /** true when the run was paused on this node and this call resumes it */
  resumed: boolean;
  now: Date;
}

/**
 * What `run` answers:
 * - `{ exit }`: continue through that exit (one of the type's exits); an exit wired to nothing ends the run;
 * - `{ pause: true }`: stop here (only for a `pauseAndPlay` type); the next advance runs this node
 *   again with `resumed: true`;
 * - `{ pause: true, exit }`: stop here, and the next advance continues through `exit` without
 *   running this node again (play a file, then go on);
 * - `{ end: true }`: the run is finished (an ending node: hang up).
 * `output` (any JSON) is stored on the step and handed back to the caller of the advance — the
 * last one given in an advance wins (the pbx's GotoInfo). `state` is merged into the run's variables.
 */
export type QueueStepResult =
  | { exit: string; pause?: false; output?: unknown; state?: Record<string, unknown> }
  | { pause: true; exit?: string; output?: unknown; state?: Record<string, unknown> }
  | { end: true; output?: unknown; state?: Record<string, unknown> };

/** A node type contributed by a plugin (its identifier on queues is `<plugin>.<identifier>`). */
export interface QueueNodeType {
  /** kebab-case, unique in the plugin */
  identifier: string;
  /** French name and description, for the palette */
  name: string;
  description?: string;
  /** the kind of queue it belongs to (`call-routing`, `general`); a queue offers the nodes of its type */
  typeIdentifier: string;
  /** the node a run starts from; a queue has exactly one */
  starter?: boolean;
  /** the node may pause the run and resume on a later advance */
  pauseAndPlay?: boolean;
  /** the run ends after it (hang up): the editor draws it as an end; its exits may still be wired */
  ending?: boolean;
  /** Tabler icon name for the canvas (`phone`, `clock`), optional */
  icon?: string;
  /** fixed exits, in display order */
  exits: QueueNodeExit[];
  /**
   * JSON Schema of ConfiguredPlugin.configuration (an object schema): validated by the owner on
   * validation and before a run, with its defaults applied; the editor's side panel is generated
   * from it (`title` as the French label, `description` as help, `enum` + `x-labels` as choices).
   */
  configurationSchema: QueueJsonSchema;
  /** runs one step; throwing fails the run (the error is stored on the step) */
  run(ctx: CallContext, step: QueueStepContext): Promise<QueueStepResult> | QueueStepResult;
}

const KEY = /^[a-z][a-z0-9-]*$/;

export const queueNodeTypes = defineExtensionPoint<QueueNodeType>({
  id: 'process-queues.node-types',
  description: 'A node type of the process-queue editor and engine: exits, starter, pauseAndPlay, configuration JSON Schema and run(ctx, step)',
  validate: (n) => {
    const id = String(n.identifier);
    if (typeof n.identifier !== 'string' || !KEY.test(n.identifier)) return `queue node type: identifier « ${id} » must be kebab-case`;
    if (typeof n.name !== 'string' || !n.name.trim()) return `queue node type « ${id} »: a French name is required`;
    if (typeof n.typeIdentifier !== 'string' || !KEY.test(n.typeIdentifier)) return `queue node type « ${id} »: typeIdentifier must be kebab-case`;
    if (!Array.isArray(n.exits)) return `queue node type « ${id} »: exits must be a list`;
    const seen = new Set<string>();
    for (const e of n.exits) {
      if (typeof e?.id !== 'string' || !e.id || typeof e.label !== 'string') return `queue node type « ${id} »: every exit needs an id and a label`;
      if (seen.has(e.id)) return `queue node type « ${id} »: exit « ${e.id} » is listed twice`;
      seen.add(e.id);
    }

    if (!n.configurationSchema || typeof n.configurationSchema !== 'object' || n.configurationSchema.type !== 'object') {
      return `queue node type « ${id} »: configurationSchema must be an object schema`;
    }
    return typeof n.run === 'function' ? null : `queue node type « ${id} »: run(ctx, step) is required`;
  },
});
