/**
 * `getForUpdate` locks the row for the rest of the transaction. On MariaDB a plain SELECT takes no
 * lock, so two transactions reading the same row would both decide on the old value: the second
 * locked read must wait for the first transaction to end and then see its write.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { createRepository } from '../src/db/repository.ts';
import { Companies } from '../src/entities/platform.ts';

describe('repository: getForUpdate', () => {
  let k: TestKernel;
  before(async () => { k = await createTestKernel(); });
  after(() => k?.stop());

  const repoIn = (db: unknown) =>
    createRepository<{ _id: string; name: string }>(Companies as never, { db: db as never, companyId: null, userId: null, now: () => new Date(), emit: () => {} }, false);

  it('answers the stored document, 404 when absent, 400 on a malformed id', async () => {
    const doc = await k.db.transaction((trx) => repoIn(trx).getForUpdate(k.admin.companyId));
    expect(doc._id).to.equal(k.admin.companyId);
    const missing = await k.db.transaction((trx) => repoIn(trx).getForUpdate('0123456789abcdef01234567')).catch((e) => e);
    expect(missing.status).to.equal(404);
    const bad = await k.db.transaction((trx) => repoIn(trx).getForUpdate('x')).catch((e) => e);
    expect(bad.status).to.equal(400);
  });

  it('a second locked read waits for the first transaction and sees its change (MariaDB)', async function () {
    if (!process.env.DATABASE_URL) this.skip(); // SQLite has a single writer connection: nothing to race
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let locked!: () => void;
    const firstLocked = new Promise<void>((r) => { locked = r; });
    const first = k.db.transaction(async (trx) => {
      await repoIn(trx).getForUpdate(k.admin.companyId);
      locked();
      await held;
      await trx('kernel_companies').where('_id', k.admin.companyId).update({ name: 'Verrouillée' });
      order.push('first wrote');
    });
    await firstLocked;
    const second = k.db.transaction(async (trx) => {
      const doc = await repoIn(trx).getForUpdate(k.admin.companyId);
      order.push(`second read ${doc.name}`);
    });
    await new Promise((r) => setTimeout(r, 300));
    order.push('released');
    release();
    await Promise.all([first, second]);
    expect(order).to.deep.equal(['released', 'first wrote', 'second read Verrouillée']);
  });
});
