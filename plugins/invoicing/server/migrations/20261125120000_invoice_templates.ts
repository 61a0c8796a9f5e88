/**
 * Recurring invoices: the templates (content and cron rules) and the history of their runs.
 * Runs are listed per template and by date; one row per (template, rule, occurrence).
 */
import { createEntityTable, type Migration } from '@comptoir/sdk';

export const invoiceTemplates: Migration = {
  name: '20261125120000_invoice_templates',
  async up(db) {
    await createEntityTable(db, 'invoicing_invoice_templates', {
      name: 'string',
      useLastInvoiceAsTemplate: 'bool',
      saveAsDraft: 'bool',
      autoSendByEmail: 'bool',
      cronRules: 'json',
      subjectToVAT: 'bool',
      vatCalculationMethod: 'string',
      freeData: 'text',
      comment: 'text',
      invoiceComment: 'text',
      headerTitle: 'string',
      headerMessage: 'text',
      itemsTypeForDeclaration: 'string',
      items: 'json',
      exclTaxesPrice: 'money',
      inclTaxesPrice: 'money',
      vatAmount: 'money',
      vatDetails: 'json',
      fk_customerGroups: 'json',
      fk_customers: 'json',
    }, {
      companyScoped: true,
      indexes: [['fk_company', 'name', '_id']],
    });
    await createEntityTable(db, 'invoicing_template_runs', {
      identifier: 'string',
      templateName: 'string',
      occurrence: 'date',
      manual: 'bool',
      status: 'string',
      attempts: 'int',
      lastError: 'text',
      invoiceCount: 'int',
      skipped: 'json',
      fk_template: 'id',
      fk_invoices: 'json',
    }, {
      companyScoped: true,
      indexes: [['fk_company', 'occurrence', '_id'], ['fk_company', 'fk_template', 'occurrence'], ['fk_company', 'status', 'occurrence']],
      unique: [['fk_company', 'fk_template', 'identifier', 'occurrence']],
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists('invoicing_template_runs');
    await db.schema.dropTableIfExists('invoicing_invoice_templates');
  },
};
