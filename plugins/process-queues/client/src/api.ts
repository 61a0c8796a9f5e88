/** What the screens know of the API of « Files de traitement » (mounted under /api/process-queues). */

export const QUEUES = '/process-queues/queues';
export const NODE_TYPES = '/process-queues/node-types';
export const READ = 'process-queues.queues.read';
export const MANAGE = 'process-queues.queues.manage';

/** types only: the remote bundles no schema */
export type { ProcessQueue, ConfiguredPlugin, ValidationReport, GraphProblem, NodeTypeInfo } from '../../schemas/index.ts';

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}

/** French names of the kinds of queue the built-in plugins offer; another kind shows its identifier */
const KIND_LABELS: Record<string, string> = { general: 'Générale', 'call-routing': 'Routage d’appels' };
export const kindLabel = (kind: string): string => KIND_LABELS[kind] ?? kind;
