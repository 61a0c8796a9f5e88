/**
 * Migration helpers of the full-text index of `contains` (server/src/db/README.md « Search
 * index »). For each searchable field of a table, `addSearchIndex` adds its `<field>__fold` and
 * `<field>__grams` columns, fills them for the rows already there, and builds the index:
 * - SQLite: an FTS5 table over `<field>__grams` with the entity table as its external content
 *   (no copy of the text), kept in sync by three triggers, so that any write keeps it exact;
 * - MySQL/MariaDB: an InnoDB FULLTEXT index on `<field>__grams`, made without stopwords (trigram
 *   words such as `the` or `and` must be indexed), which InnoDB maintains itself.
 * One index per field, so that a later migration can add or drop one field without the others.
 */
import type { Knex } from 'knex';
import { foldColumn, foldText, gramsColumn, gramsText } from './search-text.ts';

const isMysql = (db: Knex) => {
  const client = (db.client as { config?: { client?: unknown } }).config?.client;
  return client === 'mysql2' || client === 'mysql';
};

/** The FTS5 table of one field (SQLite). */
export const ftsTable = (table: string, column: string): string => `${table}__fts_${column}`;
/** The FULLTEXT index of one field (MySQL/MariaDB), within the 64 characters of an identifier. */
export const fulltextIndex = (table: string, column: string): string => `${table}_${column}_ft`.slice(0, 64);

const BATCH = 500;

/** Fills `<field>__fold` and `<field>__grams` of every row from `<field>`, by pages of `_id`. */
export async function fillSearchColumns(db: Knex, table: string, fields: string[]): Promise<void> {
  let after = '';
  for (;;) {
    const rows = (await db(table).select('_id', ...fields).where('_id', '>', after).orderBy('_id').limit(BATCH)) as Record<string, unknown>[];
    if (rows.length === 0) return;
    // one statement per page: `SET x = CASE _id WHEN ? THEN ? … END` (same SQL on both engines)
    const sets: string[] = [];
    const bindings: unknown[] = [];
    for (const f of fields) {
      for (const [column, value] of [[foldColumn(f), (r: Record<string, unknown>) => foldText(r[f])], [gramsColumn(f), (r: Record<string, unknown>) => gramsText(foldText(r[f]))]] as const) {
        sets.push(`?? = CASE ?? ${rows.map(() => 'WHEN ? THEN ?').join(' ')} END`);
        bindings.push(column, '_id', ...rows.flatMap((r) => [r._id, value(r)]));
      }
    }
    const ids = rows.map((r) => r._id);
    await db.raw(`UPDATE ?? SET ${sets.join(', ')} WHERE ?? IN (${ids.map(() => '?').join(', ')})`, [table, ...bindings, '_id', ...ids] as Knex.RawBinding[]);
    after = String(rows[rows.length - 1]._id);
  }
}

async function createSqliteIndex(db: Knex, table: string, field: string): Promise<void> {
  const fts = ftsTable(table, field);
  const g = gramsColumn(field);
  // detail=none: the query is an AND of words, never a phrase; no positions, no sizes to keep
  await db.raw(`CREATE VIRTUAL TABLE "${fts}" USING fts5("${g}", content='${table}', tokenize="ascii tokenchars '_'", detail=none, columnsize=0)`);
  await db.raw(`INSERT INTO "${fts}"("${fts}") VALUES ('rebuild')`);
  const insert = `INSERT INTO "${fts}"(rowid, "${g}") VALUES (new.rowid, new."${g}");`;
  const remove = `INSERT INTO "${fts}"("${fts}", rowid, "${g}") VALUES ('delete', old.rowid, old."${g}");`;
  await db.raw(`CREATE TRIGGER "${fts}_ai" AFTER INSERT ON "${table}" BEGIN ${insert} END`);
  await db.raw(`CREATE TRIGGER "${fts}_ad" AFTER DELETE ON "${table}" BEGIN ${remove} END`);
  await db.raw(`CREATE TRIGGER "${fts}_au" AFTER UPDATE OF "${g}" ON "${table}" WHEN old."${g}" IS NOT new."${g}" BEGIN ${remove} ${insert} END`);
}

async function createMysqlIndex(db: Knex, table: string, field: string): Promise<void> {
  // stopwords are a property of the index, read from the session that creates it: one connection
  // (the words cannot be stopwords anyway, search-text.ts; this keeps any server's list out)
  await db.transaction(async (trx) => {
    await trx.raw('SET SESSION innodb_ft_enable_stopword = OFF');
    try {
      await trx.raw(`ALTER TABLE ?? ADD FULLTEXT INDEX ?? (??)`, [table, fulltextIndex(table, field), gramsColumn(field)]);
    } finally {
      await trx.raw('SET SESSION innodb_ft_enable_stopword = ON');
    }
  });
}

/**
 * Makes `fields` of `table` searchable through the index (their entity declares them in
 * `search`): columns, values for the existing rows, index. `down` is `dropSearchIndex`.
 */
export async function addSearchIndex(db: Knex, table: string, fields: string[]): Promise<void> {
  const mysql = isMysql(db);
  if (mysql) {
    const [[row]] = (await db.raw('SELECT @@innodb_ft_min_token_size AS n')) as unknown as [[{ n: number }]];
    // every trigram word has 4 characters or more: a larger minimum would leave words out
    if (Number(row.n) > 4) throw new Error(`innodb_ft_min_token_size vaut ${row.n} : la recherche plein texte demande au plus 4 (3 par défaut dans MariaDB et MySQL).`);
  }
  await db.schema.alterTable(table, (t) => {
    for (const f of fields) {
      t.text(foldColumn(f), 'mediumtext');
      t.text(gramsColumn(f), 'mediumtext');
    }
  });
  await fillSearchColumns(db, table, fields);
  for (const f of fields) {
    if (mysql) await createMysqlIndex(db, table, f);
    else await createSqliteIndex(db, table, f);
  }
}

export async function dropSearchIndex(db: Knex, table: string, fields: string[]): Promise<void> {
  const mysql = isMysql(db);
  for (const f of fields) {
    if (mysql) {
      await db.raw('ALTER TABLE ?? DROP INDEX ??', [table, fulltextIndex(table, f)]);
    } else {
      const fts = ftsTable(table, f);
      for (const suffix of ['ai', 'ad', 'au']) await db.raw(`DROP TRIGGER IF EXISTS "${fts}_${suffix}"`);
      await db.raw(`DROP TABLE IF EXISTS "${fts}"`);
    }
  }
  if (mysql) {
    await db.schema.alterTable(table, (t) => {
      for (const f of fields) t.dropColumns(foldColumn(f), gramsColumn(f));
    });
    return;
  }
  // SQLite's own DROP COLUMN: knex would copy the table, which renumbers the rowids the other
  // fields' FTS tables point to and drops their triggers
  for (const f of fields) {
    for (const c of [foldColumn(f), gramsColumn(f)]) await db.raw('ALTER TABLE ?? DROP COLUMN ??', [table, c]);
  }
}
