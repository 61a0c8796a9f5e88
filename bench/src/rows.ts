/**
 * Writing generated documents straight into an entity's table, row for row as the application
 * writes them (generate.ts for the kernel suite, invoicing/data.ts): each document gets the
 * entity's computed fields (`derive`), is filled with the schema's defaults by the same ajv
 * validation as `repository.create`, then turned into a row by `encodeRow` (money as 1/10 000 euro
 * integers, ISO dates, JSON columns, flattened `fk_*` and `metadata_*`); rows go in in batches.
 */
import type { Knex } from 'knex';
import type { EntityDefinition } from '@comptoir/sdk';
import { encodeRow, entityColumns } from '../../server/src/db/record-codec.ts';
import { validate } from '../../server/src/db/validation.ts';
import type { Engine } from './database.ts';

export type Doc = Record<string, unknown>;
export type Row = Record<string, unknown>;

export const DAY = 86_400_000;
/** generated dates are spread over the three years before this day, so that runs are identical */
export const EPOCH = Date.UTC(2026, 10, 1);
/** one generated row in this many is validated for real and compared column by column */
export const VALIDATE_EVERY = 97;

/** The entity's computed fields set on the document, as the repository does on every write (an undefined value removes the field). */
export function applyDerived(entity: EntityDefinition, doc: Doc): void {
  if (!entity.derive) return;
  for (const [k, v] of Object.entries(entity.derive(doc as never) as Doc)) {
    if (v === undefined) delete doc[k];
    else doc[k] = v;
  }
}

/**
 * As repository.create fills a document: the schema's defaults for what the generator leaves out.
 * They are taken once from a minimal document (ajv with useDefaults, the repository's validator)
 * and shared by every row, `fk` included (its empty lists and null links, without the minimal
 * document's own links); one row in VALIDATE_EVERY is then validated for real, and its row must
 * come out unchanged, which proves the shared defaults are exactly what validation would add.
 */
export function defaultsOf(entity: EntityDefinition, minimal: Doc): Doc {
  const doc = structuredClone(minimal);
  validate(entity.schema, doc, { defaults: true, what: `bench ${entity.name}` });
  const fk = (doc.fk ?? {}) as Doc;
  for (const k of Object.keys(minimal)) delete doc[k];
  for (const k of Object.keys((minimal.fk ?? {}) as Doc)) delete fk[k];
  doc.fk = fk;
  return doc;
}

/** The stored document (defaults filled, computed fields set) and its row; every VALIDATE_EVERY-th one checked for real. */
export function stored(entity: EntityDefinition, defaults: Doc, doc: Doc, i: number): { full: Doc; row: Row } {
  // shared, never mutated (rows are encoded to JSON text); `fk` has defaults of its own (empty
  // lists, null links): merged, not replaced
  const full = { ...defaults, ...doc, fk: { ...(defaults.fk as Doc | undefined), ...(doc.fk as Doc | undefined) } };
  applyDerived(entity, full);
  const row = encodeRow(entity, full);
  if (i % VALIDATE_EVERY === 0) {
    const checked = structuredClone(full);
    validate(entity.schema, checked, { defaults: true, what: `bench ${entity.name}` });
    const again = encodeRow(entity, checked);
    for (const [k, v] of Object.entries(again)) {
      if (v !== row[k]) throw new Error(`bench ${entity.name}: column ${k} differs from what the repository writes (${String(row[k])} vs ${String(v)})`);
    }
  }
  return { full, row };
}

const quoteSqlite = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Writes rows as they are produced, in batches per table. SQLite: multi-row VALUES (knex writes a
 * multi-row insert as `SELECT ? AS a UNION ALL SELECT ...`, which SQLite prepares several times
 * slower), 200 rows at most (below 32 766 bound parameters), where preparing a longer statement
 * costs more than it saves. MariaDB: autocommitted batches of about `mysqlValues` bound values,
 * two in flight so that building the next batch overlaps the server's work.
 */
export class BatchInserter {
  private pending = new Map<EntityDefinition, Row[]>();
  private sizes = new Map<EntityDefinition, number>();
  private inFlight = new Set<Promise<unknown>>();
  private failure: unknown = null;

  constructor(private exec: Knex | Knex.Transaction, private engine: Engine, private mysqlValues: number) {}

  private size(entity: EntityDefinition): number {
    let n = this.sizes.get(entity);
    if (n === undefined) {
      const cols = entityColumns(entity).length;
      n = this.engine === 'sqlite' ? Math.min(200, Math.floor(32_000 / cols)) : Math.floor(this.mysqlValues / cols);
      this.sizes.set(entity, n);
    }
    return n;
  }

  async push(entity: EntityDefinition, row: Row): Promise<void> {
    let list = this.pending.get(entity);
    if (!list) { list = []; this.pending.set(entity, list); }
    list.push(row);
    if (list.length >= this.size(entity)) {
      this.pending.set(entity, []);
      await this.flush(entity, list);
    }
  }

  private async flush(entity: EntityDefinition, rows: Row[]): Promise<void> {
    if (this.engine === 'sqlite') {
      const cols = Object.keys(rows[0]);
      const tuple = `(${cols.map(() => '?').join(', ')})`;
      const bindings: unknown[] = [];
      for (const row of rows) for (const c of cols) bindings.push(row[c] ?? null);
      await this.exec.raw(`insert into ${quoteSqlite(entity.table)} (${cols.map(quoteSqlite).join(', ')}) values ${rows.map(() => tuple).join(', ')}`, bindings as Knex.Value[]);
      return;
    }
    const p: Promise<unknown> = this.exec(entity.table).insert(rows).then(
      () => { this.inFlight.delete(p); },
      (e: unknown) => { this.failure ??= e; this.inFlight.delete(p); },
    );
    this.inFlight.add(p);
    if (this.inFlight.size >= 2) await Promise.race(this.inFlight);
    if (this.failure) throw this.failure;
  }

  /** The rest of every table, then every batch in flight. */
  async end(): Promise<void> {
    for (const [entity, list] of this.pending) {
      this.pending.set(entity, []);
      if (list.length) await this.flush(entity, list);
    }
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
  }
}

/**
 * `write` on the generator's own connection. SQLite: one transaction (better-sqlite3 is
 * synchronous: nothing to overlap), with a page cache large enough for the indexes being filled
 * (this connection only: the kernel's keep the app's settings). MariaDB: no transaction; one of
 * 150 MB would overflow the redo log of a small server and be slower, and the benchmark does not
 * need the load to be atomic.
 */
export async function writeAll<T>(db: Knex, engine: Engine, write: (exec: Knex | Knex.Transaction) => Promise<T>): Promise<T> {
  if (engine !== 'sqlite') return write(db);
  await db.raw('PRAGMA cache_size = -262144');
  return db.transaction((trx) => write(trx));
}
