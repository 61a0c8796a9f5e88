/**
 * Migrations are snapshots written by hand; schemas evolve. This check compares them: every column
 * an entity schema maps to must exist in its table. Plugin tests call it (see SDK testing) so a
 * field added to a schema without its migration fails a test, not a customer's request.
 */
import type { Knex } from 'knex';
import type { EntityDefinition } from '@comptoir/sdk';
import { entityColumns, searchColumns } from './record-codec.ts';

export async function missingColumns(db: Knex, entities: EntityDefinition[]): Promise<string[]> {
  const missing: string[] = [];
  for (const entity of entities) {
    if (!(await db.schema.hasTable(entity.table))) {
      missing.push(`${entity.table} (table absente)`);
      continue;
    }
    const info = await db(entity.table).columnInfo();
    for (const c of entityColumns(entity)) {
      if (!(c.column in info)) missing.push(`${entity.table}.${c.column} (${entity.plugin}.${entity.name} → ${c.path})`);
    }
    for (const column of searchColumns(entity)) {
      if (!(column in info)) missing.push(`${entity.table}.${column} (${entity.plugin}.${entity.name} → index de recherche, addSearchIndex)`);
    }
  }
  return missing;
}
