/**
 * Matching (issue 16, item 4; README « Matching »): the suggestions, and on each operation the
 * part already matched and the purchase payments it settles. Operations stored before have
 * nothing matched (0).
 */
import { addColumn, createEntityTable, type Migration } from '@comptoir/sdk';

export const matching: Migration = {
  name: '20261207120000_matching',
  async up(db) {
    await db.schema.alterTable('banking_operations', (t) => {
      addColumn(t, 'matchedAmount', 'money');
      addColumn(t, 'fk_purchasePayments', 'json');
    });
    await db('banking_operations').update({ matchedAmount: 0 });
    await createEntityTable(db, 'banking_suggestions', {
      status: 'string', documentType: 'string', documentNumber: 'string', documentName: 'string', documentDate: 'date',
      documentTotal: 'money', unpaidAmount: 'money', score: 'int', reasons: 'json', amount: 'money', decidedAt: 'date',
      fk_operation: 'id', fk_account: 'id', fk_invoice: 'id', fk_purchase: 'id', fk_externalPurchase: 'id',
      fk_invoicePayments: 'json', fk_purchasePayments: 'json',
    }, {
      companyScoped: true,
      indexes: [
        ['fk_company', 'status', 'score', '_id'], ['fk_company', 'fk_operation', 'status'],
        ['fk_company', 'fk_invoice'], ['fk_company', 'fk_purchase'], ['fk_company', 'fk_externalPurchase'],
      ],
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists('banking_suggestions');
    await db.schema.alterTable('banking_operations', (t) => { t.dropColumn('matchedAmount'); t.dropColumn('fk_purchasePayments'); });
  },
};
