/**
 * The tables of « Banque » (issue 16): accounts, operations, categories, groups, contracts, rules,
 * months per account, imports. A snapshot: later changes are new migrations.
 */
import { createEntityTable, type Migration } from '@comptoir/sdk';

const TABLES = ['banking_accounts', 'banking_operations', 'banking_categories', 'banking_groups', 'banking_contracts', 'banking_rules', 'banking_account_months', 'banking_imports'];

export const banking: Migration = {
  name: '20261205120000_banking',
  async up(db) {
    await createEntityTable(db, 'banking_accounts', {
      name: 'string', number: 'string', bank: 'string', type: 'string', balance: 'money', balanceDate: 'date',
      balanceCorrection: 'money', manualAutoBalance: 'bool', firstDateToSync: 'date', lastSync: 'date',
      closingOperationId: 'id', csvMapping: 'json',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id'], ['fk_company', 'number']] });
    await createEntityTable(db, 'banking_operations', {
      dateOperation: 'date', dateValue: 'date', label: 'string', originalLabel: 'string', source: 'string',
      subOperationsCount: 'int', transactionMode: 'string', amount: 'money', location: 'string', dedupeKey: 'string',
      fk_account: 'id', fk_parent: 'id', fk_customer: 'id', fk_category: 'id', fk_subCategory: 'id',
      fk_contracts: 'json', fk_groups: 'json', fk_payments: 'json', fk_import: 'id',
    }, {
      companyScoped: true,
      indexes: [
        ['fk_company', 'dateOperation', '_id'], ['fk_company', 'fk_account', 'dateOperation'],
        ['fk_company', 'fk_category', 'dateOperation'], ['fk_company', 'fk_parent'], ['fk_company', 'amount', '_id'],
      ],
      // a statement imported twice adds nothing (README « Dedupe »); NULL for manual operations
      unique: [['fk_company', 'fk_account', 'dedupeKey']],
    });
    await createEntityTable(db, 'banking_categories', {
      name: 'string', credit: 'bool', offBudget: 'bool', parent: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id'], ['fk_company', 'parent']] });
    await createEntityTable(db, 'banking_groups', { name: 'string' }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
    await createEntityTable(db, 'banking_contracts', {
      name: 'string', label: 'string', companyAddress: 'text', paymentFrequency: 'string', renewFrequency: 'string',
      credit: 'bool', firstPaymentDate: 'date', startDate: 'date', fk_category: 'id', fk_subCategory: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
    await createEntityTable(db, 'banking_rules', {
      name: 'string', detection: 'json', actions: 'json', enabled: 'bool', order: 'int',
    }, { companyScoped: true, indexes: [['fk_company', 'order', '_id'], ['fk_company', 'name', '_id']] });
    await createEntityTable(db, 'banking_account_months', {
      date: 'string', categories: 'json', subCategories: 'json', income: 'money', outcome: 'money', total: 'money', count: 'int',
      fk_account: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'date', '_id']], unique: [['fk_company', 'fk_account', 'date']] });
    await createEntityTable(db, 'banking_imports', {
      date: 'date', fileName: 'string', format: 'string', added: 'int', duplicates: 'int', rejected: 'json',
      accounts: 'json', warnings: 'json', classified: 'int',
    }, { companyScoped: true, indexes: [['fk_company', 'date', '_id']] });
  },
  async down(db) {
    for (const t of [...TABLES].reverse()) await db.schema.dropTableIfExists(t);
  },
};
