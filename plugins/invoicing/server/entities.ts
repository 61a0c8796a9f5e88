/**
 * The entities of the « Facturation » plugin: invoices (credit notes and corrective invoices
 * included), quotations and payments. Schemas are in the plugin's schemas/ (the shared primitives
 * in @comptoir/schemas), shared with the client; columns are in migrations/20261122015701_init.ts.
 */
import { defineEntity } from '@comptoir/sdk';
import { AccountingSettings, EInvoice, Invoice, InvoiceTemplate, InvoiceTemplateRun, Quotation } from '../schemas/index.ts';
import { ChainHead, Payment, paymentDirection, receiverNameOf } from '@comptoir/schemas';
import { FROZEN_INVOICE, FROZEN_PAYMENT, FROZEN_QUOTATION } from './messages.ts';

export const PLUGIN_ID = 'invoicing';

/**
 * An invoice is frozen once emitted (it has a number): the law wants it inalterable. Its settlement
 * and its credit info still follow the payments and credit notes recorded against it.
 */
export const Invoices = defineEntity({
  plugin: PLUGIN_ID,
  name: 'invoices',
  table: 'invoicing_invoices',
  schema: Invoice,
  companyScoped: true,
  label: 'facture',
  frozen: (doc) => (doc.numberFull ? FROZEN_INVOICE : null),
  // `replacedBy`: the corrective invoice that replaces it, written when that corrective is emitted
  mutableWhenFrozen: ['status', 'paidAmount', 'unpaidAmount', 'itemsCredit', 'replacedBy'],
  derive: (doc) => ({ receiverName: receiverNameOf(doc.receiver) }),
  // the search box: migrations/20261204120000_search_index.ts (server/src/db README « Search index »)
  search: ['receiverName', 'numberFull'],
  feminine: true,
  // the « Factures » screen, its « Statut » choices and its totals, and the home page's unpaid
  // figures read these instead of every invoice (README « Maintained totals »)
  totals: {
    groupBy: [
      { field: 'status', by: 'value' },
      { field: 'number', by: 'presence' },
      { field: 'numberFull', by: 'presence' },
      { field: 'replacedBy', by: 'presence' },
      { field: 'inclTaxesPrice', by: 'sign' },
      { field: 'unpaidAmount', by: 'sign' },
    ],
    sums: ['exclTaxesPrice', 'inclTaxesPrice', 'unpaidAmount', 'reversedExclTaxesPrice', 'reversedInclTaxesPrice'],
  },
  references: {
    'fk.receiverCustomer': 'contacts.customers',
    'fk.fromQuotation': 'invoicing.quotations',
    'fk.invoiceTemplateId': 'invoicing.invoice-templates',
    'fk.sourceInvoice': 'invoicing.invoices',
    replacedBy: 'invoicing.invoices',
    'items[].itemId': 'catalogue.items',
    'itemsCredit[].creditInvoiceId': 'invoicing.invoices',
    // plugins this one does not depend on (purchases depends on it) or not written yet
    'fk.linkedPurchases': { entity: 'purchases.purchases', optional: true },
    'fk.receipt': { entity: 'pos.receipts', optional: true },
    'fk.bankOperationsSuggestions': { entity: 'banking.operations', optional: true },
  },
});

/**
 * An invoiced quotation is kept as it was invoiced (409 on PUT and DELETE). Its status goes back to
 * « Accepté » only when the draft invoice made from it is deleted (services/quotations.ts).
 */
export const Quotations = defineEntity({
  plugin: PLUGIN_ID,
  name: 'quotations',
  table: 'invoicing_quotations',
  schema: Quotation,
  companyScoped: true,
  label: 'devis',
  frozen: (doc) => (doc.status === 'invoiced' ? FROZEN_QUOTATION : null),
  // the « Devis » screen by status and the home page's accepted quotations (README « Maintained totals »)
  totals: { groupBy: [{ field: 'status', by: 'value' }], sums: ['exclTaxesPrice', 'inclTaxesPrice'] },
  mutableWhenFrozen: ['status', 'statusDate'],
  derive: (doc) => ({ receiverName: receiverNameOf(doc.receiver) }),
  search: ['receiverName', 'numberFull'],
  references: {
    'fk.receiverCustomer': 'contacts.customers',
    /** a company of this server (the receiver may be another company here): it must exist */
    'fk.receiverCompany': 'kernel.companies',
    'items[].itemId': 'catalogue.items',
    'fk.linkedPurchases': { entity: 'purchases.purchases', optional: true },
    'fk.bankOperations': { entity: 'banking.operations', optional: true },
    'fk.bankOperationsSuggestions': { entity: 'banking.operations', optional: true },
  },
});

/** A payment is recorded once, numbered and hashed: a mistake is corrected by an opposite payment. */
export const Payments = defineEntity({
  plugin: PLUGIN_ID,
  name: 'payments',
  table: 'invoicing_payments',
  schema: Payment,
  companyScoped: true,
  label: 'paiement',
  frozen: (doc) => (doc.hash ? FROZEN_PAYMENT : null),
  mutableWhenFrozen: [],
  references: {
    'fk.invoice': 'invoicing.invoices',
    'fk.customer': 'contacts.customers',
    'fk.provider': 'contacts.providers',
    'fk.invoiceCredit': 'invoicing.invoices',
    'fk.sourceInvoice': 'invoicing.invoices',
    'fk.purchase': { entity: 'purchases.purchases', optional: true },
    'fk.externalPurchase': { entity: 'purchases.external-purchases', optional: true },
    'fk.receipt': { entity: 'pos.receipts', optional: true },
    'fk.cashRegister': { entity: 'pos.cash-registers', optional: true },
    'fk.bankOperations': { entity: 'banking.operations', optional: true },
  },
  derive: (doc) => ({ direction: paymentDirection(doc) }),
});

/** Recurring invoice templates (invoicing README « Recurring invoices »): content and cron rules; services/templates.ts writes them. */
export const InvoiceTemplates = defineEntity({
  plugin: PLUGIN_ID,
  name: 'invoice-templates',
  table: 'invoicing_invoice_templates',
  schema: InvoiceTemplate,
  companyScoped: true,
  label: 'modèle de facture récurrente',
  references: {
    'fk.customers': 'contacts.customers',
    'fk.customerGroups': 'kernel.groups',
    'cronRules[].customers': 'contacts.customers',
    'cronRules[].customerGroups': 'kernel.groups',
    'items[].itemId': 'catalogue.items',
  },
});

/** The history of the templates' runs (services/recurring.ts), written by the server only. */
export const InvoiceTemplateRuns = defineEntity({
  plugin: PLUGIN_ID,
  name: 'invoice-template-runs',
  table: 'invoicing_template_runs',
  schema: InvoiceTemplateRun,
  companyScoped: true,
  label: 'exécution de facturation récurrente',
  feminine: true,
  references: { 'fk.template': 'invoicing.invoice-templates', 'fk.invoices': 'invoicing.invoices' },
});

/**
 * The last link of each hash chain of a company, kept apart from the documents (services/
 * chain-heads.ts): the integrity verifier compares the end of the chain with it. Written by the
 * emitting transaction only; no route writes it, no Activity (one per emission would be noise).
 */
export const ChainHeads = defineEntity({
  plugin: PLUGIN_ID,
  name: 'chain-heads',
  table: 'invoicing_chain_heads',
  schema: ChainHead,
  companyScoped: true,
  label: 'tête de chaîne',
  noActivity: true,
  userProps: false,
  feminine: true,
});

/** The company's chart of accounts for the FEC export (services/chart.ts): one per company. */
export const AccountingSettingsEntity = defineEntity({
  plugin: PLUGIN_ID,
  name: 'accounting-settings',
  table: 'invoicing_accounting_settings',
  schema: AccountingSettings,
  companyScoped: true,
  label: 'plan comptable',
  userProps: false,
});

/**
 * The frozen e-invoice of each emitted invoice (services/einvoice/): which stored files are its
 * PDF and XML, and their SHA-256. Written once by the server (insert-if-absent, unique per
 * invoice), never by a route; no Activity (the invoice's history already says it was emitted).
 */
export const EInvoices = defineEntity({
  plugin: PLUGIN_ID,
  name: 'einvoices',
  table: 'invoicing_einvoices',
  schema: EInvoice,
  companyScoped: true,
  label: 'facture électronique',
  feminine: true,
  noActivity: true,
  userProps: false,
  references: { 'fk.invoice': 'invoicing.invoices' },
});
