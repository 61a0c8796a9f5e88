/** Form values <-> request bodies: texts trimmed; on creation an empty text is not sent, on update it clears the field. */

export const trim = (s: string | undefined | null): string => (s ?? '').trim();

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The given text fields of `values`, trimmed; empty ones left out unless `keepEmpty` (an update). */
export function textFields<V extends object>(values: V, fields: readonly (keyof V & string)[], keepEmpty: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = trim(values[f] as unknown as string);
    if (v !== '' || keepEmpty) out[f] = v;
  }
  return out;
}

/** An object without its empty strings (the parts of an address, of a typed entry). */
export function compact<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => !(typeof v === 'string' && v.trim() === '')).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as Partial<T>;
}
