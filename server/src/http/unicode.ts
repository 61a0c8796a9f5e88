/**
 * Text must be well-formed Unicode: a lone surrogate (`"\ud800"`, legal in JSON, unreadable as
 * UTF-8) is refused by MySQL with an error that would surface as a 500. Checked once, for every
 * route, on the body and on the query parameters (raw, and as the JSON the list parameters are).
 */
import { badRequest } from '@comptoir/sdk';

/** Node 20 has String.prototype.isWellFormed (ES2024); the project's lib is ES2023. */
const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/** The path of the first string (value or key) that is not well-formed, or null. */
export function malformedTextPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return wellFormed(value) ? null : path || '(valeur)';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = malformedTextPath(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const at = path ? `${path}.${k}` : k;
      if (!wellFormed(k)) return at;
      const found = malformedTextPath(v, at);
      if (found) return found;
    }
  }
  return null;
}

function jsonOrNull(s: string): unknown {
  try { return JSON.parse(s); } catch { return null; }
}

export function assertWellFormedText(body: unknown, query: Record<string, unknown>): void {
  const inQuery = Object.entries(query).map(([k, v]) => {
    const raw = malformedTextPath({ [k]: v });
    if (raw) return raw;
    return typeof v === 'string' ? malformedTextPath(jsonOrNull(v), k) : null;
  }).find(Boolean);
  const at = malformedTextPath(body) ?? inQuery ?? null;
  if (at) {
    throw badRequest(`Texte invalide dans « ${at} » : caractère Unicode incomplet (surrogate isolé).`, [{ field: at, message: 'texte Unicode invalide' }]);
  }
}
