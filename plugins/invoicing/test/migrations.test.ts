/** The migration snapshot against the entity schemas: every column there, and `down` undoes `up`. */
import { expect } from 'chai';
import { missingColumns, type TestKernel } from '@comptoir/sdk/testing';
// the kernel's own check (a built-in plugin may reach into the checkout's server)
import { Invoices, Payments, Quotations } from '../server/entities.ts';
import { init } from '../server/migrations/20261122015701_init.ts';
import { receiverNameAndTotalsIndex } from '../server/migrations/20261122160000_receiver_name_and_totals_index.ts';
import { paymentDirectionAndCreditReason } from '../server/migrations/20261127100000_payment_direction_and_credit_reason.ts';
import { correctiveReplacement } from '../server/migrations/20261202100000_corrective_replacement.ts';
import { deliveryDate } from '../server/migrations/20261203100000_delivery_date.ts';
import { searchIndex } from '../server/migrations/20261204120000_search_index.ts';
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
    await searchIndex.down(k.db);
    expect(await k.db.schema.hasColumn('invoicing_invoices', 'receiverName__fold')).to.equal(false);
    await deliveryDate.down(k.db);
    expect(await k.db.schema.hasColumn('invoicing_invoices', 'deliveryDate')).to.equal(false);
    await correctiveReplacement.down(k.db);
    await paymentDirectionAndCreditReason.down(k.db);
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
    await paymentDirectionAndCreditReason.up(k.db);
    await correctiveReplacement.up(k.db);
    await deliveryDate.up(k.db);
    // a document already there gets its folded name and trigram words (issue 14)
    await k.db('invoicing_invoices').insert({
      _id: '65f0c0ffee0000000000a004', fk_company: '65f0c0ffee0000000000cccc', receiverName: 'Hôtel du Parc (Léa Roux)', numberFull: 'FA-0000007',
      metadata_creationDate: '2026-01-01T00:00:00.000Z', metadata_lastModificationDate: '2026-01-01T00:00:00.000Z',
    });
    await searchIndex.up(k.db);
    const indexed = await k.db('invoicing_invoices').where('_id', '65f0c0ffee0000000000a004').first();
    expect(indexed.receiverName__fold).to.equal('hotel du parc (lea roux)');
    expect(indexed.numberFull__grams).to.equal('_fa_2d_ _a_2d_0 __2d_00 _000 _007');
    await k.db('invoicing_invoices').where('_id', '65f0c0ffee0000000000a004').delete();
    expect(await missingColumns(k.db, [Invoices, Quotations, Payments])).to.deep.equal([]);
  });

  it('donne leur sens aux paiements déjà là et leur motif aux brouillons d’avoir déjà faits (issue 11)', async () => {
    await paymentDirectionAndCreditReason.down(k.db);
    const company = '65f0c0ffee0000000000cccc';
    const meta = { metadata_creationDate: '2026-01-01T00:00:00.000Z', metadata_lastModificationDate: '2026-01-01T00:00:00.000Z' };
    const payments: [string, string, number, string][] = [
      ['65f0c0ffee0000000000b001', 'invoice', 12000, 'cb'], ['65f0c0ffee0000000000b002', 'invoice', -2000, 'transfer'],
      ['65f0c0ffee0000000000b003', 'invoice', 500, 'credit-compensation'], ['65f0c0ffee0000000000b004', 'purchase', 8000, 'transfer'],
      ['65f0c0ffee0000000000b005', 'external-purchase', -990, 'cb'],
    ];
    await k.db('invoicing_payments').insert(payments.map(([_id, source, amount, mode]) => ({ _id, fk_company: company, source, amount, mode, date: '2026-01-01T00:00:00.000Z', ...meta })));
    await k.db('invoicing_invoices').insert([
      { _id: '65f0c0ffee0000000000a004', fk_company: company, fk_sourceInvoice: '65f0c0ffee0000000000a005', inclTaxesPrice: -1200, headerMessage: 'Avoir sur la facture n° 1 du 01/01/2026.', ...meta },
      { _id: '65f0c0ffee0000000000a006', fk_company: company, fk_sourceInvoice: '65f0c0ffee0000000000a005', inclTaxesPrice: 1200, headerTitle: 'Facture corrective', ...meta },
    ]);
    await paymentDirectionAndCreditReason.up(k.db);
    const directions = await k.db('invoicing_payments').whereIn('_id', payments.map((p) => p[0])).orderBy('_id').pluck('direction');
    expect(directions).to.deep.equal(['in', 'out', 'none', 'out', 'in']);
    const reasons = await k.db('invoicing_invoices').whereIn('_id', ['65f0c0ffee0000000000a004', '65f0c0ffee0000000000a006']).orderBy('_id').pluck('creditReason');
    expect(reasons).to.deep.equal(['Avoir sur la facture n° 1 du 01/01/2026.', null]);
    await k.db('invoicing_payments').whereIn('_id', payments.map((p) => p[0])).delete();
    await k.db('invoicing_invoices').whereIn('_id', ['65f0c0ffee0000000000a004', '65f0c0ffee0000000000a006']).delete();
  });

  it('donne aux factures correctives déjà émises ce qu’elles ont contre-passé, et à leur source sa remplaçante (issue 13)', async () => {
    await correctiveReplacement.down(k.db);
    const company = '65f0c0ffee0000000000cccc';
    const meta = { fk_company: company, metadata_creationDate: '2026-01-01T00:00:00.000Z', metadata_lastModificationDate: '2026-01-01T00:00:00.000Z' };
    const id = (n: number) => `65f0c0ffee0000000000c0${String(n).padStart(2, '0')}`;
    // amounts as stored (1/10 000 €): the source 120 € TTC (100 HT), a credit note of 24 € TTC (20 HT),
    // a corrective (reverses 80 HT / 96 TTC), a second corrective of the same source (reverses nothing),
    // a corrective of the first corrective (reverses it whole), and a credit note emitted after the corrective
    const rows = [
      { _id: id(1), number: 1, numberFull: 'F1', exclTaxesPrice: 1000000, inclTaxesPrice: 1200000 },
      { _id: id(2), number: 2, numberFull: 'F2', fk_sourceInvoice: id(1), exclTaxesPrice: -200000, inclTaxesPrice: -240000, headerTitle: 'Avoir' },
      { _id: id(3), number: 3, numberFull: 'F3', fk_sourceInvoice: id(1), exclTaxesPrice: 900000, inclTaxesPrice: 1080000, headerTitle: 'Facture corrective' },
      { _id: id(4), number: 4, numberFull: 'F4', fk_sourceInvoice: id(1), exclTaxesPrice: 500000, inclTaxesPrice: 600000, headerTitle: 'Facture corrective' },
      { _id: id(5), number: 5, numberFull: 'F5', fk_sourceInvoice: id(3), exclTaxesPrice: 700000, inclTaxesPrice: 840000, headerTitle: 'Facture corrective' },
      { _id: id(6), number: 6, numberFull: 'F6', fk_sourceInvoice: id(1), exclTaxesPrice: -100000, inclTaxesPrice: -120000, headerTitle: 'Avoir' },
      // a corrective draft: nothing
      { _id: id(7), fk_sourceInvoice: id(1), exclTaxesPrice: 100000, inclTaxesPrice: 120000, headerTitle: 'Facture corrective' },
    ];
    await k.db('invoicing_invoices').insert(rows.map((r) => ({ ...r, ...meta })));
    await correctiveReplacement.up(k.db);
    const read = await k.db('invoicing_invoices').whereIn('_id', rows.map((r) => r._id)).orderBy('_id')
      .select('replacedBy', 'reversedExclTaxesPrice', 'reversedInclTaxesPrice');
    expect(read.map((r) => [r.replacedBy, r.reversedExclTaxesPrice === null ? null : Number(r.reversedExclTaxesPrice), r.reversedInclTaxesPrice === null ? null : Number(r.reversedInclTaxesPrice)])).to.deep.equal([
      [id(3), null, null], [null, null, null], [id(5), 800000, 960000], [null, 0, 0], [null, 900000, 1080000], [null, null, null], [null, null, null],
    ]);
    await k.db('invoicing_invoices').whereIn('_id', rows.map((r) => r._id)).delete();
  });
});
