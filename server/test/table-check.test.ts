import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { missingColumns } from '../src/db/table-check.ts';
import { fixture } from './support/boot.ts';
import { KERNEL_ENTITIES } from '../src/entities/platform.ts';

describe('entity schemas and their migrations', () => {
  let k: TestKernel;
  before(async () => { k = await createTestKernel({ plugins: [fixture('alpha')] }); });
  after(() => k?.stop());

  it('every column of every loaded entity exists', async () => {
    const entities = k.kernel.plugins.flatMap((p: { def: { entities?: unknown[] } }) => p.def.entities ?? []);
    expect(entities.length).to.be.greaterThan(KERNEL_ENTITIES.length);
    expect(await missingColumns(k.db, entities)).to.deep.equal([]);
  });

  it('names a column the migration forgot', async () => {
    const [users] = KERNEL_ENTITIES;
    const { Type } = await import('@sinclair/typebox');
    const drifted = { ...users, schema: Type.Object({ ...users.schema.properties, nouveauChamp: Type.String({ maxLength: 20 }) }) };
    expect(await missingColumns(k.db, [drifted as never])).to.deep.equal(['kernel_users.nouveauChamp (kernel.users → nouveauChamp)']);
  });
});
