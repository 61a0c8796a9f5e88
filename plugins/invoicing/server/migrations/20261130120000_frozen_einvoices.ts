/**
 * Issue 13, frozen e-invoices: `invoicing_einvoices`, one row per emitted invoice naming the stored
 * files of its e-invoice (the Factur-X PDF and its XML, or the plain PDF) and their SHA-256
 * (services/einvoice/). Unique per invoice: two first downloads at once store one e-invoice. The
 * invoices emitted before have none: theirs is produced on first download, from the frozen record.
 */
import { createEntityTable, type Migration } from '@comptoir/sdk';

export const frozenEInvoices: Migration = {
  name: '20261130120000_frozen_einvoices',
  async up(db) {
    await createEntityTable(db, 'invoicing_einvoices', {
      number: 'int',
      numberFull: 'string',
      facturX: 'bool',
      missing: 'json',
      pdfFile: 'string',
      pdfSha256: 'string',
      pdfSize: 'int',
      xmlFile: 'string',
      xmlSha256: 'string',
      xmlSize: 'int',
      invoiceHash: 'string',
      renderedAt: 'date',
      fk_invoice: 'id',
    }, { companyScoped: true, unique: [['fk_company', 'fk_invoice']], indexes: [['fk_company', 'number']] });
  },
  async down(db) {
    await db.schema.dropTableIfExists('invoicing_einvoices');
  },
};
