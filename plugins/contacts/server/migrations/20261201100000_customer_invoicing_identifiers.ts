/**
 * Issue 13: a customer's invoicing identifiers (README « Invoicing identifiers »): SIREN, SIRET,
 * electronic invoicing address, the professional flag (null: derived, as before) and its own term
 * of payment (null: the company's). Existing customers get none of them.
 */
import { addColumn, type Migration } from '@comptoir/sdk';

const TABLE = 'contacts_customers';

export const customerInvoicingIdentifiers: Migration = {
  name: '20261201100000_customer_invoicing_identifiers',
  async up(db) {
    await db.schema.alterTable(TABLE, (t) => {
      addColumn(t, 'siren', 'string');
      addColumn(t, 'siret', 'string');
      addColumn(t, 'electronicAddress', 'string');
      addColumn(t, 'professional', 'bool');
      addColumn(t, 'paymentTermsDays', 'int');
    });
  },
  async down(db) {
    await db.schema.alterTable(TABLE, (t) => {
      for (const column of ['siren', 'siret', 'electronicAddress', 'professional', 'paymentTermsDays']) t.dropColumn(column);
    });
  },
};
