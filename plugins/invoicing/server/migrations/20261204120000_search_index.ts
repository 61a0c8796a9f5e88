/**
 * Issue 14: the search box of the invoice and quotation lists through a full-text index
 * (server/src/db/README.md « Search index »): `contains` on the receiver's name and on the number
 * (`numberFull`) asks the index instead of scanning every document. The documents already stored
 * get their folded text and trigram words here; the entities declare the fields (`search`).
 */
import { addSearchIndex, dropSearchIndex, type Migration } from '@comptoir/sdk';

export const SEARCHED: Record<string, string[]> = {
  invoicing_invoices: ['receiverName', 'numberFull'],
  invoicing_quotations: ['receiverName', 'numberFull'],
};

export const searchIndex: Migration = {
  name: '20261204120000_search_index',
  async up(db) {
    for (const [table, fields] of Object.entries(SEARCHED)) await addSearchIndex(db, table, fields);
  },
  async down(db) {
    for (const [table, fields] of Object.entries(SEARCHED)) await dropSearchIndex(db, table, fields);
  },
};
