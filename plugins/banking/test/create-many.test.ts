/**
 * The SDK's `repo.createMany` (sdk README « Many at once »), through the operations an import
 * writes: every row stored as `create` stores it (defaults, metadata, an Activity each), in several
 * INSERTs when the batch is long, and an invalid document refusing the whole batch (French 400)
 * before anything is written; an account of nobody (the reference check, once per batch) too.
 */
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import { Operations } from '../server/entities.ts';
import { bootKernel, createAccount } from './support.ts';

describe('repository createMany (the import’s operations)', function () {
  this.timeout(120_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  const rows = (account: string, n: number) => Array.from({ length: n }, (_, i) => ({
    dateOperation: '2026-11-02T12:00:00.000Z', label: `Opération ${i}`, amount: (i % 2 ? -1 : 1) * (i + 0.01), source: 'csv', dedupeKey: `k${i}`, fk: { account },
  }));
  const inBatch = (fn: (ctx: CallContext) => Promise<unknown>) => k.kernel.asSystem(k.admin.companyId, fn, 'banking');
  const count = async (table: string, where: Record<string, string> = {}) => Number((await k.db(table).where(where).count({ n: '*' }))[0].n);

  it('stores 1 200 operations as create would, each with its Activity, in order', async () => {
    const account = await createAccount(k);
    const activities = await count('kernel_activities');
    const made = await inBatch((ctx) => ctx.repo(Operations).createMany(rows(account._id, 1200))) as { _id: string; transactionMode: string; subOperationsCount: number; metadata: { creationDate: string } }[];
    expect(made).to.have.length(1200);
    expect(made[0]).to.deep.include({ transactionMode: 'unknown', subOperationsCount: 0 });
    expect(made[0].metadata.creationDate).to.be.a('string');
    expect(await count('banking_operations', { fk_account: account._id })).to.equal(1200);
    expect(await count('kernel_activities') - activities).to.equal(1200);
    const stored = await k.db('banking_operations').where('_id', made[1199]._id).first();
    expect(stored).to.deep.include({ label: 'Opération 1199', dedupeKey: 'k1199' });
    expect(Number(stored.amount)).to.equal(-11990100);
  });

  it('an invalid document refuses the whole batch before anything is written', async () => {
    const account = await createAccount(k, { name: 'Compte épargne' });
    const before = await count('banking_operations');
    const invalid = rows(account._id, 3);
    (invalid[2] as Record<string, unknown>).amount = 'douze';
    const bad = await inBatch((ctx) => ctx.repo(Operations).createMany(invalid)).catch((e: Error & { status?: number }) => e);
    expect(bad.status).to.equal(400);
    expect(bad.message).to.match(/^Opération bancaire invalide/);
    expect(await count('banking_operations')).to.equal(before);
  });

  it('an account that names nothing refuses the whole batch (400 naming the field), nothing written', async () => {
    const account = await createAccount(k, { name: 'Compte courant 2' });
    const before = await count('banking_operations');
    const batch = rows(account._id, 3);
    (batch[1] as { fk: { account: string } }).fk.account = 'feedfacefeedfacefeedface';
    const bad = await inBatch((ctx) => ctx.repo(Operations).createMany(batch)).catch((e: Error & { status?: number; details?: { field: string }[] }) => e);
    expect(bad.status).to.equal(400);
    expect((bad as { details?: { field: string }[] }).details?.[0].field).to.equal('fk.account');
    expect(await count('banking_operations')).to.equal(before);
  });
});
