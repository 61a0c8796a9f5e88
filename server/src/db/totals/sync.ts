/**
 * The totals tables themselves (README.md here, « Tables »): made by the kernel at boot, after the
 * plugins' migrations, from the entities' declarations — no plugin migration. Each table's
 * declaration signature is kept in `kernel_totals_tables`; a table missing, or made for another
 * declaration, is made again and filled from the documents (one GROUP BY over the entity's table),
 * under the migrations' lock so that processes booting together do it once.
 */
import type { Knex } from 'knex';
import { Decimal } from 'decimal.js';
import { addColumn, type EntityDefinition } from '@comptoir/sdk';
import { engineOf } from '../connect.ts';
import { becomeWriter, withNamedLock } from '../locks.ts';
import { applyDeltas, type Delta } from './store.ts';
import { dimensionValue, groupKey, totalsSpecOf, type DimensionValue, type TotalsDimensionSpec, type TotalsSpec } from './spec.ts';

export const TOTALS_TABLES = 'kernel_totals_tables';

async function ensureRegistry(db: Knex) {
  if (await db.schema.hasTable(TOTALS_TABLES)) return;
  try {
    await db.schema.createTable(TOTALS_TABLES, (t) => {
      t.string('table', 64).primary();
      t.string('signature', 64).notNullable();
      t.string('builtAt', 24).notNullable();
    });
  } catch (e) {
    if (!(await db.schema.hasTable(TOTALS_TABLES))) throw e;
  }
}

async function createTotalsTable(db: Knex | Knex.Transaction, spec: TotalsSpec) {
  await db.schema.dropTableIfExists(spec.table);
  await db.schema.createTable(spec.table, (t) => {
    t.string('fk_company', 24).notNullable();
    // the group's dimension values as text (spec.ts groupKey), compared byte for byte
    t.string('group_key', 191).notNullable();
    for (const d of spec.dimensions) {
      if (d.by === 'value') addColumn(t, d.column, d.source.kind);
      else t.integer(d.column);
    }
    t.bigInteger('n').notNullable().defaultTo(0);
    for (const s of spec.sums) {
      t.bigInteger(s.sum).notNullable().defaultTo(0);
      t.bigInteger(s.count).notNullable().defaultTo(0);
    }
    t.primary(['fk_company', 'group_key']);
    if (engineOf(db) === 'mysql') {
      t.charset('utf8mb4');
      t.collate('utf8mb4_bin');
    }
  });
}

/** The SQL of a dimension over the entity's table, as the totals table stores it. */
function dimensionSql(d: TotalsDimensionSpec): { sql: string; bindings: string[] } {
  const c = d.source.column;
  switch (d.by) {
    case 'value': return { sql: '??', bindings: [c] };
    case 'presence': return { sql: 'CASE WHEN ?? IS NULL THEN 0 ELSE 1 END', bindings: [c] };
    case 'sign': return { sql: 'CASE WHEN ?? > 0 THEN 1 WHEN ?? < 0 THEN -1 WHEN ?? = 0 THEN 0 END', bindings: [c, c, c] };
  }
}

/** a dimension value read from SQL (the recount, or a totals row), as spec.ts computes it from a document */
function readDimension(d: TotalsDimensionSpec, v: unknown): DimensionValue {
  if (d.by === 'value') return dimensionValue(d, v);
  return v === null || v === undefined ? null : Number(v);
}

const big = (v: unknown): bigint => (v === null || v === undefined ? 0n : BigInt(new Decimal(String(v)).toFixed(0)));

/** Every group of the documents, counted from the entity's table (of one company, or all). */
export async function recount(db: Knex | Knex.Transaction, spec: TotalsSpec, companyId?: string): Promise<Delta[]> {
  const dims = spec.dimensions.map(dimensionSql);
  const select: string[] = ['?? AS ??'];
  const bindings: string[] = ['fk_company', 'fk_company'];
  dims.forEach((d, i) => { select.push(`${d.sql} AS ??`); bindings.push(...d.bindings, `g${i}`); });
  select.push('COUNT(*) AS ??');
  bindings.push('n');
  spec.sums.forEach((s, i) => {
    select.push('SUM(??) AS ??', 'COUNT(??) AS ??');
    bindings.push(s.source.column, `s${i}`, s.source.column, `c${i}`);
  });
  const groupBy = Array.from({ length: dims.length + 1 }, (_, i) => i + 1).join(', ');
  const where = companyId ? 'WHERE ?? = ?' : '';
  const rows = await db.raw(
    `SELECT ${select.join(', ')} FROM ?? ${where} GROUP BY ${groupBy}`,
    [...bindings, spec.source, ...(companyId ? ['fk_company', companyId] : [])],
  );
  const list: Record<string, unknown>[] = engineOf(db as Knex) === 'mysql' ? rows[0] : rows;
  return mergeGroups(spec, list.map((r) => {
    const values = spec.dimensions.map((d, i) => readDimension(d, r[`g${i}`]));
    return {
      company: String(r.fk_company), key: groupKey(values), values, n: Number(r.n),
      sums: spec.sums.map((_, i) => big(r[`s${i}`])), counts: spec.sums.map((_, i) => Number(r[`c${i}`])),
    };
  }));
}

/** The totals rows as stored (of one company, or all). */
export async function storedTotals(db: Knex | Knex.Transaction, spec: TotalsSpec, companyId?: string): Promise<Delta[]> {
  const qb = db(spec.table).select('*');
  if (companyId) qb.where('fk_company', companyId);
  const rows: Record<string, unknown>[] = await qb;
  return rows.map((r) => ({
    company: String(r.fk_company), key: String(r.group_key),
    values: spec.dimensions.map((d) => readDimension(d, r[d.column])),
    n: Number(r.n), sums: spec.sums.map((s) => big(r[s.sum])), counts: spec.sums.map((s) => Number(r[s.count])),
  }));
}

function mergeGroups(spec: TotalsSpec, list: Delta[]): Delta[] {
  const out = new Map<string, Delta>();
  for (const d of list) {
    const id = `${d.company}\u0000${d.key}`;
    const had = out.get(id);
    if (!had) { out.set(id, d); continue; }
    had.n += d.n;
    spec.sums.forEach((_, i) => { had.sums[i] += d.sums[i]; had.counts[i] += d.counts[i]; });
  }
  return [...out.values()];
}

/**
 * The groups where stored totals and a recount differ (empty when they agree): what
 * `npm run verify-integrity` and the tests check. A group emptied by deletions may stay stored
 * with zeros; it agrees with a recount that no longer has it.
 */
export async function compareTotals(db: Knex | Knex.Transaction, spec: TotalsSpec, companyId?: string): Promise<{ key: string; company: string; stored: Delta | null; counted: Delta | null }[]> {
  const counted = new Map((await recount(db, spec, companyId)).map((d) => [`${d.company}\u0000${d.key}`, d]));
  const stored = new Map((await storedTotals(db, spec, companyId)).map((d) => [`${d.company}\u0000${d.key}`, d]));
  const same = (a: Delta | undefined, b: Delta | undefined) => {
    const x = a ?? b!;
    const zero = { n: 0, sums: x.sums.map(() => 0n), counts: x.counts.map(() => 0) };
    const p = a ?? zero;
    const q = b ?? zero;
    return p.n === q.n && p.sums.every((s, i) => s === q.sums[i]) && p.counts.every((c, i) => c === q.counts[i]);
  };
  const out: { key: string; company: string; stored: Delta | null; counted: Delta | null }[] = [];
  for (const id of new Set([...counted.keys(), ...stored.keys()])) {
    const c = counted.get(id);
    const s = stored.get(id);
    if (!same(s, c)) out.push({ key: (c ?? s)!.key, company: (c ?? s)!.company, stored: s ?? null, counted: c ?? null });
  }
  return out;
}

/** Empties the totals of `spec` and counts them again from the documents, in one transaction. */
export async function rebuildTotals(db: Knex, spec: TotalsSpec): Promise<number> {
  return db.transaction(async (trx) => {
    await becomeWriter(trx, spec.table);
    return refill(trx, spec);
  });
}

async function refill(trx: Knex.Transaction, spec: TotalsSpec): Promise<number> {
  const groups = await recount(trx, spec);
  await trx(spec.table).delete();
  // a few hundred groups per statement: far from the engines' limits on bound parameters
  for (let i = 0; i < groups.length; i += 200) await applyDeltas(trx, spec, groups.slice(i, i + 200));
  return groups.length;
}

/**
 * At boot: every declared totals table exists, matches its declaration and was filled. Answers the
 * tables (re)built. MySQL/MariaDB: under the migrations' named lock (DDL commits there, so no
 * transaction could hold it). SQLite, where that lock is nothing: each table is checked, made and
 * filled in one transaction that is the database's writer before it reads the registry, so a
 * process booting alongside waits, then finds the table current — never half made.
 */
export async function syncTotalsTables(db: Knex, entities: EntityDefinition[], now: Date): Promise<string[]> {
  const specs = entities.map(totalsSpecOf).filter((s): s is TotalsSpec => s !== null);
  if (specs.length === 0) return [];
  const built: string[] = [];
  if (engineOf(db) === 'sqlite') {
    await ensureRegistry(db);
    for (const spec of specs) {
      const made = await db.transaction(async (trx) => {
        await becomeWriter(trx, TOTALS_TABLES);
        if (await isCurrent(trx, spec)) return false;
        await makeTable(trx, spec, now);
        return true;
      });
      if (made) built.push(spec.table);
    }
    return built;
  }
  return withNamedLock(db, 'comptoir_migrations', 120, async () => {
    await ensureRegistry(db);
    for (const spec of specs) {
      if (await isCurrent(db, spec)) continue;
      await createTotalsTable(db, spec);
      await db.transaction((trx) => refill(trx, spec));
      await record(db, spec, now);
      built.push(spec.table);
    }
    return built;
  }, () => new Error('Impossible d’obtenir le verrou des migrations pour les totaux (un autre démarrage est en cours ?).'));
}

async function isCurrent(db: Knex | Knex.Transaction, spec: TotalsSpec): Promise<boolean> {
  const row = await db(TOTALS_TABLES).where('table', spec.table).first('signature');
  return row?.signature === spec.signature && await db.schema.hasTable(spec.table);
}

async function makeTable(trx: Knex.Transaction, spec: TotalsSpec, now: Date) {
  await createTotalsTable(trx, spec);
  await refill(trx, spec);
  await record(trx, spec, now);
}

async function record(db: Knex | Knex.Transaction, spec: TotalsSpec, now: Date) {
  await db(TOTALS_TABLES).where('table', spec.table).delete();
  await db(TOTALS_TABLES).insert({ table: spec.table, signature: spec.signature, builtAt: now.toISOString() });
}
