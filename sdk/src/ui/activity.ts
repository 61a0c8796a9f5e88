/**
 * How an entry of the activity log reads in a history (issue 12: a creation showed as
 * « MODIFICATION »). The server writes every change as a JSON Patch with the verb in its tags
 * (`création`, `modification`, `suppression`); an e-mail sent and a note are their own types. The
 * fields a change touched are named by their labels (fieldLabels.ts); technical fields (hashes,
 * ids, totals the server computes) are left out. Plain functions (sdk/test/ui-activity).
 */
import { knownFieldLabel, type FieldLabels } from './fieldLabels.ts';

export interface ActivityEntry {
  type: string;
  tags?: readonly string[];
  description?: string;
  /** for a `jsonPatch`: the RFC 6902 operations */
  data?: unknown;
}

export interface ActivityKind {
  label: string;
  color: string;
}

export function activityKind(a: ActivityEntry): ActivityKind {
  if (a.type === 'emailSent') return { label: 'E-mail envoyé', color: 'teal' };
  if (a.type === 'info') return { label: 'Note', color: 'blue' };
  if (a.tags?.includes('création')) return { label: 'Création', color: 'green' };
  if (a.tags?.includes('suppression')) return { label: 'Suppression', color: 'red' };
  return { label: 'Modification', color: 'gray' };
}

/** The paths a patch touches, as dotted paths: `/items/0/labelPrimary` -> `items.0.labelPrimary`. */
export function patchPaths(data: unknown): string[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((op) => {
    const path = (op as { path?: unknown } | null)?.path;
    return typeof path === 'string' ? [path.replace(/^\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).join('.')] : [];
  });
}

/**
 * The line next to the kind: the fields a modification changed (« Désignation (ligne 1)… »), the
 * server's description for an e-mail or a note; nothing for a creation or a deletion (the kind says it).
 */
export function activityText(a: ActivityEntry, labels: FieldLabels = {}, max = 4): string {
  if (a.type !== 'jsonPatch') return a.description ?? '';
  if (a.tags?.includes('création') || a.tags?.includes('suppression')) return '';
  const names = [...new Set(patchPaths(a.data).map((p) => knownFieldLabel(p, labels)).filter((l): l is string => !!l))];
  if (names.length === 0) return '';
  const shown = names.slice(0, max).join(', ');
  const more = names.length - max;
  return more > 0 ? `${shown} et ${more} autre${more > 1 ? 's' : ''}` : shown;
}
