/**
 * Walks a call through a queue (README « Call routing »): from where the call waits (or from the
 * starter for a new call), node after node through the exits taken, until a node gives Asterisk
 * something to do. Plain function over the queue's nodes and the call; the caller stores the result.
 */
import type { Call, GotoInfo, IncomingCallContextRequestData } from '../../../schemas/index.ts';
import { HANG_UP, runStep, type StepEnv, type StepNode } from './steps.ts';
import { NODE_KIND } from './nodes.ts';

export interface QueueNode extends StepNode { exits?: Record<string, string | null | undefined> }

export interface WalkStep { node: string; pluginIdentifier: string; exit: string | null; note?: string; goto?: GotoInfo }

export interface WalkResult { goto: GotoInfo; steps: WalkStep[]; ended: boolean; problem?: string }

/** A request runs at most this many nodes: a cycle without an action node hangs up instead of spinning. */
export const MAX_STEPS_PER_REQUEST = 200;

export async function walk(nodes: QueueNode[], call: Call, request: IncomingCallContextRequestData, now: Date, env: StepEnv): Promise<WalkResult> {
  const byUuid = new Map(nodes.map((n) => [n.uuid, n]));
  const steps: WalkStep[] = [];
  const end = (problem: string): WalkResult => {
    call.state = 'ended'; call.position = null; call.nextGoto = HANG_UP;
    return { goto: HANG_UP, steps, ended: true, problem };
  };
  let current: QueueNode | undefined;
  if (call.position) {
    // Asterisk did what the waiting node asked: the call goes on through its exit
    const waiting = byUuid.get(call.position);
    if (!waiting) return end('Le nœud où l’appel attendait n’existe plus.');
    call.position = null; call.waiting = false;
    const next = waiting.exits?.main;
    if (!next) return end(`La sortie « main » du nœud ${waiting.uuid} n’est reliée à rien.`);
    current = byUuid.get(next);
    if (!current) return end(`La sortie « main » du nœud ${waiting.uuid} mène à un nœud absent.`);
  } else {
    current = starterFor(nodes, request.context);
    if (!current) return end(`La file n’a pas de nœud de départ pour le contexte « ${request.context} ».`);
  }
  for (let i = 0; i < MAX_STEPS_PER_REQUEST; i++) {
    call.path.push(current.uuid);
    const result = await runStep({ node: current, call, request, now, env });
    if ('goto' in result) {
      steps.push({ node: current.uuid, pluginIdentifier: current.pluginIdentifier, exit: result.ends ? null : result.exit, note: result.note, goto: result.goto });
      call.nextGoto = result.goto;
      if (result.ends) { call.state = 'ended'; call.position = null; return { goto: result.goto, steps, ended: true }; }
      call.position = current.uuid;
      return { goto: result.goto, steps, ended: false };
    }
    steps.push({ node: current.uuid, pluginIdentifier: current.pluginIdentifier, exit: result.exit, note: result.note });
    const next = current.exits?.[result.exit];
    if (!next) return end(`La sortie « ${result.exit} » du nœud ${current.uuid} n’est reliée à rien.`);
    const node = byUuid.get(next);
    if (!node) return end(`La sortie « ${result.exit} » du nœud ${current.uuid} mène à un nœud absent.`);
    current = node;
  }
  return end(`Plus de ${MAX_STEPS_PER_REQUEST} nœuds sans action : la file boucle.`);
}

/** The starter for that context: one naming it, else one for every context (an empty context). */
export function starterFor<N extends StepNode>(nodes: N[], context: string): N | undefined {
  const starters = nodes.filter((n) => NODE_KIND.get(n.pluginIdentifier)?.starter);
  return starters.find((n) => String(n.configuration?.context ?? '') === context)
    ?? starters.find((n) => String(n.configuration?.context ?? '') === '');
}
