/**
 * Indexes of user properties flagged `index` (one per collection table, variable and SQL kind,
 * shared by every company using that variable, company first):
 * - SQLite: an index on the expression of user-prop-sql.ts, which the planner matches in filters
 *   and sorts written with the same expression;
 * - MariaDB, which has no functional index: a virtual generated column over that expression and an
 *   index on it; lists name the column (once it is known to exist) instead of the expression.
 * The DDL runs after the definition's transaction has committed (MariaDB commits implicitly on DDL),
 * and again at boot, so an index a crash left out is made then. Each call makes the table's
 * indexes match the wanted set: missing ones are created, unwanted ones dropped.
 */
import type { Knex } from 'knex';
import { engineOf } from './connect.ts';
import { generatedColumnName, generatedColumnSql, identifierPart, valueSql, type SqlKind } from './user-prop-sql.ts';

export interface WantedIndex { variable: string; kind: SqlKind }

const sqliteIndexName = (table: string, w: WantedIndex) => `upidx_${table}_${w.kind}_${identifierPart(w.variable)}`;

/** database name of a knex handle or transaction (cache keys: tests run many databases per process) */
function databaseOf(db: Knex | Knex.Transaction): string {
  const conn = (db.client as { config?: { connection?: { database?: string; filename?: string } } }).config?.connection;
  return conn?.database ?? conn?.filename ?? '';
}

/** MariaDB generated columns known to exist, per database and table; re-read after CACHE_MS. */
const known = new Map<string, { at: number; columns: Set<string> }>();
const CACHE_MS = 30_000;

async function readGeneratedColumns(db: Knex | Knex.Transaction, table: string): Promise<Set<string>> {
  const rows = await db('information_schema.COLUMNS')
    .select('COLUMN_NAME as name')
    .whereRaw('TABLE_SCHEMA = DATABASE()')
    .where('TABLE_NAME', table)
    .where('COLUMN_NAME', 'like', 'uprop\\_%');
  const columns = new Set(rows.map((r: { name: string }) => r.name));
  known.set(`${databaseOf(db)}:${table}`, { at: Date.now(), columns });
  return columns;
}

/**
 * The generated column to read for an indexed property on MariaDB, or null (SQLite, or not there
 * yet: the expression gives the same values, only without the index).
 */
export async function indexedColumn(db: Knex | Knex.Transaction, table: string, w: WantedIndex): Promise<string | null> {
  if (engineOf(db as Knex) !== 'mysql') return null;
  const entry = known.get(`${databaseOf(db)}:${table}`);
  const columns = entry && Date.now() - entry.at < CACHE_MS ? entry.columns : await readGeneratedColumns(db, table);
  const name = generatedColumnName(w.variable, w.kind);
  return columns.has(name) ? name : null;
}

async function syncSqlite(db: Knex | Knex.Transaction, table: string, wanted: WantedIndex[]) {
  const rows = await db('sqlite_master').select('name').where({ type: 'index', tbl_name: table })
    .whereRaw("name LIKE 'upidx\\_%' ESCAPE '\\'");
  const existing = new Set(rows.map((r: { name: string }) => r.name));
  const names = new Map(wanted.map((w) => [sqliteIndexName(table, w), w]));
  for (const [name, w] of names) {
    if (existing.has(name)) continue;
    await db.raw(`CREATE INDEX IF NOT EXISTS "${name}" ON "${table}" ("fk_company", ${valueSql('sqlite', null, w.variable, w.kind)})`);
  }
  for (const name of existing) if (!names.has(name)) await db.raw(`DROP INDEX IF EXISTS "${name}"`);
}

async function syncMysql(db: Knex | Knex.Transaction, table: string, wanted: WantedIndex[]) {
  const existing = await readGeneratedColumns(db, table);
  const names = new Map(wanted.map((w) => [generatedColumnName(w.variable, w.kind), w]));
  const changes: string[] = [];
  // drops first: a column of an older name may differ from a new one by case only
  // (a dropped column leaves its composite index behind on (fk_company) alone: both go)
  for (const name of existing) if (!names.has(name)) changes.push(`DROP INDEX IF EXISTS \`${name}\`, DROP COLUMN \`${name}\``);
  for (const [name, w] of names) {
    if (!existing.has(name)) changes.push(`ADD COLUMN \`${name}\` ${generatedColumnSql(w.variable, w.kind)}, ADD INDEX \`${name}\` (\`fk_company\`, \`${name}\`)`);
  }
  if (changes.length === 0) return;
  await db.raw(`ALTER TABLE \`${table}\` ${changes.join(', ')}`);
  await readGeneratedColumns(db, table);
}

/** Makes the user-property indexes of `table` exactly `wanted`. */
export async function syncUserPropIndexes(db: Knex | Knex.Transaction, table: string, wanted: WantedIndex[]): Promise<void> {
  if (engineOf(db as Knex) === 'mysql') await syncMysql(db, table, wanted);
  else await syncSqlite(db, table, wanted);
}
