/**
 * What a parsed JSON value must be before any code reads it (README « Request bodies »), checked
 * in one iterative walk (an explicit stack: no depth can overflow it):
 * - at most MAX_JSON_DEPTH levels of objects and arrays: deeper values overflow the recursive code
 *   further on (JSON.stringify of an activity, ajv, the logger) and no document of ours is deeper;
 * - no key that can reach a prototype once merged into another object: `__proto__`, and
 *   `constructor` holding `prototype` (what @hapi/bourne and secure-json-parse refuse);
 * - well-formed Unicode: a lone surrogate (`"\ud800"`, legal in JSON, unreadable as UTF-8) is
 *   refused by MySQL with an error that would surface as a 500.
 */

export const MAX_JSON_DEPTH = 64;

export type JsonProblem =
  | { kind: 'depth'; path: string }
  | { kind: 'key'; path: string; key: string }
  | { kind: 'text'; path: string };

/** Node 20 has String.prototype.isWellFormed (ES2024); the project's lib is ES2023. */
export const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

interface Step { value: unknown; depth: number; parent: Step | null; key: string | number | null }

/** `items[2].label`, built only for the value a problem is found at */
function pathOf(step: Step | null, last?: string): string {
  const parts: string[] = last === undefined ? [] : [`.${last}`];
  for (let s = step; s && s.key !== null; s = s.parent) parts.push(typeof s.key === 'number' ? `[${s.key}]` : `.${s.key}`);
  const path = parts.reverse().join('');
  return (path.startsWith('.') ? path.slice(1) : path) || '(valeur)';
}

const nested = (v: unknown) => typeof v === 'string' || (v !== null && typeof v === 'object');

/** The first problem of `value` (in document order), or null. */
export function findJsonProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | null {
  const stack: Step[] = [{ value, depth: 0, parent: null, key: null }];
  while (stack.length) {
    const step = stack.pop()!;
    const v = step.value;
    if (typeof v === 'string') {
      if (!wellFormed(v)) return { kind: 'text', path: pathOf(step) };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (step.depth >= maxDepth) return { kind: 'depth', path: pathOf(step) };
    const depth = step.depth + 1;
    const first = stack.length;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (nested(v[i])) stack.push({ value: v[i], depth, parent: step, key: i });
    } else {
      for (const key of Object.keys(v)) {
        if (!wellFormed(key)) return { kind: 'text', path: pathOf(step, key) };
        const child = (v as Record<string, unknown>)[key];
        if (key === '__proto__') return { kind: 'key', path: pathOf(step, key), key };
        if (key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype')) {
          return { kind: 'key', path: `${pathOf(step, key)}.prototype`, key: 'constructor.prototype' };
        }
        if (nested(child)) stack.push({ value: child, depth, parent: step, key });
      }
    }
    // the children in reverse order: the first one is looked at first
    for (let i = first, j = stack.length - 1; i < j; i++, j--) [stack[i], stack[j]] = [stack[j], stack[i]];
  }
  return null;
}

/** The French sentence of a problem; `where` names the value (« Corps JSON », « Paramètre « filters » »). */
export function jsonProblemMessage(problem: JsonProblem, where: string): string {
  switch (problem.kind) {
    case 'depth': return `${where} trop imbriqué : ${MAX_JSON_DEPTH} niveaux au plus.`;
    case 'key': return `${where} refusé : la clé « ${problem.key} » n’est pas permise.`;
    case 'text': return `Texte invalide dans « ${problem.path} » : caractère Unicode incomplet (surrogate isolé).`;
  }
}

export function jsonProblemDetail(problem: JsonProblem): { field: string; message: string } {
  switch (problem.kind) {
    case 'depth': return { field: problem.path, message: `plus de ${MAX_JSON_DEPTH} niveaux d’imbrication` };
    case 'key': return { field: problem.path, message: `clé « ${problem.key} » non permise` };
    case 'text': return { field: problem.path, message: 'texte Unicode invalide' };
  }
}
