/**
 * The entities of « Banque » (README « Entities »). Schemas are in schemas/; columns in
 * migrations/20261205120000_banking.ts.
 */
import { defineEntity } from '@comptoir/sdk';
import { AccountMonth, BankImport, Suggestion, OperationAccount, Operation, OperationCategory, OperationContract, OperationGroup, OperationRule } from '../schemas/index.ts';

export const PLUGIN_ID = 'banking';

export const Accounts = defineEntity({
  plugin: PLUGIN_ID, name: 'accounts', table: 'banking_accounts', schema: OperationAccount, companyScoped: true,
  label: 'compte bancaire',
  references: { closingOperationId: 'banking.operations' },
});

export const Operations = defineEntity({
  plugin: PLUGIN_ID, name: 'operations', table: 'banking_operations', schema: Operation, companyScoped: true,
  label: 'opération bancaire', feminine: true,
  references: {
    'fk.account': 'banking.accounts',
    'fk.parent': 'banking.operations',
    'fk.customer': { entity: 'contacts.customers', blocksDeletion: false },
    'fk.category': 'banking.categories',
    'fk.subCategory': 'banking.categories',
    'fk.contracts': 'banking.contracts',
    'fk.groups': 'banking.groups',
    // written by the matching (README « Matching ») with the payment the owner just recorded
    'fk.payments': { entity: 'invoicing.payments', optional: true },
    'fk.purchasePayments': { entity: 'purchases.payments', optional: true },
    // `fk.import` is not declared: only the import writes it, with the record it made in the same
    // transaction; a check per operation would be one more query for each of 100 000 rows
  },
});

export const Categories = defineEntity({
  plugin: PLUGIN_ID, name: 'categories', table: 'banking_categories', schema: OperationCategory, companyScoped: true,
  label: 'catégorie', feminine: true,
  references: { parent: 'banking.categories' },
});

export const Groups = defineEntity({
  plugin: PLUGIN_ID, name: 'groups', table: 'banking_groups', schema: OperationGroup, companyScoped: true,
  label: 'groupe d’opérations',
});

export const Contracts = defineEntity({
  plugin: PLUGIN_ID, name: 'contracts', table: 'banking_contracts', schema: OperationContract, companyScoped: true,
  label: 'contrat',
  references: { 'fk.category': 'banking.categories', 'fk.subCategory': 'banking.categories' },
});

export const Rules = defineEntity({
  plugin: PLUGIN_ID, name: 'rules', table: 'banking_rules', schema: OperationRule, companyScoped: true,
  label: 'règle', feminine: true,
  references: {
    'detection.accounts': 'banking.accounts',
    'actions.category': 'banking.categories',
    'actions.subCategory': 'banking.categories',
  },
});

/** one account's month (MonthInfo, README « Months »): written by the ledger only */
export const AccountMonths = defineEntity({
  plugin: PLUGIN_ID, name: 'account-months', table: 'banking_account_months', schema: AccountMonth, companyScoped: true,
  label: 'mois', noActivity: true, userProps: false,
  references: { 'fk.account': 'banking.accounts' },
});

export const Imports = defineEntity({
  plugin: PLUGIN_ID, name: 'imports', table: 'banking_imports', schema: BankImport, companyScoped: true,
  label: 'import de relevé', userProps: false,
});

/** a suggested match of an operation with a document (README « Matching ») */
export const Suggestions = defineEntity({
  plugin: PLUGIN_ID, name: 'suggestions', table: 'banking_suggestions', schema: Suggestion, companyScoped: true,
  label: 'suggestion de rapprochement', feminine: true, userProps: false,
  references: {
    'fk.operation': { entity: 'banking.operations', blocksDeletion: false },
    'fk.account': { entity: 'banking.accounts', blocksDeletion: false },
    'fk.invoice': { entity: 'invoicing.invoices', blocksDeletion: false },
    'fk.purchase': { entity: 'purchases.purchases', blocksDeletion: false },
    'fk.externalPurchase': { entity: 'purchases.external-purchases', blocksDeletion: false },
    'fk.invoicePayments': { entity: 'invoicing.payments', blocksDeletion: false },
    'fk.purchasePayments': { entity: 'purchases.payments', blocksDeletion: false },
  },
});
