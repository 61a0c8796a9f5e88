/**
 * Issue 14: the search box of the purchases list through a full-text index
 * (server/src/db/README.md « Search index »): `contains` on the provider's name (`providerName`)
 * and on the number (`numberFull`) asks the index instead of scanning every purchase. Existing
 * purchases are indexed here; the entity declares the fields (`search`).
 */
import { addSearchIndex, dropSearchIndex, type Migration } from '@comptoir/sdk';

export const searchIndex: Migration = {
  name: '20261204120000_search_index',
  async up(db) {
    await addSearchIndex(db, 'purchases_purchases', ['providerName', 'numberFull']);
  },
  async down(db) {
    await dropSearchIndex(db, 'purchases_purchases', ['providerName', 'numberFull']);
  },
};
