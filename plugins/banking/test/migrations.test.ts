/** The migration snapshot against the entity schemas: every column there, the dedupe key unique, `down` undoes `up`. */
import { expect } from 'chai';
import { missingColumns, type TestKernel } from '@comptoir/sdk/testing';
import { AccountMonths, Accounts, Categories, Contracts, Groups, Imports, Operations, Rules, Suggestions } from '../server/entities.ts';
import { banking } from '../server/migrations/20261205120000_banking.ts';
import { matching } from '../server/migrations/20261207120000_matching.ts';
import { bootKernel } from './support.ts';

const ENTITIES = [Accounts, Operations, Categories, Groups, Contracts, Rules, AccountMonths, Imports, Suggestions];

describe('banking: migrations', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('has a column for every field of its entities', async () => {
    expect(await missingColumns(k.db, ENTITIES)).to.deep.equal([]);
  });

  it('refuses the same dedupe key twice in one account (the last guard under the account lock); manual operations have none', async () => {
    const row = (id: string, dedupeKey: string | null) => ({
      _id: id, fk_company: '65f0c0ffee0000000000cccc', fk_account: '65f0c0ffee0000000000dddd', dateOperation: '2026-01-01T12:00:00.000Z',
      label: 'x', source: 'ofx', subOperationsCount: 0, transactionMode: 'unknown', amount: 10000, dedupeKey,
      metadata_creationDate: '2026-01-01T00:00:00.000Z', metadata_lastModificationDate: '2026-01-01T00:00:00.000Z',
    });
    await k.db('banking_operations').insert([row('65f0c0ffee0000000000a001', 'id:1'), row('65f0c0ffee0000000000a003', null), row('65f0c0ffee0000000000a004', null)]);
    let refused = false;
    try { await k.db('banking_operations').insert(row('65f0c0ffee0000000000a002', 'id:1')); } catch { refused = true; }
    expect(refused).to.equal(true);
    await k.db('banking_operations').whereIn('_id', ['65f0c0ffee0000000000a001', '65f0c0ffee0000000000a003', '65f0c0ffee0000000000a004']).delete();
  });

  it('undoes and redoes its tables, in order (the matching after the snapshot)', async () => {
    await matching.down(k.db);
    expect(await k.db.schema.hasTable('banking_suggestions')).to.equal(false);
    expect(await k.db.schema.hasColumn('banking_operations', 'matchedAmount')).to.equal(false);
    await banking.down(k.db);
    for (const e of ENTITIES) expect(await k.db.schema.hasTable(e.table)).to.equal(false);
    await banking.up(k.db);
    await matching.up(k.db);
    expect(await missingColumns(k.db, ENTITIES)).to.deep.equal([]);
  });

  it('gives the operations stored before the matching nothing matched', async () => {
    await matching.down(k.db);
    const row = {
      _id: '65f0c0ffee0000000000b001', fk_company: '65f0c0ffee0000000000cccc', fk_account: '65f0c0ffee0000000000dddd', dateOperation: '2026-01-01T12:00:00.000Z',
      label: 'x', source: 'ofx', subOperationsCount: 0, transactionMode: 'unknown', amount: 10000,
      metadata_creationDate: '2026-01-01T00:00:00.000Z', metadata_lastModificationDate: '2026-01-01T00:00:00.000Z',
    };
    await k.db('banking_operations').insert(row);
    await matching.up(k.db);
    expect(Number((await k.db('banking_operations').where('_id', row._id).first()).matchedAmount)).to.equal(0);
    await k.db('banking_operations').where('_id', row._id).delete();
  });
});
