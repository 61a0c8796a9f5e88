/**
 * The payments of purchases and external purchases, and the heads of their two chains, move from
 * invoicing's tables (where they were recorded before issue 12) to this plugin's, **unchanged**:
 * same ids, numbers and hashes, every column copied as stored, so that the chains verify as before
 * and the counters (`paymentPurchase`, `paymentExternalPurchase`, in the company's numbering)
 * continue where they were.
 *
 * One transaction (on MariaDB too, where the migration runner has none, DDL being outside
 * transactions: the tables are made by the migration before), so a failure leaves both tables as
 * they were. Idempotent: a row already here is not copied again, and only rows present here are
 * deleted there — run again, or after a crash between two batches, it finishes the move.
 */
import type { Knex } from 'knex';
import type { Migration } from '@comptoir/sdk';

const SOURCES = ['purchase', 'external-purchase'];
const CHAINS = ['purchase-payment', 'external-purchase-payment'];
const BATCH = 200;

type Row = Record<string, unknown>;

/** The columns both tables have: everything the target knows, as stored in the source. */
async function sharedColumns(db: Knex, from: string, to: string): Promise<string[]> {
  const [source, target] = await Promise.all([db(from).columnInfo(), db(to).columnInfo()]);
  return Object.keys(target).filter((c) => Object.hasOwn(source, c));
}

/** A JSON column an engine answers parsed (MySQL 8) is written back as the text it was. */
const asStored = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([k, v]) =>
  [k, v !== null && typeof v === 'object' && !(v instanceof Date) && !Buffer.isBuffer(v) ? JSON.stringify(v) : v]));

async function move(trx: Knex.Transaction, from: string, to: string, column: string, values: string[], key: (row: Row) => Record<string, unknown>): Promise<number> {
  const columns = await sharedColumns(trx, from, to);
  let moved = 0;
  for (;;) {
    const rows: Row[] = await trx(from).select(columns).whereIn(column, values).orderBy('_id').limit(BATCH);
    if (rows.length === 0) return moved;
    for (const row of rows) {
      // already copied by an interrupted run: delete the source only
      if (!await trx(to).where(key(row)).first('_id')) await trx(to).insert(asStored(row));
    }
    await trx(from).whereIn('_id', rows.map((r) => r._id as string)).delete();
    moved += rows.length;
  }
}

export const movePaymentsFromInvoicing: Migration = {
  name: '20261127120000_move_payments_from_invoicing',
  async up(db) {
    if (!await db.schema.hasTable('invoicing_payments')) return;
    await db.transaction(async (trx) => {
      await move(trx, 'invoicing_payments', 'purchases_payments', 'source', SOURCES, (r) => ({ _id: r._id }));
      if (await trx.schema.hasTable('invoicing_chain_heads')) {
        // a head is one per company and chain: the unique key, not the row id, says it is there
        await move(trx, 'invoicing_chain_heads', 'purchases_chain_heads', 'chain', CHAINS, (r) => ({ fk_company: r.fk_company, chain: r.chain }));
      }
    });
  },
  async down(db) {
    if (!await db.schema.hasTable('invoicing_payments')) return;
    await db.transaction(async (trx) => {
      await move(trx, 'purchases_payments', 'invoicing_payments', 'source', SOURCES, (r) => ({ _id: r._id }));
      if (await trx.schema.hasTable('invoicing_chain_heads')) {
        await move(trx, 'purchases_chain_heads', 'invoicing_chain_heads', 'chain', CHAINS, (r) => ({ fk_company: r.fk_company, chain: r.chain }));
      }
    });
  },
};
