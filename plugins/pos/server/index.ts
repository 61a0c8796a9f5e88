/**
 * The « Caisse » plugin (issue 15, phases 1 and 2a), declared as data: cash registers with their opening and
 * closing counts and cash movements, the chained event log, print servers, the change of a cash
 * payment; its numbering kinds (receipts, X/Z tickets and archives are declared now so that their
 * counters exist from the start). Nothing is registered by side effect.
 */
import { contribute, definePlugin, exportsOf, integrityChains, type ServicesFor } from '@comptoir/sdk';
import { posServices } from '../contract.ts';
import { PLUGIN_ID, Archives, CashMovements, CashRegisters, ChainHeads, Events, PrintServers, Receipts, SigningKeys, Verifications, XTickets, ZTickets } from './entities.ts';
import { PERMISSIONS, READ } from './permissions.ts';
import { EVENTS } from './events.ts';
import { routes } from './routes/index.ts';
import { SERVICES } from './services/index.ts';
import { verifyEventLog } from './services/events/integrity.ts';
import { verifyClosings, verifyReceipts } from './services/receipts/integrity.ts';
import { posJournalEntries } from './services/receipts/accounting.ts';
import { accountingEntries } from '@comptoir/plugin-invoicing/contract';
import { registers } from './migrations/20261127190000_registers.ts';
import { receiptDocuments } from './migrations/20261205100000_receipt_documents.ts';
import { closings } from './migrations/20261210100000_closings.ts';
import { signingKeyUnique } from './migrations/20261215100000_signing_key_unique.ts';
import { seedDemo } from './seed.ts';
import { dashboardContributions } from './dashboard.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [CashRegisters, Verifications, CashMovements, Events, ChainHeads, PrintServers, Receipts, XTickets, ZTickets, Archives, SigningKeys],
  migrations: [registers, receiptDocuments, closings, signingKeyUnique],
  permissions: PERMISSIONS,
  events: EVENTS,
  /** spec §9: receipts, Z and X tickets are documents (7 digits); registers, archives and events other counters */
  numberingKinds: [
    { kind: 'receipt', label: 'Tickets de caisse', document: true },
    { kind: 'zTicket', label: 'Tickets Z (clôtures)', document: true },
    { kind: 'xTicket', label: 'Tickets X', document: true },
    { kind: 'cashRegister', label: 'Caisses' },
    { kind: 'archiveDaily', label: 'Archives quotidiennes de caisse' },
    { kind: 'archiveMonthly', label: 'Archives mensuelles de caisse' },
    { kind: 'archiveYearly', label: 'Archives annuelles de caisse' },
    { kind: 'archiveFiscalYearly', label: 'Archives d’exercice de caisse' },
    { kind: 'posEvent', label: 'Journal des événements de caisse' },
  ],
  services: SERVICES satisfies ServicesFor<typeof posServices>,
  exports: exportsOf(posServices),
  routes,
  contributions: [
    /** the event log's chain, verified by the platform with every other (GET /api/kernel/integrity) */
    contribute(integrityChains, { key: 'receipts', label: 'Tickets de caisse', order: 290, permission: READ, verify: (ctx) => verifyReceipts(ctx) }),
    contribute(integrityChains, { key: 'closings', label: 'Tickets X et Z, archives de caisse', order: 295, permission: READ, verify: (ctx) => verifyClosings(ctx) }),
    contribute(integrityChains, { key: 'events', label: 'Journal des événements de caisse', order: 300, permission: READ, verify: (ctx) => verifyEventLog(ctx) }),
    /** receipts in the FEC: the cash journal « CA » (README « FEC ») */
    contribute(accountingEntries, { journalEntries: posJournalEntries }),
    /** « Ventes du jour » on the home page (dashboard.ts) */
    ...dashboardContributions,
  ],
  seedDemo,
});
