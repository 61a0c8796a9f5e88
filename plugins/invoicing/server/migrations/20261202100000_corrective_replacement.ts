/**
 * Issue 13, a corrected sale counted once (README « Corrective invoice »):
 * - `invoicing_invoices.replacedBy`: the corrective invoice that cancels and replaces an invoice;
 * - `reversedExclTaxesPrice`, `reversedInclTaxesPrice`: on a corrective invoice, what remained of the
 *   invoice it replaces when it was emitted — the reversal its FEC entry books, which the revenue
 *   figures deduct in the corrective's period.
 * The corrective invoices already emitted get them as the FEC reads them (`remainingLines` of
 * accounting-entries.ts): the source's totals plus its credit notes emitted before the corrective,
 * nothing when an earlier corrective of the same source had already replaced it; the source is
 * replaced by its first corrective. Derived data only: the hashes and the payment chain are left
 * as they are — such a source keeps its settlement (no compensation is written by a migration), the
 * « Impayées » filters leave it out by `replacedBy`.
 */
import { addColumn, type Migration } from '@comptoir/sdk';

interface Row {
  _id: string;
  fk_company: string;
  number: number | string | null;
  fk_sourceInvoice: string | null;
  exclTaxesPrice: number | string | null;
  inclTaxesPrice: number | string | null;
  headerTitle: string | null;
}

/** amounts as stored (scaled integers): sums stay exact in a JavaScript number up to 9·10^15 */
const stored = (v: number | string | null) => Number(v ?? 0);
/** `documentKind` of facturx/lines.ts, on the stored row: a negative total, or a zero total headed « Avoir », is a credit note */
const isCreditRow = (r: Row) => stored(r.inclTaxesPrice) < 0 || r.headerTitle === 'Avoir';

export const correctiveReplacement: Migration = {
  name: '20261202100000_corrective_replacement',
  async up(db) {
    await db.schema.alterTable('invoicing_invoices', (t) => {
      addColumn(t, 'replacedBy', 'id');
      addColumn(t, 'reversedExclTaxesPrice', 'money');
      addColumn(t, 'reversedInclTaxesPrice', 'money');
    });
    const made = await db('invoicing_invoices').whereNotNull('numberFull').whereNotNull('fk_sourceInvoice')
      .select('_id', 'fk_company', 'number', 'fk_sourceInvoice', 'exclTaxesPrice', 'inclTaxesPrice', 'headerTitle') as Row[];
    made.sort((a, b) => stored(a.number) - stored(b.number));
    const bySource = new Map<string, Row[]>();
    for (const r of made) bySource.set(`${r.fk_company}|${r.fk_sourceInvoice}`, [...(bySource.get(`${r.fk_company}|${r.fk_sourceInvoice}`) ?? []), r]);
    for (const rows of bySource.values()) {
      const correctives = rows.filter((r) => !isCreditRow(r));
      if (correctives.length === 0) continue;
      const first = correctives[0];
      const source = await db('invoicing_invoices').where({ _id: first.fk_sourceInvoice, fk_company: first.fk_company })
        .first('_id', 'exclTaxesPrice', 'inclTaxesPrice', 'replacedBy') as (Row & { replacedBy: string | null }) | undefined;
      if (!source) continue;
      for (const corrective of correctives) {
        const credits = rows.filter((r) => isCreditRow(r) && stored(r.number) < stored(corrective.number));
        const firstOne = corrective === first;
        const excl = firstOne ? credits.reduce((s, c) => s + stored(c.exclTaxesPrice), stored(source.exclTaxesPrice)) : 0;
        const incl = firstOne ? credits.reduce((s, c) => s + stored(c.inclTaxesPrice), stored(source.inclTaxesPrice)) : 0;
        await db('invoicing_invoices').where('_id', corrective._id).update({ reversedExclTaxesPrice: excl, reversedInclTaxesPrice: incl });
      }
      if (!source.replacedBy) await db('invoicing_invoices').where('_id', source._id).update({ replacedBy: first._id });
    }
  },
  async down(db) {
    await db.schema.alterTable('invoicing_invoices', (t) => {
      t.dropColumn('reversedInclTaxesPrice');
      t.dropColumn('reversedExclTaxesPrice');
      t.dropColumn('replacedBy');
    });
  },
};
