/**
 * Writes the Activity of a change, in the transaction of the change (docs/architecture.md « Data
 * conventions »). A call that runs in a write transaction collects its activities in an
 * `ActivityBatch` and writes them in one multi-row INSERT before its commit (server/src/db/README.md
 * « Activities written in one statement »): a request that changes three records sends one INSERT,
 * not three, and no activity is ever seen without its change or lost with a rollback.
 */
import type { Operation } from 'fast-json-patch';
import type { Knex } from 'knex';
import type { EntityDefinition } from '@comptoir/sdk';
import { encodeRow } from './record-codec.ts';
import { newId } from '../util/ids.ts';
import { Activities } from '../entities/platform.ts';
import type { DataContext } from './repository.ts';

/** Rows per INSERT: well under SQLite's 32 766 bound values (about 20 columns a row). */
const ROWS_PER_INSERT = 500;

/** The activities of one call, written by `flush` in the call's transaction before it commits. */
export class ActivityBatch {
  private rows: Record<string, unknown>[] = [];

  add(row: Record<string, unknown>): void {
    this.rows.push(row);
  }

  get size(): number {
    return this.rows.length;
  }

  /** Writes what was collected (nothing when empty) and starts over. */
  async flush(db: Knex | Knex.Transaction): Promise<void> {
    while (this.rows.length > 0) {
      const chunk = this.rows.splice(0, ROWS_PER_INSERT);
      await db(Activities.table).insert(chunk);
    }
  }
}

export async function writeActivity(
  ctx: DataContext, entity: EntityDefinition, objectId: string, companyId: string | null,
  patch: Operation[], verb: string,
): Promise<void> {
  const now = ctx.now().toISOString();
  const doc = {
    _id: newId(),
    date: now,
    type: 'jsonPatch',
    data: patch,
    tags: [verb],
    by: ctx.userId,
    description: `${verb} : ${entity.label}`,
    objectType: `${entity.plugin}.${entity.name}`,
    metadata: { creationDate: now, lastModificationDate: now, createdBy: ctx.userId, lastModifiedBy: ctx.userId },
    fk: { companies: companyId ? [companyId] : [], company: companyId, object: objectId, by: ctx.userId },
  };
  const row = encodeRow(Activities, doc);
  if (ctx.activities) ctx.activities.add(row);
  else await ctx.db(Activities.table).insert(row);
}
