/** A tip may be left with the payment of a sale: `fk.invoice` (services/links/tip-links.ts reads it back). */
import { addColumn, type Migration } from '@comptoir/sdk';

export const tipInvoice: Migration = {
  name: '20261201100000_tip_invoice',
  async up(db) {
    await db.schema.alterTable('tip_jar_tips', (t) => {
      addColumn(t, 'fk_invoice', 'id');
      t.index(['fk_company', 'fk_invoice']);
    });
  },
  async down(db) {
    await db.schema.alterTable('tip_jar_tips', (t) => {
      t.dropIndex(['fk_company', 'fk_invoice']);
      t.dropColumn('fk_invoice');
    });
  },
};
