/**
 * The rows a transaction read locked through a repository (`getRawForUpdate`, an update's read):
 * until it ends, nobody else can delete them or move them to another company (MySQL/MariaDB: the
 * row lock; SQLite: one writer, and a transaction whose reads went stale cannot commit). The
 * reference check of a later write in the same transaction needs no query for them (README.md
 * here, « Reference checks »). Kept per transaction object: a savepoint's own locks are not lent
 * to its parent, nor the parent's to it — only ever a query more, never one less than needed.
 */
import type { Knex } from 'knex';

const held = new WeakMap<object, Set<string>>();
const key = (table: string, companyId: string | null, id: string) => `${table}\u0000${companyId ?? ''}\u0000${id}`;

export function rememberLocked(db: Knex | Knex.Transaction, table: string, companyId: string | null, id: string): void {
  if (!(db as Knex.Transaction).isTransaction) return;
  let set = held.get(db);
  if (!set) held.set(db, (set = new Set()));
  set.add(key(table, companyId, id));
}

/** the row was deleted in this transaction: it proves nothing any more */
export function forgetLocked(db: Knex | Knex.Transaction, table: string, companyId: string | null, id: string): void {
  held.get(db)?.delete(key(table, companyId, id));
}

export function isLocked(db: Knex | Knex.Transaction, table: string, companyId: string | null, id: string): boolean {
  return held.get(db)?.has(key(table, companyId, id)) ?? false;
}
