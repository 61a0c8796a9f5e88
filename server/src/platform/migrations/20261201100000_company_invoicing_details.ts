/**
 * Issue 13: what a company adds for its invoices — its RCS entry, its bank account (IBAN, BIC), the
 * option for VAT on debits (false for every existing company) and its default term of payment
 * (30 days, the legal default every invoice was due at so far). Schemas README « Company ».
 */
import { addColumn, type Migration } from '@comptoir/sdk';

const TABLE = 'kernel_companies';

export const companyInvoicingDetails: Migration = {
  name: '20261201100000_company_invoicing_details',
  async up(db) {
    await db.schema.alterTable(TABLE, (t) => {
      addColumn(t, 'rcs', 'string');
      addColumn(t, 'iban', 'string');
      addColumn(t, 'bic', 'string');
      t.boolean('vatOnDebits').notNullable().defaultTo(false);
      t.integer('paymentTermsDays').notNullable().defaultTo(30);
    });
  },
  async down(db) {
    await db.schema.alterTable(TABLE, (t) => {
      for (const column of ['rcs', 'iban', 'bic', 'vatOnDebits', 'paymentTermsDays']) t.dropColumn(column);
    });
  },
};
