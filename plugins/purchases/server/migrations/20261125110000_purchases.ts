/**
 * Tables of the « Achats » plugin. A snapshot of the schemas: later changes are new migrations.
 * Real columns, with indexes led by fk_company (every query is scoped), for what the lists filter,
 * sort and sum: number, dates, status, amounts, provider. Links between documents are JSON lists
 * (read by id, never filtered). A purchase number is unique per company, a last guard behind the
 * kernel's locked counter.
 */
import { createEntityTable, type Migration } from '@comptoir/sdk';

export const purchases: Migration = {
  name: '20261125110000_purchases',
  async up(db) {
    await createEntityTable(db, 'purchases_purchases', {
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
      provider: 'json',
      providerName: 'string',
      vatRecoveryPercent: 'number',
      forResale: 'bool',
      commandOrder: 'string',
      invoiceNumber: 'string',
      dueDate: 'date',
      status: 'string',
      paidAmount: 'money',
      unpaidAmount: 'money',
      recoverableVatAmount: 'money',
      attachments: 'json',
      fk_provider: 'id',
      fk_linkedSales: 'json',
      fk_externalPurchases: 'json',
    }, {
      companyScoped: true,
      indexes: [
        ['fk_company', 'date', '_id'],
        ['fk_company', 'status', 'date'],
        ['fk_company', 'fk_provider', 'date'],
        ['fk_company', 'dueDate'],
        ['fk_company', 'inclTaxesPrice'],
        ['fk_company', 'unpaidAmount'],
        ['fk_company', 'providerName'],
        ['fk_company', 'invoiceNumber'],
      ],
      unique: [['fk_company', 'numberFull'], ['fk_company', 'number']],
    });
    await createEntityTable(db, 'purchases_external_purchases', {
      shop: 'string',
      orderNumber: 'string',
      orderDate: 'date',
      url: 'string',
      paymentModes: 'json',
      paidAmount: 'money',
      unpaidAmount: 'money',
      inclTaxesDeliveryPrice: 'money',
      vatAmount: 'money',
      items: 'json',
      attachments: 'json',
      deliveryAddress: 'json',
      hidePurchaseSuggestions: 'bool',
      hideBankOpsSuggestions: 'bool',
      origin: 'string',
      totals: 'json',
      comment: 'text',
      fk_purchases: 'json',
      fk_suggestedBankOperations: 'json',
      fk_suggestedPurchases: 'json',
    }, {
      companyScoped: true,
      indexes: [
        ['fk_company', 'orderDate', '_id'],
        ['fk_company', 'shop', 'orderDate'],
        ['fk_company', 'unpaidAmount'],
        ['fk_company', 'orderNumber'],
      ],
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists('purchases_external_purchases');
    await db.schema.dropTableIfExists('purchases_purchases');
  },
};
