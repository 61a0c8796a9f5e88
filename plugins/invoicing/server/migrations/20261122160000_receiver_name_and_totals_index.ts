/**
 * Lists of documents searched by receiver name, and list totals without reading the rows:
 * - `receiverName` (« company (firstname name) », derived from the JSON `receiver` on every write)
 *   on invoices and quotations, indexed for `contains` searches and sorting, and filled for the
 *   documents written before it existed;
 * - covering indexes for the count and the sums (total, unpaid) of the invoice list, whole or
 *   filtered by status or by customer (bench/README.md, invoicing suite: the totals of 100 000
 *   invoices read every row without them).
 */
import type { Knex } from 'knex';
import { addColumn, type Migration } from '@comptoir/sdk';
import { receiverNameOf } from '@comptoir/schemas';

const TABLES = ['invoicing_invoices', 'invoicing_quotations'] as const;
const TOTALS_INDEXES: [string, string[]][] = [
  ['invoicing_invoices_totals_by_status_idx', ['fk_company', 'status', 'inclTaxesPrice', 'unpaidAmount']],
  ['invoicing_invoices_totals_by_customer_idx', ['fk_company', 'fk_receiverCustomer', 'inclTaxesPrice', 'unpaidAmount']],
];

async function backfill(db: Knex, table: string): Promise<void> {
  let after = '';
  for (;;) {
    const rows = (await db(table).select('_id', 'receiver').where('_id', '>', after).whereNotNull('receiver').orderBy('_id').limit(500)) as { _id: string; receiver: unknown }[];
    if (rows.length === 0) return;
    for (const row of rows) {
      const receiver = typeof row.receiver === 'string' ? JSON.parse(row.receiver) : row.receiver;
      const name = receiverNameOf(receiver);
      if (name) await db(table).where('_id', row._id).update({ receiverName: name });
    }
    after = rows[rows.length - 1]._id;
  }
}

export const receiverNameAndTotalsIndex: Migration = {
  name: '20261122160000_receiver_name_and_totals_index',
  async up(db) {
    for (const table of TABLES) {
      await db.schema.alterTable(table, (t) => {
        addColumn(t, 'receiverName', 'string');
        t.index(['fk_company', 'receiverName', '_id'], `${table}_receiver_name_idx`);
      });
      await backfill(db, table);
    }
    await db.schema.alterTable('invoicing_invoices', (t) => {
      for (const [name, columns] of TOTALS_INDEXES) t.index(columns, name);
    });
  },
  async down(db) {
    await db.schema.alterTable('invoicing_invoices', (t) => {
      for (const [name, columns] of TOTALS_INDEXES) t.dropIndex(columns, name);
    });
    for (const table of TABLES) {
      await db.schema.alterTable(table, (t) => {
        t.dropIndex(['fk_company', 'receiverName', '_id'], `${table}_receiver_name_idx`);
        t.dropColumn('receiverName');
      });
    }
  },
};
