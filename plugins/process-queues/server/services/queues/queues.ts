/**
 * Queues: their graph kept consistent with the node types (pauseAndPlay and ending copied from the
 * type, new nodes' hidden exits), and their validation report.
 */
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type { ConfiguredPlugin, GraphInput, ProcessQueue, ProcessQueueInput, ValidationReport } from '../../../schemas/index.ts';
import { Queues, Runs, Steps } from '../../entities.ts';
import { registeredNodeTypes, type RegisteredNodeType } from '../registry/registry.ts';
import { checkConfiguration } from '../registry/configuration.ts';
import { validateGraph, type GraphTypes } from '../validation/graph.ts';

export function graphTypes(types: Map<string, RegisteredNodeType>): GraphTypes {
  return {
    get: (id) => types.get(id)?.type,
    starterNames: (typeIdentifier) => [...types.values()].filter((r) => r.type.starter && r.type.typeIdentifier === typeIdentifier).map((r) => r.type.name),
  };
}

export function reportOf(ctx: CallContext, graph: { typeIdentifier?: string; plugins: ConfiguredPlugin[] }): ValidationReport {
  return validateGraph(graph, graphTypes(registeredNodeTypes(ctx)), (schema, configuration) => checkConfiguration(schema, configuration).problems);
}

/**
 * The node as stored: `pauseAndPlay` and `ending` are the type's (the spec keeps them on the
 * configured node for display; a client cannot make a node pause that its type cannot); a node
 * whose type is unknown keeps what it has (the validation names it).
 */
function normalised(nodes: ConfiguredPlugin[] | undefined, types: Map<string, RegisteredNodeType>): ConfiguredPlugin[] | undefined {
  return nodes?.map((n) => {
    const t = types.get(n.pluginIdentifier)?.type;
    return t ? { ...n, pauseAndPlay: !!t.pauseAndPlay, ending: !!t.ending } : n;
  });
}

export function queuesService(ctx: CallContext) {
  const repo = () => ctx.repo(Queues);
  const checkType = (typeIdentifier: string | undefined) => {
    if (typeIdentifier === undefined) return;
    const types = registeredNodeTypes(ctx);
    if (![...types.values()].some((r) => r.type.typeIdentifier === typeIdentifier)) {
      const known = [...new Set([...types.values()].map((r) => r.type.typeIdentifier))].sort().join(', ');
      throw badRequest(`Type de file inconnu « ${typeIdentifier} » (types disponibles : ${known || 'aucun'}).`, [{ field: 'typeIdentifier', message: 'type de file inconnu' }]);
    }
  };
  return {
    get: (id: string): Promise<ProcessQueue> => repo().get(id),

    async create(input: ProcessQueueInput): Promise<ProcessQueue> {
      checkType(input.typeIdentifier);
      return repo().create({ ...input, plugins: normalised(input.plugins, registeredNodeTypes(ctx)) ?? [] });
    },

    async update(id: string, input: ProcessQueueInput): Promise<ProcessQueue> {
      checkType(input.typeIdentifier);
      const changes: Record<string, unknown> = { ...input };
      if (input.plugins) changes.plugins = normalised(input.plugins, registeredNodeTypes(ctx));
      return repo().update(id, changes);
    },

    /** a queue goes with its runs and their steps (its history has no meaning without its graph) */
    async remove(id: string): Promise<void> {
      const queue = await repo().getForUpdate(id);
      const paused = await ctx.repo(Runs).count({ 'fk.queue': queue._id, status: 'paused' });
      if (paused > 0) throw conflict(`La file « ${queue.name} » a ${paused} exécution(s) en cours : désactivez-la et attendez leur fin avant de la supprimer.`);
      for (const step of await ctx.repo(Steps).findMany({ 'fk.queue': id })) await ctx.repo(Steps).remove(step._id);
      for (const run of await ctx.repo(Runs).findMany({ 'fk.queue': id })) await ctx.repo(Runs).remove(run._id);
      await repo().remove(id);
    },

    /** the report of a stored queue */
    async validate(id: string): Promise<ValidationReport> {
      const queue = await repo().get(id);
      return reportOf(ctx, queue);
    },

    /** the report of a graph not saved (what is on the editor's canvas) */
    validateGraph(graph: GraphInput): ValidationReport {
      checkType(graph.typeIdentifier);
      return reportOf(ctx, graph);
    },
  };
}

export type QueuesService = ReturnType<typeof queuesService>;
