/**
 * The tables of « Caisse », phase 1 (issue 15): registers, verifications, cash movements, the event
 * log and its chain heads, print servers. A snapshot: later changes are new migrations.
 */
import { createEntityTable, type Migration } from '@comptoir/sdk';

const TABLES = ['pos_cash_registers', 'pos_verifications', 'pos_cash_movements', 'pos_events', 'pos_chain_heads', 'pos_print_servers', 'pos_receipts'];

export const registers: Migration = {
  name: '20261127190000_registers',
  async up(db) {
    await createEntityTable(db, 'pos_cash_registers', {
      name: 'string', description: 'text', status: 'string', locked: 'bool', number: 'int', numberFull: 'string',
      useCashDetails: 'bool', lastArchives: 'json', posPrinterId: 'id', cash: 'json', openedAt: 'date',
      fk_establishment: 'id', fk_room: 'id', fk_openingVerification: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id'], ['fk_company', 'number']] });
    await createEntityTable(db, 'pos_verifications', {
      date: 'date', cash: 'json', status: 'string', comment: 'text', inOutDetails: 'json',
      expectedAmount: 'money', realAmount: 'money', difference: 'money', newAmountDetails: 'json', userName: 'string',
      fk_cashRegister: 'id', fk_user: 'id', fk_opening: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'fk_cashRegister', 'date'], ['fk_company', 'date', '_id']] });
    await createEntityTable(db, 'pos_cash_movements', {
      type: 'string', amount: 'money', cash: 'json', reason: 'string', date: 'date', userName: 'string',
      fk_cashRegister: 'id', fk_user: 'id', fk_opening: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'fk_opening', 'date'], ['fk_company', 'fk_cashRegister', 'date']] });
    await createEntityTable(db, 'pos_events', {
      number: 'int', numberFull: 'string', code: 'string', label: 'string', date: 'date', userName: 'string',
      objectType: 'string', data: 'json', hash: 'string',
      fk_user: 'id', fk_cashRegister: 'id', fk_object: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'date', '_id'], ['fk_company', 'fk_cashRegister', 'date']], unique: [['fk_company', 'number']] });
    await createEntityTable(db, 'pos_chain_heads', {
      chain: 'string', lastId: 'id', lastNumber: 'int', lastNumberFull: 'string', lastHash: 'string',
    }, { companyScoped: true, unique: [['fk_company', 'chain']] });
    await createEntityTable(db, 'pos_print_servers', {
      name: 'string', description: 'text', ip: 'string', port: 'int', secret: 'string', secured: 'bool',
      codepage: 'string', columns: 'int', certificate: 'text',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
    // the frame of receipts (entities.ts `Receipts`); phase 2 adds the document's columns
    await createEntityTable(db, 'pos_receipts', {
      number: 'int', numberFull: 'string', date: 'date', cashRegisterNumber: 'string', userName: 'string',
      receiptComment: 'text', inclTaxesPrice: 'money', hash: 'string', fk_cashRegister: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'date', '_id'], ['fk_company', 'fk_cashRegister', 'number']], unique: [['fk_company', 'number']] });
  },
  async down(db) {
    for (const t of [...TABLES].reverse()) await db.schema.dropTableIfExists(t);
  },
};
