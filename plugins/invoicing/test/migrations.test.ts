/** The migration snapshot against the entity schemas: every column there, and `down` undoes `up`. */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
// the kernel's own check (a built-in plugin may reach into the checkout's server)
import { missingColumns } from '../../../server/src/db/table-check.ts';
import { Invoices, Payments, Quotations } from '../server/entities.ts';
import { init } from '../server/migrations/20261122015701_init.ts';
import { receiverNameAndTotalsIndex } from '../server/migrations/20261122160000_receiver_name_and_totals_index.ts';
import { bootKernel } from './support.ts';

describe('invoicing : migrations', function () {
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('a une colonne pour chaque champ des trois entités', async () => {
    expect(await missingColumns(k.db, [Invoices, Quotations, Payments])).to.deep.equal([]);
  });

  it('refuse deux factures de même numéro dans une entreprise (dernier garde-fou sous les compteurs)', async () => {
    const row = (id: string) => ({
      _id: id, fk_company: '65f0c0ffee0000000000cccc', number: 7, numberFull: 'F7',
      metadata_creationDate: '2026-01-01T00:00:00.000Z', metadata_lastModificationDate: '2026-01-01T00:00:00.000Z',
    });
    await k.db('invoicing_invoices').insert(row('65f0c0ffee0000000000a001'));
    let refused = false;
    try { await k.db('invoicing_invoices').insert(row('65f0c0ffee0000000000a002')); } catch { refused = true; }
    expect(refused).to.equal(true);
    await k.db('invoicing_invoices').where('_id', '65f0c0ffee0000000000a001').delete();
  });

  it('défait et refait ses tables, et remplit receiverName des documents déjà là', async () => {
    await receiverNameAndTotalsIndex.down(k.db);
    expect(await k.db.schema.hasColumn('invoicing_invoices', 'receiverName')).to.equal(false);
    await init.down(k.db);
    for (const t of ['invoicing_invoices', 'invoicing_quotations', 'invoicing_payments']) expect(await k.db.schema.hasTable(t)).to.equal(false);
    await init.up(k.db);
    await k.db('invoicing_invoices').insert({
      _id: '65f0c0ffee0000000000a003', fk_company: '65f0c0ffee0000000000cccc',
      receiver: JSON.stringify({ company: 'Hôtel du Parc', firstname: 'Léa', name: 'Roux' }),
      metadata_creationDate: '2026-01-01T00:00:00.000Z', metadata_lastModificationDate: '2026-01-01T00:00:00.000Z',
    });
    await receiverNameAndTotalsIndex.up(k.db);
    const row = await k.db('invoicing_invoices').where('_id', '65f0c0ffee0000000000a003').first();
    expect(row.receiverName).to.equal('Hôtel du Parc (Léa Roux)');
    await k.db('invoicing_invoices').where('_id', '65f0c0ffee0000000000a003').delete();
    expect(await missingColumns(k.db, [Invoices, Quotations, Payments])).to.deep.equal([]);
  });
});
