/**
 * Helpers for plugin migrations. A migration lists its columns explicitly (a snapshot of the schema
 * at the time it was written), so that later schema changes are new migrations and an old database
 * replays the same history. `server/src/db/table-check.ts` verifies at test time that every field
 * of an entity schema has its column.
 */
import type { Knex } from 'knex';
import type { StorageKind } from '@comptoir/schemas';

export interface Migration {
  /** `YYYYMMDDHHMMSS_slug`; sorted by name, recorded in `<plugin>_migrations` */
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

export interface EntityTableOptions {
  /** adds the `fk_company` column, indexed with `_id` (company-scoped entity) */
  companyScoped?: boolean;
  /** extra indexes, each a list of columns */
  indexes?: string[][];
  /** unique constraints, each a list of columns */
  unique?: string[][];
}

export function addColumn(t: Knex.CreateTableBuilder | Knex.AlterTableBuilder, name: string, kind: StorageKind) {
  switch (kind) {
    case 'id': return t.string(name, 24);
    case 'string': return t.string(name, 255);
    case 'text': return t.text(name, 'mediumtext');
    case 'int': return t.integer(name);
    case 'number': return t.double(name);
    case 'money': return t.bigInteger(name);
    case 'bool': return t.boolean(name);
    case 'date': return t.string(name, 24);
    case 'json': return t.json(name);
  }
}

/**
 * Creates `<table>` with the record columns every entity has (`_id`, `metadata_*`, `extradata`,
 * `userProps`) plus the given ones. MySQL tables use utf8mb4_bin so that equality and ordering are
 * byte-wise, exactly as on SQLite; case-insensitive search goes through the `contains` filter.
 */
export async function createEntityTable(
  db: Knex, table: string, columns: Record<string, StorageKind>, options: EntityTableOptions = {},
): Promise<void> {
  await db.schema.createTable(table, (t) => {
    t.string('_id', 24).primary();
    if (options.companyScoped) t.string('fk_company', 24).notNullable();
    for (const [name, kind] of Object.entries(columns)) addColumn(t, name, kind);
    t.string('metadata_creationDate', 24).notNullable();
    t.string('metadata_lastModificationDate', 24).notNullable();
    t.string('metadata_createdBy', 24);
    t.string('metadata_lastModifiedBy', 24);
    t.json('extradata');
    t.json('userProps');
    if (options.companyScoped) t.index(['fk_company', '_id'], `${table}_company_idx`);
    for (const cols of options.indexes ?? []) t.index(cols, `${table}_${cols.join('_')}_idx`.slice(0, 64));
    for (const cols of options.unique ?? []) t.unique(cols, { indexName: `${table}_${cols.join('_')}_uq`.slice(0, 64) });
    if (db.client.config.client === 'mysql2') {
      t.charset('utf8mb4');
      t.collate('utf8mb4_bin');
    }
  });
}
