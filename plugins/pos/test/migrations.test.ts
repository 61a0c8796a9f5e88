/** The migration snapshot against the entity schemas: every column there, event numbers unique, and `down` undoes `up`. */
import { expect } from 'chai';
import { missingColumns, type TestKernel } from '@comptoir/sdk/testing';
import { CashMovements, CashRegisters, ChainHeads, Events, PrintServers, Receipts, Verifications } from '../server/entities.ts';
import { registers } from '../server/migrations/20261127190000_registers.ts';
import { receiptDocuments } from '../server/migrations/20261205100000_receipt_documents.ts';
import { bootKernel } from './support.ts';

const ENTITIES = [CashRegisters, Verifications, CashMovements, Events, ChainHeads, PrintServers, Receipts];

describe('pos : migrations', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('a une colonne pour chaque champ de ses entités', async () => {
    expect(await missingColumns(k.db, ENTITIES)).to.deep.equal([]);
  });

  it('refuse deux événements de même numéro dans une entreprise (dernier garde-fou sous le compteur)', async () => {
    const row = (id: string) => ({
      _id: id, fk_company: '65f0c0ffee0000000000cccc', number: 7, numberFull: '7', code: 'register.opened', label: 'x', date: '2026-01-01T00:00:00.000Z', hash: 'a'.repeat(64),
      metadata_creationDate: '2026-01-01T00:00:00.000Z', metadata_lastModificationDate: '2026-01-01T00:00:00.000Z',
    });
    await k.db('pos_events').insert(row('65f0c0ffee0000000000a001'));
    let refused = false;
    try { await k.db('pos_events').insert(row('65f0c0ffee0000000000a002')); } catch { refused = true; }
    expect(refused).to.equal(true);
    await k.db('pos_events').where('_id', '65f0c0ffee0000000000a001').delete();
  });

  it('défait et refait ses tables (les colonnes des tickets, puis les tables)', async () => {
    await receiptDocuments.down(k.db);
    expect(await k.db.schema.hasColumn('pos_receipts', 'payments')).to.equal(false);
    expect(await k.db.schema.hasColumn('pos_receipts', 'inclTaxesPrice')).to.equal(true);
    await registers.down(k.db);
    for (const e of ENTITIES) expect(await k.db.schema.hasTable(e.table)).to.equal(false);
    await registers.up(k.db);
    await receiptDocuments.up(k.db);
    expect(await missingColumns(k.db, ENTITIES)).to.deep.equal([]);
  });
});
