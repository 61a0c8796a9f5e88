/**
 * Issue 6, inalterability and FEC:
 * - `invoicing_chain_heads`: the last link of each hash chain of a company (`invoice`, and the
 *   payments of invoices, purchases and external purchases, one chain per source), written with
 *   every emitted invoice and recorded payment; filled here from the documents already chained,
 *   so that the verifier vouches for their end from now on;
 * - `invoicing_accounting_settings`: the company's chart of accounts (one row per company).
 */
import type { Knex } from 'knex';
import { createEntityTable, type Migration } from '@comptoir/sdk';
import { newRecordId } from '../services/documents/ids.ts';

interface LastRow { _id: string; fk_company: string; number: number; numberFull: string; hash: string }

/** The greatest-numbered hashed row of each company, in `table` (with `where`). */
async function lastRows(db: Knex, table: string, where: Record<string, string>): Promise<LastRow[]> {
  const maxima = db(table).select('fk_company').max({ top: 'number' }).where(where).whereNotNull('hash').groupBy('fk_company').as('m');
  return await db(`${table} as t`)
    .join(maxima, function () { this.on('t.fk_company', '=', 'm.fk_company').andOn('t.number', '=', 'm.top'); })
    .where(Object.fromEntries(Object.entries(where).map(([k, v]) => [`t.${k}`, v])))
    .select('t._id', 't.fk_company', 't.number', 't.numberFull', 't.hash') as LastRow[];
}

export const chainHeadsAndAccounting: Migration = {
  name: '20261125130000_chain_heads_and_accounting',
  async up(db) {
    await createEntityTable(db, 'invoicing_chain_heads', {
      chain: 'string',
      lastId: 'id',
      lastNumber: 'int',
      lastNumberFull: 'string',
      lastHash: 'string',
    }, { companyScoped: true, unique: [['fk_company', 'chain']] });
    await createEntityTable(db, 'invoicing_accounting_settings', {
      accounts: 'json',
      journals: 'json',
    }, { companyScoped: true, unique: [['fk_company']] });

    const now = new Date();
    const chains: [string, string, Record<string, string>][] = [
      ['invoice', 'invoicing_invoices', {}],
      ['payment', 'invoicing_payments', { source: 'invoice' }],
      ['purchase-payment', 'invoicing_payments', { source: 'purchase' }],
      ['external-purchase-payment', 'invoicing_payments', { source: 'external-purchase' }],
    ];
    for (const [chain, table, where] of chains) {
      for (const row of await lastRows(db, table, where)) {
        await db('invoicing_chain_heads').insert({
          _id: newRecordId(now), fk_company: row.fk_company, chain,
          lastId: row._id, lastNumber: row.number, lastNumberFull: row.numberFull, lastHash: row.hash,
          metadata_creationDate: now.toISOString(), metadata_lastModificationDate: now.toISOString(),
        });
      }
    }
  },
  async down(db) {
    await db.schema.dropTableIfExists('invoicing_accounting_settings');
    await db.schema.dropTableIfExists('invoicing_chain_heads');
  },
};
