/**
 * The queue engine (plugins/process-queues/README.md « Engine »): `advance` starts a run of a queue
 * from its starter, or resumes the paused run of the same key, and walks node after node — each
 * node type's `run` answering the exit taken — until a node pauses, ends the run, or takes an exit
 * wired to nothing. Every step is stored, in the caller's transaction: a failed request leaves no
 * half-walked run.
 *
 * Concurrency: two advances of one key (two requests of one call) are serialised on the run's row
 * (`getForUpdate`); the first advance of a key locks the queue's row to create the run once (the
 * unique index on company, queue and key is the backstop).
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import type { ConfiguredPlugin, ProcessQueue, QueueRun, QueueStep, ValidationReport } from '../../../schemas/index.ts';
import { Queues, Runs, Steps } from '../../entities.ts';
import { RUN_ADVANCED } from '../../events.ts';
import { registeredNodeTypes } from '../registry/registry.ts';
import { checkConfiguration } from '../registry/configuration.ts';
import { graphTypes, reportOf } from '../queues/queues.ts';
import { nodeName } from '../validation/graph.ts';
import { decide } from './step-result.ts';

/** steps one advance may take: a graph without a pausing loop is finite, this bounds a faulty node type */
export const MAX_STEPS_PER_ADVANCE = 1000;

export interface AdvanceOptions {
  /** the caller's key (a call id): the paused run of that key is resumed, else a run is started */
  key?: string;
  /** this advance's input, handed to every node it runs */
  input?: Record<string, unknown>;
}

export interface AdvanceResult {
  run: QueueRun;
  /** the steps taken by this advance, in order */
  steps: QueueStep[];
  /** the last `output` a node gave during this advance (null if none) */
  output: unknown;
}

/** validation reports by queue version: a queue is validated once per change, not once per call */
const reports = new Map<string, ValidationReport>();

function reportFor(ctx: CallContext, queue: ProcessQueue): ValidationReport {
  const key = `${queue._id}:${queue.metadata.lastModificationDate}`;
  let report = reports.get(key);
  if (!report) {
    if (reports.size > 1000) reports.clear();
    report = reportOf(ctx, queue);
    reports.set(key, report);
  }
  return report;
}

export function engineService(ctx: CallContext) {
  const runs = () => ctx.repo(Runs);

  async function lockedRun(queueId: string, key: string | undefined): Promise<{ queue: ProcessQueue; run: QueueRun | null }> {
    if (key === undefined) return { queue: await ctx.repo(Queues).get(queueId), run: null };
    const existing = await runs().findOne({ 'fk.queue': queueId, key });
    if (existing) return { queue: await ctx.repo(Queues).get(queueId), run: await runs().getForUpdate(existing._id) };
    const queue = await ctx.repo(Queues).getForUpdate(queueId);
    const again = await runs().findOne({ 'fk.queue': queueId, key });
    return { queue, run: again ? await runs().getForUpdate(again._id) : null };
  }

  async function advance(queueId: string, options: AdvanceOptions = {}): Promise<AdvanceResult> {
    const input = options.input ?? {};
    const { queue, run: found } = await lockedRun(queueId, options.key);
    if (found && (found.status === 'finished' || found.status === 'failed')) {
      throw conflict(`L’exécution « ${found.key} » de la file « ${queue.name} » est terminée.`);
    }
    if (!found) {
      if (!queue.activated) throw conflict(`La file « ${queue.name} » est désactivée.`);
      const report = reportFor(ctx, queue);
      if (!report.valid) throw conflict(`La file « ${queue.name} » n’est pas valide : ${report.errors[0].message}`, report.errors);
    }
    const types = registeredNodeTypes(ctx);
    const gTypes = graphTypes(types);
    const byUuid = new Map(queue.plugins.map((n) => [n.uuid, n]));
    const label = (n: ConfiguredPlugin) => `« ${nodeName(n, gTypes)} »`;

    let run: QueueRun = found ?? await runs().create({
      key: options.key ?? null, status: 'running', startedAt: ctx.now.toISOString(), fk: { queue: queue._id },
    });
    const state: Record<string, unknown> = { ...run.state };
    const visits: Record<string, number> = { ...run.visits };
    const steps: QueueStep[] = [];
    let output: unknown = null;
    let stepCount = run.stepCount;
    let pendingExit: string | null = null;

    let node: ConfiguredPlugin | undefined;
    let resumed = false;
    if (found) {
      node = found.currentNode ? byUuid.get(found.currentNode) : undefined;
      if (!node) return finish('failed', `Le nœud où l’exécution attendait n’existe plus dans la file « ${queue.name} ».`);
      if (found.pendingExit !== null) {
        const target = node.exits?.[found.pendingExit];
        node = target ? byUuid.get(target) : undefined;
        if (!node) return finish('finished', null);
      } else {
        resumed = true;
      }
    } else {
      node = queue.plugins.find((n) => types.get(n.pluginIdentifier)?.type.starter);
    }

    for (let taken = 0; ; taken++) {
      if (!node) return finish('finished', null);
      if (taken >= MAX_STEPS_PER_ADVANCE) return finish('failed', `Plus de ${MAX_STEPS_PER_ADVANCE} étapes sans pause : l’exécution est arrêtée au nœud ${label(node)}.`);
      const registered = types.get(node.pluginIdentifier);
      if (!registered) {
        await writeStep(node, 'error', null, resumed, undefined, `Le nœud ${label(node)} est d’un type inconnu « ${node.pluginIdentifier} ».`);
        return finish('failed', steps[steps.length - 1].error);
      }
      const type = registered.type;
      if (!resumed) visits[node.uuid] = (visits[node.uuid] ?? 0) + 1;
      const configuration = checkConfiguration(type.configurationSchema, node.configuration).value;
      let result;
      try {
        result = await type.run(registered.ctx, {
          queue: { _id: queue._id, name: queue.name, typeIdentifier: queue.typeIdentifier },
          run: { _id: run._id, key: run.key, stepCount },
          node: { uuid: node.uuid, pluginIdentifier: node.pluginIdentifier, name: nodeName(node, gTypes), configuration },
          input, state, visits: visits[node.uuid] ?? 1, resumed, now: ctx.now,
        });
      } catch (e) {
        ctx.log.warn({ err: e, node: node.uuid, queue: queue._id }, 'queue node failed');
        await writeStep(node, 'error', null, resumed, undefined, `Le nœud ${label(node)} a échoué : ${e instanceof Error ? e.message : String(e)}`);
        return finish('failed', steps[steps.length - 1].error);
      }
      const decision = decide(type, result, label(node));
      if (result && typeof result === 'object' && result.state) Object.assign(state, result.state);
      const stepOutput = result && typeof result === 'object' ? result.output : undefined;
      if (stepOutput !== undefined) output = stepOutput;
      if (decision.kind === 'error') {
        await writeStep(node, 'error', null, resumed, stepOutput, decision.message);
        return finish('failed', decision.message);
      }
      if (decision.kind === 'end') {
        await writeStep(node, 'end', null, resumed, stepOutput, null);
        return finish('finished', null, node);
      }
      if (decision.kind === 'pause') {
        await writeStep(node, 'pause', decision.exit, resumed, stepOutput, null);
        pendingExit = decision.exit;
        return finish('paused', null, node);
      }
      await writeStep(node, 'exit', decision.exit, resumed, stepOutput, null);
      const target = node.exits?.[decision.exit];
      resumed = false;
      if (!target) return finish('finished', null, node);
      node = byUuid.get(target);
    }

    async function writeStep(n: ConfiguredPlugin, result: QueueStep['result'], exit: string | null, wasResumed: boolean, out: unknown, error: string | null) {
      steps.push(await ctx.repo(Steps).create({
        index: stepCount++, nodeUuid: n.uuid, pluginIdentifier: n.pluginIdentifier, result, exit, resumed: wasResumed,
        input, ...(out !== undefined ? { output: out } : {}), error, date: ctx.now.toISOString(),
        fk: { queue: queue._id, run: run._id },
      }));
    }

    async function finish(status: QueueRun['status'], error: string | null, at?: ConfiguredPlugin): Promise<AdvanceResult> {
      run = await runs().update(run._id, {
        status, state, visits, stepCount, error,
        currentNode: at?.uuid ?? run.currentNode,
        pendingExit: status === 'paused' ? pendingExit : null,
        endedAt: status === 'finished' || status === 'failed' ? ctx.now.toISOString() : null,
      });
      ctx.emit(RUN_ADVANCED, { _id: run._id, queue: queue._id, key: run.key, status, currentNode: run.currentNode, steps: steps.map((s) => ({ nodeUuid: s.nodeUuid, exit: s.exit, result: s.result })) });
      return { run, steps, output };
    }
  }

  return {
    advance,
    /** a run of the active company (404 otherwise) */
    getRun: (id: string): Promise<QueueRun> => runs().get(id),
    /** the steps of a run, in order */
    async steps(runId: string): Promise<QueueStep[]> {
      const run = await runs().get(runId);
      return ctx.repo(Steps).findMany({ 'fk.run': run._id }, { orderBy: 'index' });
    },
  };
}

export type EngineService = ReturnType<typeof engineService>;
