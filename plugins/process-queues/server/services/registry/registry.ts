/**
 * The node types of the queues (spec 001 §3 « QueuePlugin »): every contribution to the SDK's
 * `queueNodeTypes` point, named `<plugin>.<identifier>`, with the contributor's context its `run`
 * is called in.
 */
import { queueNodeTypes, type CallContext, type QueueNodeType } from '@comptoir/sdk';
import type { NodeTypeInfo } from '../../../schemas/index.ts';

export type { NodeTypeInfo };

/** A node type as the registry holds it: the contribution, its full identifier and its owner's context. */
export interface RegisteredNodeType {
  pluginIdentifier: string;
  plugin: string;
  type: QueueNodeType;
  ctx: CallContext;
}

export function registeredNodeTypes(ctx: CallContext): Map<string, RegisteredNodeType> {
  const out = new Map<string, RegisteredNodeType>();
  for (const c of ctx.contributions(queueNodeTypes)) {
    const pluginIdentifier = `${c.plugin}.${c.value.identifier}`;
    out.set(pluginIdentifier, { pluginIdentifier, plugin: c.plugin, type: c.value, ctx: c.ctx });
  }
  return out;
}

export function nodeTypeInfo(r: RegisteredNodeType): NodeTypeInfo {
  const t = r.type;
  return {
    identifier: r.pluginIdentifier,
    plugin: r.plugin,
    name: t.name,
    description: t.description ?? '',
    typeIdentifier: t.typeIdentifier,
    starter: !!t.starter,
    pauseAndPlay: !!t.pauseAndPlay,
    ending: !!t.ending,
    icon: t.icon ?? null,
    exits: t.exits.map((e) => ({ id: e.id, label: e.label, description: e.description ?? '', hiddenByDefault: !!e.hiddenByDefault })),
    configurationSchema: t.configurationSchema,
  };
}

export function nodeTypesService(ctx: CallContext) {
  return {
    /** the node types of every installed plugin, or of one kind of queue, by name */
    list(typeIdentifier?: string): NodeTypeInfo[] {
      return [...registeredNodeTypes(ctx).values()]
        .filter((r) => !typeIdentifier || r.type.typeIdentifier === typeIdentifier)
        .map(nodeTypeInfo)
        .sort((a, b) => a.typeIdentifier.localeCompare(b.typeIdentifier) || Number(b.starter) - Number(a.starter) || a.name.localeCompare(b.name, 'fr'));
    },
    /** the kinds of queue the installed node types offer */
    queueTypes(): string[] {
      return [...new Set([...registeredNodeTypes(ctx).values()].map((r) => r.type.typeIdentifier))].sort();
    },
  };
}

export type NodeTypesService = ReturnType<typeof nodeTypesService>;
