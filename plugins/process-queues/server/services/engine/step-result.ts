/** What a node type's `run` answered, checked against its type: plain data in, a decision out. */
import type { QueueNodeType, QueueStepResult } from '@comptoir/sdk';

export type StepDecision =
  | { kind: 'exit'; exit: string }
  | { kind: 'pause'; exit: string | null }
  | { kind: 'end' }
  | { kind: 'error'; message: string };

export function decide(type: QueueNodeType, result: QueueStepResult | undefined, nodeLabel: string): StepDecision {
  if (!result || typeof result !== 'object') return { kind: 'error', message: `Le nœud ${nodeLabel} n’a pas donné de sortie.` };
  const known = (exit: unknown) => typeof exit === 'string' && type.exits.some((e) => e.id === exit);
  if ('end' in result && result.end) return { kind: 'end' };
  if ('pause' in result && result.pause) {
    if (!type.pauseAndPlay) return { kind: 'error', message: `Le nœud ${nodeLabel} a demandé une pause, que son type « ${type.name} » ne permet pas.` };
    if (result.exit !== undefined && !known(result.exit)) return { kind: 'error', message: `Le nœud ${nodeLabel} a répondu une sortie inconnue « ${String(result.exit)} ».` };
    return { kind: 'pause', exit: result.exit ?? null };
  }
  const exit = (result as { exit?: unknown }).exit;
  if (!known(exit)) return { kind: 'error', message: `Le nœud ${nodeLabel} a répondu une sortie inconnue « ${String(exit)} ».` };
  return { kind: 'exit', exit: exit as string };
}
