/**
 * Spec §5, label modes: eq, contains, startsWith, endsWith, regex; case-insensitive unless
 * `caseSensitive`; on `originalLabel`, else `label`; an invalid regex never matches.
 * Answers the captured groups (for `$1`…) or null when it does not match.
 */
import type { LabelCondition } from '../../../schemas/index.ts';
import { compileRegex, regexMatch } from './safe-regex.ts';

export interface Labelled { label?: string | null; originalLabel?: string | null }

export const comparedLabel = (op: Labelled): string => (op.originalLabel ? op.originalLabel : op.label ?? '');

export function labelMatch(condition: LabelCondition, op: Labelled): string[] | null {
  const text = comparedLabel(op);
  const sensitive = condition.caseSensitive === true;
  if (condition.mode === 'regex') {
    const compiled = compileRegex(condition.value, sensitive);
    return compiled ? regexMatch(compiled, text) : null;
  }
  const hay = sensitive ? text : text.toLowerCase();
  const needle = sensitive ? condition.value : condition.value.toLowerCase();
  let ok: boolean;
  switch (condition.mode) {
    case 'eq': ok = hay === needle; break;
    case 'contains': ok = hay.includes(needle); break;
    case 'startsWith': ok = hay.startsWith(needle); break;
    case 'endsWith': ok = hay.endsWith(needle); break;
    default: ok = false;
  }
  return ok ? [text] : null;
}

/** `$1`, `$2`… replaced by the groups captured (a group that did not take part: empty). */
export function substituteGroups(template: string, groups: string[]): string {
  return template.replace(/\$(\d{1,2})/g, (_, n: string) => groups[Number(n)] ?? '');
}
