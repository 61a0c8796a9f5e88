/**
 * Issue 15, phase 2: the receipt as a document (README « Receipts »). Phase 1 created the frame of
 * `pos_receipts` (number, date, register, total, hash); this adds the commercial document's
 * columns, its payments, the refund and change fields, and the links to its session, its user,
 * the receipt it refunds and the invoice it became. No receipt was ever written before: nothing to
 * fill.
 */
import { addColumn, type Migration } from '@comptoir/sdk';
import type { StorageKind } from '@comptoir/schemas';

const COLUMNS: Record<string, StorageKind> = {
  subjectToVAT: 'bool', exclTaxesPrice: 'money', vatAmount: 'money', vatDetails: 'json', items: 'json',
  freeData: 'text', comment: 'text', vatCalculationMethod: 'string', sender: 'json',
  payments: 'json', refund: 'bool', refundedLines: 'json', missingCash: 'bool',
  fk_opening: 'id', fk_user: 'id', fk_sourceReceipt: 'id', fk_invoice: 'id',
};

export const receiptDocuments: Migration = {
  name: '20261205100000_receipt_documents',
  async up(db) {
    await db.schema.alterTable('pos_receipts', (t) => {
      for (const [name, kind] of Object.entries(COLUMNS)) addColumn(t, name, kind);
      // the closing reads the receipts of its session; a refund the refunds of its receipt
      t.index(['fk_company', 'fk_opening'], 'pos_receipts_fk_company_fk_opening_idx');
      t.index(['fk_company', 'fk_sourceReceipt'], 'pos_receipts_fk_company_fk_sourceReceipt_idx');
    });
  },
  async down(db) {
    await db.schema.alterTable('pos_receipts', (t) => {
      t.dropIndex(['fk_company', 'fk_opening'], 'pos_receipts_fk_company_fk_opening_idx');
      t.dropIndex(['fk_company', 'fk_sourceReceipt'], 'pos_receipts_fk_company_fk_sourceReceipt_idx');
      for (const name of Object.keys(COLUMNS)) t.dropColumn(name);
    });
  },
};
