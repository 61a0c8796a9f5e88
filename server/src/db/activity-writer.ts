/** Writes the Activity of a change, in the transaction of the change (docs/architecture.md « Data conventions »). */
import type { Operation } from 'fast-json-patch';
import type { EntityDefinition } from '@comptoir/sdk';
import { encodeRow } from './record-codec.ts';
import { newId } from '../util/ids.ts';
import { Activities } from '../entities/platform.ts';
import type { DataContext } from './repository.ts';

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
  await ctx.db(Activities.table).insert(encodeRow(Activities, doc));
}
