/**
 * Issue 13: `invoicing_invoices.deliveryDate`, the day of the delivery or of the service when it
 * is not the invoice's date ('YYYY-MM-DD', README « Document rules », The operation). The invoices
 * already stored have none: their delivery day is their date, as their e-invoice and PDF say.
 * Hashed from now on (emission/hash-chain.ts), absent from the invoices emitted before, whose
 * hashes stay the same.
 */
import { addColumn, type Migration } from '@comptoir/sdk';

export const deliveryDate: Migration = {
  name: '20261203100000_delivery_date',
  async up(db) {
    await db.schema.alterTable('invoicing_invoices', (t) => { addColumn(t, 'deliveryDate', 'string'); });
  },
  async down(db) {
    await db.schema.alterTable('invoicing_invoices', (t) => { t.dropColumn('deliveryDate'); });
  },
};
