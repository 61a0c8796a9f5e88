/**
 * The tables of the purchases' own payments (issue 12): `purchases_payments`, column for column
 * what `invoicing_payments` holds (the payments are moved here unchanged, their hashes included),
 * and `purchases_chain_heads`, the last link of each of the two payment chains. A snapshot: later
 * changes are new migrations.
 */
import { createEntityTable, type Migration } from '@comptoir/sdk';

export const payments: Migration = {
  name: '20261127110000_payments',
  async up(db) {
    await createEntityTable(db, 'purchases_payments', {
      mode: 'string',
      amount: 'money',
      date: 'date',
      source: 'string',
      number: 'int',
      numberFull: 'string',
      hash: 'string',
      cashPaid: 'money',
      cashChange: 'money',
      direction: 'string',
      fk_invoice: 'id',
      fk_purchase: 'id',
      fk_externalPurchase: 'id',
      fk_receipt: 'id',
      fk_customer: 'id',
      fk_provider: 'id',
      fk_cashRegister: 'id',
      fk_invoiceCredit: 'id',
      fk_sourceInvoice: 'id',
      fk_bankOperations: 'json',
    }, {
      companyScoped: true,
      indexes: [
        ['fk_company', 'date', '_id'],
        ['fk_company', 'fk_purchase'],
        ['fk_company', 'fk_externalPurchase'],
        ['fk_company', 'fk_provider', 'date'],
        ['fk_company', 'source', 'number'],
        ['fk_company', 'direction', 'date'],
      ],
      // one counter per source (paymentPurchase, paymentExternalPurchase)
      unique: [['fk_company', 'source', 'numberFull']],
    });
    await createEntityTable(db, 'purchases_chain_heads', {
      chain: 'string',
      lastId: 'id',
      lastNumber: 'int',
      lastNumberFull: 'string',
      lastHash: 'string',
    }, { companyScoped: true, unique: [['fk_company', 'chain']] });
  },
  async down(db) {
    await db.schema.dropTableIfExists('purchases_chain_heads');
    await db.schema.dropTableIfExists('purchases_payments');
  },
};
