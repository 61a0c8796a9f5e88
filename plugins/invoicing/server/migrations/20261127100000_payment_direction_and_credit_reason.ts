/**
 * Issue 11:
 * - `invoicing_payments.direction` (`in`, `out`, `none`: `paymentDirection` of the schemas), filled
 *   for the payments already recorded, indexed for the « Paiements » filter. Derived from fields the
 *   hash covers (source, sign, mode), it is not itself hashed: the chains are unchanged;
 * - `invoicing_invoices.creditReason`: the reason of a credit note; the credit note drafts already
 *   made from an invoice get their header message (« Avoir sur la facture n° … du … ») as reason,
 *   so that they can still be emitted. Emitted documents are left as they are (frozen, hashed).
 */
import { addColumn, type Migration } from '@comptoir/sdk';

const DIRECTION_INDEX = ['fk_company', 'direction', 'date'];
const DIRECTION_INDEX_NAME = 'invoicing_payments_direction_idx';

export const paymentDirectionAndCreditReason: Migration = {
  name: '20261127100000_payment_direction_and_credit_reason',
  async up(db) {
    await db.schema.alterTable('invoicing_payments', (t) => {
      addColumn(t, 'direction', 'string');
      t.index(DIRECTION_INDEX, DIRECTION_INDEX_NAME);
    });
    await db('invoicing_payments').update({
      direction: db.raw(`CASE
        WHEN mode = 'credit-compensation' OR amount = 0 THEN 'none'
        WHEN source IN ('purchase', 'external-purchase') THEN (CASE WHEN amount > 0 THEN 'out' ELSE 'in' END)
        ELSE (CASE WHEN amount > 0 THEN 'in' ELSE 'out' END)
      END`),
    });
    await db.schema.alterTable('invoicing_invoices', (t) => { addColumn(t, 'creditReason', 'text'); });
    await db('invoicing_invoices')
      .whereNull('numberFull').whereNotNull('fk_sourceInvoice').where('inclTaxesPrice', '<', 0)
      .update({ creditReason: db.raw(`COALESCE(NULLIF(TRIM(??), ''), 'Avoir')`, ['headerMessage']) });
  },
  async down(db) {
    await db.schema.alterTable('invoicing_invoices', (t) => { t.dropColumn('creditReason'); });
    await db.schema.alterTable('invoicing_payments', (t) => {
      t.dropIndex(DIRECTION_INDEX, DIRECTION_INDEX_NAME);
      t.dropColumn('direction');
    });
  },
};
