/**
 * A row the transaction read locked through a repository is known to the reference check of a
 * later write in the same transaction: no query for it (server/src/db/locked-rows.ts, platform
 * README « References »). Unlocked, the check asks the database; locked then deleted in the same
 * transaction, the write is refused (400) as if it had never been read.
 */
import path from 'node:path';
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { Contacts, Customers } from '../../plugins/contacts/server/entities.ts';

const PLUGINS = ['contacts'].map((id) => path.resolve(import.meta.dirname, '../../plugins', id));

describe('références : une ligne déjà verrouillée par la transaction n’est pas relue', function () {
  let k: TestKernel;
  let customer: string;
  before(async () => {
    k = await createTestKernel({ plugins: PLUGINS });
    customer = (await k.http.post('/api/contacts/customers', { name: 'Boulangerie Verrou' })).body._id;
    expect(customer).to.be.a('string');
  });
  after(() => k?.stop());

  /** what `fn` sends that reads the customers' table */
  async function customerReads(fn: (ctx: CallContext) => Promise<unknown>): Promise<{ reads: string[]; error: { status?: number } | null }> {
    const reads: string[] = [];
    const on = (e: { sql: string }) => { if (/from [`"]contacts_customers[`"]/i.test(e.sql)) reads.push(e.sql); };
    let error: { status?: number } | null = null;
    const run = k.kernel.asSystem(k.admin.companyId, async (ctx: CallContext) => {
      k.db.on('query', on);
      try { await fn(ctx); } finally { k.db.off('query', on); }
    }, 'contacts').catch((e: { status?: number }) => { error = e; });
    await run;
    return { reads, error };
  }

  const contactNaming = (id: string) => ({ firstname: 'Anne', name: 'Verrou', customers: [{ customerId: id }] });

  it('sans verrou, la vérification lit le client', async () => {
    const { reads, error } = await customerReads((ctx) => ctx.repo(Contacts).create(contactNaming(customer)));
    expect(error).to.equal(null);
    expect(reads).to.have.length(1);
  });

  it('lu verrouillé dans la transaction : la création qui le cite ne le relit pas', async () => {
    const { reads, error } = await customerReads(async (ctx) => {
      await ctx.repo(Customers).getRawForUpdate(customer);
      await ctx.repo(Contacts).create(contactNaming(customer));
    });
    expect(error).to.equal(null);
    // the locked read only
    expect(reads).to.have.length(1);
  });

  it('verrouillé puis supprimé dans la même transaction : 400, rien d’écrit', async () => {
    const before = Number((await k.db('contacts_contacts').count({ n: '*' }))[0].n);
    const { error } = await customerReads(async (ctx) => {
      await ctx.repo(Customers).getRawForUpdate(customer);
      await ctx.repo(Customers).remove(customer);
      await ctx.repo(Contacts).create(contactNaming(customer));
    });
    expect(error?.status).to.equal(400);
    expect(Number((await k.db('contacts_contacts').count({ n: '*' }))[0].n)).to.equal(before);
    expect(await k.db('contacts_customers').where({ _id: customer }).first()).to.not.equal(undefined);
  });
});
