/**
 * Issue 15, phase 2b: X and Z tickets and archives (README « Closings »). One table per chain:
 * X tickets, Z tickets (numbered by `xTicket`, `zTicket`), archives (one chain per frequency,
 * numbered by its counter). The unique indexes are the last guard: one number per chain, one
 * archive per period and frequency, one Z per closing verification.
 */
import { createEntityTable, type Migration } from '@comptoir/sdk';
import type { StorageKind } from '@comptoir/schemas';

const PERIOD: Record<string, StorageKind> = {
  number: 'int', numberFull: 'string', date: 'date', startDate: 'date', endDate: 'date', sender: 'json',
  ticketsCount: 'int', refundTicketsCount: 'int', paymentsCount: 'int', refundPaymentsCount: 'int',
  totalInclTaxes: 'money', totalExclTaxes: 'money', refundTotalInclTaxes: 'money', refundTotalExclTaxes: 'money',
  paymentsDetails: 'json', refundPaymentsDetails: 'json', vatDetails: 'json', refundVatDetails: 'json',
  difference: 'money', hash: 'string',
};
const TICKET: Record<string, StorageKind> = {
  ...PERIOD, kind: 'string', cashRegisterNumber: 'string', userName: 'string', receiptsCount: 'int', grandTotals: 'json',
  fk_cashRegister: 'id', fk_opening: 'id', fk_verification: 'id', fk_user: 'id',
};

export const closings: Migration = {
  name: '20261210100000_closings',
  async up(db) {
    await createEntityTable(db, 'pos_x_tickets', TICKET, {
      companyScoped: true, indexes: [['fk_company', 'date', '_id'], ['fk_company', 'fk_cashRegister', 'number'], ['fk_company', 'fk_opening']], unique: [['fk_company', 'number']],
    });
    await createEntityTable(db, 'pos_z_tickets', TICKET, {
      companyScoped: true, indexes: [['fk_company', 'date', '_id'], ['fk_company', 'fk_cashRegister', 'number']], unique: [['fk_company', 'number'], ['fk_company', 'fk_opening']],
    });
    await createEntityTable(db, 'pos_archives', {
      ...PERIOD, frequency: 'string', period: 'string', sourceLevel: 'string', sources: 'json', grandTotal: 'json', software: 'string', comment: 'text',
    }, {
      companyScoped: true, indexes: [['fk_company', 'date', '_id'], ['fk_company', 'frequency', 'startDate']],
      unique: [['fk_company', 'frequency', 'number'], ['fk_company', 'frequency', 'period']],
    });
    // the Ed25519 key pair of each company that signs its exports (README « Signed export »)
    await createEntityTable(db, 'pos_signing_keys', { algorithm: 'string', publicKey: 'text', privateKey: 'text' }, { companyScoped: true });
  },
  async down(db) {
    for (const t of ['pos_signing_keys', 'pos_archives', 'pos_z_tickets', 'pos_x_tickets']) await db.schema.dropTableIfExists(t);
  },
};
