/**
 * Identifiers: 24 hex characters, time-ordered (ObjectId shape: 4 bytes of seconds, 5 random bytes,
 * a 3-byte counter), generated with the bson library rather than by hand.
 */
import { ObjectId } from 'bson';

export const ID_RE = /^[0-9a-f]{24}$/;

export function newId(): string {
  return new ObjectId().toHexString();
}

export function isId(v: unknown): v is string {
  return typeof v === 'string' && ID_RE.test(v);
}

/**
 * The rule (http README « Lists »): a field whose name starts or ends with "id" and holds a 24-hex string
 * is an identifier. Ours are lower-case strings, so the rule normalises the case, recursively.
 */
export function isIdFieldName(name: string): boolean {
  const bare = name.replace(/^_+/, '');
  return /^id/i.test(bare) || /id$/i.test(bare);
}

export function normalizeIdentifiers<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => normalizeIdentifiers(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && isIdFieldName(k) && /^[0-9a-fA-F]{24}$/.test(v)) out[k] = v.toLowerCase();
      else if (Array.isArray(v) && isIdFieldName(k.replace(/s$/, ''))) {
        out[k] = v.map((x) => (typeof x === 'string' && /^[0-9a-fA-F]{24}$/.test(x) ? x.toLowerCase() : normalizeIdentifiers(x)));
      } else out[k] = normalizeIdentifiers(v);
    }
    return out as T;
  }
  return value;
}
