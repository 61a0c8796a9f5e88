/**
 * The entities of the « Caisse » plugin (README « Entities »): registers, their verifications and
 * cash movements, the event log and its chain head, print servers. Schemas are in schemas/;
 * columns in migrations/20261127190000_registers.ts.
 */
import { defineEntity } from '@comptoir/sdk';
import { ChainHead } from '@comptoir/schemas';
import { Archive, CashMovement, CashRegister, CashRegisterVerification, ClosingTicket, PosEvent, PrintServer, Receipt, SigningKey } from '../schemas/index.ts';
import { FROZEN_ARCHIVE, FROZEN_CLOSING, FROZEN_EVENT, FROZEN_MOVEMENT, FROZEN_RECEIPT, FROZEN_VERIFICATION } from './messages.ts';

export const PLUGIN_ID = 'pos';

export const CashRegisters = defineEntity({
  plugin: PLUGIN_ID,
  name: 'cash-registers',
  table: 'pos_cash_registers',
  schema: CashRegister,
  companyScoped: true,
  label: 'caisse',
  feminine: true,
  references: {
    'fk.establishment': 'kernel.establishments',
    // room booking comes later: checked once its plugin is loaded, refused until then
    'fk.room': { entity: 'booking.rooms', optional: true },
    posPrinterId: 'pos.print-servers',
    'fk.openingVerification': 'pos.verifications',
  },
});

/** Opening and closing counts: written once, never changed (README « Opening and closing »). */
export const Verifications = defineEntity({
  plugin: PLUGIN_ID,
  name: 'verifications',
  table: 'pos_verifications',
  schema: CashRegisterVerification,
  companyScoped: true,
  label: 'vérification de caisse',
  feminine: true,
  frozen: () => FROZEN_VERIFICATION,
  references: { 'fk.cashRegister': 'pos.cash-registers', 'fk.opening': 'pos.verifications' },
});

export const CashMovements = defineEntity({
  plugin: PLUGIN_ID,
  name: 'cash-movements',
  table: 'pos_cash_movements',
  schema: CashMovement,
  companyScoped: true,
  label: 'mouvement d’espèces',
  frozen: () => FROZEN_MOVEMENT,
  references: { 'fk.cashRegister': 'pos.cash-registers', 'fk.opening': 'pos.verifications' },
});

/** The event log: numbered with `posEvent`, hash-chained, frozen (README « Event log »). */
export const Events = defineEntity({
  plugin: PLUGIN_ID,
  name: 'events',
  table: 'pos_events',
  schema: PosEvent,
  companyScoped: true,
  label: 'événement',
  frozen: () => FROZEN_EVENT,
  noActivity: true,
  userProps: false,
});

/** The last link of each chain of the company (`pos-event`; receipts and closings later). */
export const ChainHeads = defineEntity({
  plugin: PLUGIN_ID,
  name: 'chain-heads',
  table: 'pos_chain_heads',
  schema: ChainHead,
  companyScoped: true,
  label: 'tête de chaîne',
  noActivity: true,
  userProps: false,
  feminine: true,
});

export const PrintServers = defineEntity({
  plugin: PLUGIN_ID,
  name: 'print-servers',
  table: 'pos_print_servers',
  schema: PrintServer,
  companyScoped: true,
  label: 'serveur d’impression',
  hidden: ['secret'],
});

/**
 * Receipts (README « Receipts »): created and emitted in one request, numbered by the `receipt`
 * counter, hashed in the company's receipt chain, frozen. Only `fk.invoice` (not hashed) is set
 * afterwards, once, when the receipt becomes an invoice.
 */
export const Receipts = defineEntity({
  plugin: PLUGIN_ID,
  name: 'receipts',
  table: 'pos_receipts',
  schema: Receipt,
  companyScoped: true,
  label: 'ticket de caisse',
  frozen: () => FROZEN_RECEIPT,
  mutableWhenFrozen: ['fk'],
  // the event log is the till's journal; a receipt is never edited, and a till sells fast
  noActivity: true,
  userProps: false,
  references: {
    'fk.cashRegister': 'pos.cash-registers',
    'fk.opening': 'pos.verifications',
    'fk.sourceReceipt': 'pos.receipts',
    'fk.invoice': 'invoicing.invoices',
  },
});

/** X tickets (README « Closings »): numbered by `xTicket`, hashed in their chain, frozen. */
export const XTickets = defineEntity({
  plugin: PLUGIN_ID,
  name: 'x-tickets',
  table: 'pos_x_tickets',
  schema: ClosingTicket,
  companyScoped: true,
  label: 'ticket X',
  frozen: () => FROZEN_CLOSING,
  noActivity: true,
  userProps: false,
  references: { 'fk.cashRegister': 'pos.cash-registers', 'fk.opening': 'pos.verifications' },
});

/** Z tickets (README « Closings »): one per closing, numbered by `zTicket`, hashed in their chain, frozen. */
export const ZTickets = defineEntity({
  plugin: PLUGIN_ID,
  name: 'z-tickets',
  table: 'pos_z_tickets',
  schema: ClosingTicket,
  companyScoped: true,
  label: 'ticket Z',
  frozen: () => FROZEN_CLOSING,
  noActivity: true,
  userProps: false,
  references: { 'fk.cashRegister': 'pos.cash-registers', 'fk.opening': 'pos.verifications', 'fk.verification': 'pos.verifications' },
});

/** Archives (README « Archives »): one chain per frequency, numbered by its counter, frozen. */
export const Archives = defineEntity({
  plugin: PLUGIN_ID,
  name: 'archives',
  table: 'pos_archives',
  schema: Archive,
  companyScoped: true,
  label: 'archive de caisse',
  feminine: true,
  frozen: () => FROZEN_ARCHIVE,
  noActivity: true,
  userProps: false,
});

/** The company's export signing key (README « Signed export »): the private half is never answered. */
export const SigningKeys = defineEntity({
  plugin: PLUGIN_ID,
  name: 'signing-keys',
  table: 'pos_signing_keys',
  schema: SigningKey,
  companyScoped: true,
  label: 'clé de signature',
  feminine: true,
  noActivity: true,
  userProps: false,
  hidden: ['privateKey'],
});
