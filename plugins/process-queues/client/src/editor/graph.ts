/**
 * The editor's graph operations, on the queue's own data (ConfiguredPlugin[]): plain functions, no
 * React, so that undo/redo is a list of snapshots and React Flow's nodes and edges are derived.
 */
import type { ConfiguredPlugin, NodeTypeInfo } from '../api.ts';

export type Graph = ConfiguredPlugin[];

export function newUuid(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 20);
}

/** a new node of `type` at `position`: spec defaults, the type's hidden exits, its schema's defaults */
export function newNode(type: NodeTypeInfo, position: { x: number; y: number }): ConfiguredPlugin {
  return {
    uuid: newUuid(),
    pluginIdentifier: type.identifier,
    displaySettings: {
      inputPosition: 'top', exitsPosition: 'bottom', showIcon: true, name: '', separator: true, exitLabel: true,
      hiddenExits: type.exits.filter((e) => e.hiddenByDefault).map((e) => e.id),
    },
    ending: type.ending,
    pauseAndPlay: type.pauseAndPlay,
    position: { x: Math.round(position.x), y: Math.round(position.y) },
    configuration: schemaDefaults(type.configurationSchema),
    exits: Object.fromEntries(type.exits.map((e) => [e.id, null])),
  };
}

export function schemaDefaults(schema: Record<string, unknown>): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, { default?: unknown }>;
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(props)) if (p.default !== undefined) out[k] = structuredClone(p.default);
  return out;
}

/** wires `exit` of `source` to `target` (an exit leads to one node: a new wire replaces the old) */
export function connect(graph: Graph, source: string, exit: string, target: string | null): Graph {
  return graph.map((n) => (n.uuid === source ? { ...n, exits: { ...n.exits, [exit]: target } } : n));
}

/** removes nodes and every exit that led to them */
export function removeNodes(graph: Graph, uuids: Set<string>): Graph {
  return graph.filter((n) => !uuids.has(n.uuid)).map((n) => {
    const exits = n.exits ?? {};
    if (!Object.values(exits).some((t) => t && uuids.has(t))) return n;
    return { ...n, exits: Object.fromEntries(Object.entries(exits).map(([e, t]) => [e, t && uuids.has(t) ? null : t])) };
  });
}

export function updateNode(graph: Graph, uuid: string, change: (n: ConfiguredPlugin) => ConfiguredPlugin): Graph {
  return graph.map((n) => (n.uuid === uuid ? change(n) : n));
}

/**
 * Copies of `nodes` with new uuids, moved by `offset`: exits between copied nodes follow the copies,
 * exits to nodes left behind are cut (a pasted block never wires itself into the old one).
 */
export function pasteCopies(nodes: ConfiguredPlugin[], offset: number): ConfiguredPlugin[] {
  const ids = new Map(nodes.map((n) => [n.uuid, newUuid()]));
  return nodes.map((n) => ({
    ...structuredClone(n),
    uuid: ids.get(n.uuid)!,
    position: { x: (n.position?.x ?? 50) + offset, y: (n.position?.y ?? 50) + offset },
    exits: Object.fromEntries(Object.entries(n.exits ?? {}).map(([e, t]) => [e, t ? ids.get(t) ?? null : null])),
  }));
}

export function displayName(n: ConfiguredPlugin, type: NodeTypeInfo | undefined): string {
  return n.displaySettings?.name?.trim() || type?.name || n.pluginIdentifier;
}

/** Undo/redo: snapshots of the graph; `checkpoint` before a change made in several moves (a drag). */
export interface History { past: Graph[]; present: Graph; future: Graph[] }

export type HistoryAction =
  | { type: 'commit'; graph: Graph }
  | { type: 'replace'; graph: Graph }
  | { type: 'checkpoint' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; graph: Graph };

const LIMIT = 100;

export function history(state: History, action: HistoryAction): History {
  switch (action.type) {
    case 'commit':
      if (action.graph === state.present) return state;
      return { past: [...state.past, state.present].slice(-LIMIT), present: action.graph, future: [] };
    case 'replace':
      return { ...state, present: action.graph };
    case 'checkpoint':
      return { past: [...state.past, state.present].slice(-LIMIT), present: state.present, future: [] };
    case 'undo': {
      if (!state.past.length) return state;
      return { past: state.past.slice(0, -1), present: state.past[state.past.length - 1], future: [state.present, ...state.future] };
    }
    case 'redo': {
      if (!state.future.length) return state;
      return { past: [...state.past, state.present], present: state.future[0], future: state.future.slice(1) };
    }
    case 'reset':
      return { past: [], present: action.graph, future: [] };
  }
}
