/**
 * Keyset pagination (http README « Lists »: `pagination.cursor`, `next`). A cursor names the last row seen
 * by its sort value and `_id`; the next page is what sorts strictly after it in `(sort, _id)` order.
 * It is opaque to clients (base64url JSON) and tied to the sort it was made for: a deep page by
 * cursor costs one index range scan, where OFFSET reads every skipped row (http README « Lists »).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type { StorageKind } from '@comptoir/schemas';
import { badRequest } from '@comptoir/sdk';

/**
 * The count and sums of a walk, carried from its first page: a deep page by cursor then costs one
 * index range scan instead of recounting the whole list (bench/README.md, scenario c2). They are
 * bound to the exact filtered query (`query`: a digest of its SQL and bindings, company included)
 * and signed with a key of this process, so a cursor from another list, company or process, or
 * a forged one, simply makes the server count again.
 */
export interface CarriedTotals {
  query: string;
  count: number;
  /** raw integer sums and non-null counts per aggregation, as SQL answered them */
  sums: (string | number | null)[];
  counts: (string | number | null)[];
}

const KEY = randomBytes(32);

function sign(payload: string): string {
  return createHmac('sha256', KEY).update(payload).digest('base64url');
}

export function digestQuery(sql: string, bindings: readonly unknown[]): string {
  return createHmac('sha256', KEY).update(sql).update('\u0000').update(JSON.stringify(bindings)).digest('base64url').slice(0, 22);
}

export function sealTotals(t: CarriedTotals): string {
  const payload = JSON.stringify(t);
  return `${Buffer.from(payload).toString('base64url')}.${sign(payload)}`;
}

/** The carried totals if they are intact and belong to this very query; null otherwise. */
export function openTotals(sealed: unknown, query: string): CarriedTotals | null {
  if (typeof sealed !== 'string') return null;
  const [body, mac] = sealed.split('.');
  if (!body || !mac) return null;
  let payload: string;
  try { payload = Buffer.from(body, 'base64url').toString('utf8'); } catch { return null; }
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const t = JSON.parse(payload) as CarriedTotals;
    return t.query === query && typeof t.count === 'number' ? t : null;
  } catch { return null; }
}

export interface Cursor {
  /** the sort field (API path) and direction the cursor was made for */
  field: string;
  ascending: boolean;
  /** the raw DB value of the sort column in the last row seen */
  value: string | number | null;
  /** the `_id` of the last row seen */
  id: string;
  /** sealed totals of the walk (see CarriedTotals) */
  totals?: string;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify({ f: c.field, a: c.ascending, v: c.value, i: c.id, t: c.totals })).toString('base64url');
}

const NUMERIC: ReadonlySet<StorageKind> = new Set<StorageKind>(['int', 'number', 'money', 'bool']);

function invalid(): never {
  const message = 'Le curseur de pagination est invalide.';
  throw badRequest(message, [{ field: 'pagination', message }]);
}

/** Decodes a cursor and checks it belongs to this sort; anything else is a 400. */
export function decodeCursor(token: string, sort: { field: string; ascending: boolean }, kind: StorageKind): Cursor {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    invalid();
  }
  if (typeof raw !== 'object' || raw === null) invalid();
  const { f, a, v, i, t } = raw as Record<string, unknown>;
  if (typeof f !== 'string' || typeof a !== 'boolean' || typeof i !== 'string' || !/^[0-9a-f]{24}$/.test(i)) invalid();
  if (f !== sort.field || a !== sort.ascending) {
    const message = 'Ce curseur a été créé pour un autre tri : reprenez la liste depuis la première page.';
    throw badRequest(message, [{ field: 'pagination', message }]);
  }
  // the value is bound into SQL: it must have the column's type, or MySQL would compare loosely
  let value: string | number | null;
  if (v === null) value = null;
  else if (NUMERIC.has(kind)) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n)) invalid();
    value = n;
  } else if (typeof v === 'string') value = v;
  else invalid();
  return { field: f, ascending: a, value, id: i, totals: typeof t === 'string' ? t : undefined };
}

/**
 * Restricts `qb` to the rows after the cursor in `(column, _id)` order. NULLs sort first ascending
 * and last descending on both SQLite and MariaDB, so they need their own branches: a comparison
 * with NULL is never true.
 */
export function applyKeyset(qb: Knex.QueryBuilder, target: string | Knex.Raw, c: Cursor): void {
  // a computed sort value (Raw) works wherever knex takes a column name; its types only say string
  const column = target as string;
  const idOp = c.ascending ? '>' : '<';
  if (column === '_id') {
    qb.where('_id', idOp, c.id);
    return;
  }
  const op = c.ascending ? '>' : '<';
  qb.where((w) => {
    if (c.value === null) {
      // ascending: the rest of the NULLs, then every non-NULL; descending: NULLs come last, only them
      w.where((x) => x.whereNull(column).andWhere('_id', idOp, c.id));
      if (c.ascending) w.orWhereNotNull(column);
    } else {
      w.where(column, op, c.value)
        .orWhere((x) => x.where(column, '=', c.value).andWhere('_id', idOp, c.id));
      if (!c.ascending) w.orWhereNull(column);
    }
  });
}
