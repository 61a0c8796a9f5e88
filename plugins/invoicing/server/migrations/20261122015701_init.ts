/**
 * Tables of the « Facturation » plugin. A snapshot of the schemas: later changes are new migrations.
 * Real columns (and indexes led by fk_company, as every query is scoped) for what the lists filter,
 * sort and sum: number, date, status, amounts, customer, links between documents.
 * Uniqueness of numbers per company is enforced by the database as a last guard behind the
 * kernel's locked counters (drafts have NULL numbers, which unique indexes allow many times).
 */
import { createEntityTable, type Migration } from '@comptoir/sdk';
import type { StorageKind } from '@comptoir/schemas';

const commercialDocument: Record<string, StorageKind> = {
  subjectToVAT: 'bool',
  exclTaxesPrice: 'money',
  inclTaxesPrice: 'money',
  vatAmount: 'money',
  vatDetails: 'json',
  items: 'json',
  number: 'int',
  numberFull: 'string',
  date: 'date',
  freeData: 'text',
  comment: 'text',
  vatCalculationMethod: 'string',
  sender: 'json',
};

export const init: Migration = {
  name: '20261122015701_init',
  async up(db) {
    await createEntityTable(db, 'invoicing_invoices', {
      ...commercialDocument,
      paidAmount: 'money',
      unpaidAmount: 'money',
      status: 'string',
      invoiceComment: 'text',
      headerTitle: 'string',
      headerMessage: 'text',
      attachments: 'json',
      itemsTypeForDeclaration: 'string',
      hash: 'string',
      userName: 'string',
      receiver: 'json',
      itemsCredit: 'json',
      fk_receiverCustomer: 'id',
      fk_linkedPurchases: 'json',
      fk_fromQuotation: 'id',
      fk_invoiceTemplateId: 'id',
      fk_receipt: 'id',
      fk_sourceInvoice: 'id',
      fk_bankOperationsSuggestions: 'json',
    }, {
      companyScoped: true,
      indexes: [
        ['fk_company', 'date', '_id'],
        ['fk_company', 'status', 'date'],
        ['fk_company', 'fk_receiverCustomer', 'date'],
        ['fk_company', 'inclTaxesPrice'],
        ['fk_company', 'unpaidAmount'],
        ['fk_company', 'paidAmount'],
        ['fk_company', 'fk_sourceInvoice'],
        ['fk_company', 'fk_fromQuotation'],
      ],
      unique: [['fk_company', 'numberFull'], ['fk_company', 'number']],
    });
    await createEntityTable(db, 'invoicing_quotations', {
      ...commercialDocument,
      status: 'string',
      statusDate: 'date',
      expirationDate: 'date',
      hideBankOpsSuggestions: 'bool',
      receiver: 'json',
      fk_receiverCustomer: 'id',
      fk_receiverCompany: 'id',
      fk_linkedPurchases: 'json',
      fk_bankOperations: 'json',
      fk_bankOperationsSuggestions: 'json',
    }, {
      companyScoped: true,
      indexes: [
        ['fk_company', 'date', '_id'],
        ['fk_company', 'status', 'expirationDate'],
        ['fk_company', 'fk_receiverCustomer', 'date'],
        ['fk_company', 'inclTaxesPrice'],
      ],
      unique: [['fk_company', 'numberFull']],
    });
    await createEntityTable(db, 'invoicing_payments', {
      mode: 'string',
      amount: 'money',
      date: 'date',
      source: 'string',
      number: 'int',
      numberFull: 'string',
      hash: 'string',
      cashPaid: 'money',
      cashChange: 'money',
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
        ['fk_company', 'fk_invoice'],
        ['fk_company', 'fk_customer', 'date'],
        ['fk_company', 'mode', 'date'],
        ['fk_company', 'source', 'number'],
        ['fk_company', 'amount'],
      ],
      // each source has its own counter (paymentInvoice, paymentPurchase, …)
      unique: [['fk_company', 'source', 'numberFull']],
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists('invoicing_payments');
    await db.schema.dropTableIfExists('invoicing_quotations');
    await db.schema.dropTableIfExists('invoicing_invoices');
  },
};
