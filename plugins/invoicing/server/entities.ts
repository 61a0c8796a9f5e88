/**
 * The entities of the « Facturation » plugin: invoices (credit notes and corrective invoices
 * included), quotations and payments. Schemas are in @comptoir/schemas (commerce), shared with the
 * client; columns are in migrations/20261122015701_init.ts.
 */
import { defineEntity } from '@comptoir/sdk';
import { Invoice, Payment, Quotation, receiverNameOf } from '@comptoir/schemas';
import { FROZEN_INVOICE, FROZEN_PAYMENT, FROZEN_QUOTATION } from './messages.ts';

export const PLUGIN_ID = 'invoicing';

/**
 * An invoice is frozen once emitted (it has a number): the law wants it inalterable. Its settlement
 * and its credit info still follow the payments and credit notes recorded against it.
 */
export const Invoices = defineEntity({
  plugin: PLUGIN_ID,
  name: 'invoices',
  table: 'invoicing_invoices',
  schema: Invoice,
  companyScoped: true,
  label: 'facture',
  frozen: (doc) => (doc.numberFull ? FROZEN_INVOICE : null),
  mutableWhenFrozen: ['status', 'paidAmount', 'unpaidAmount', 'itemsCredit'],
  derive: (doc) => ({ receiverName: receiverNameOf(doc.receiver) }),
});

/**
 * An invoiced quotation is kept as it was invoiced (409 on PUT and DELETE). Its status goes back to
 * « Accepté » only when the draft invoice made from it is deleted (services/quotations.ts).
 */
export const Quotations = defineEntity({
  plugin: PLUGIN_ID,
  name: 'quotations',
  table: 'invoicing_quotations',
  schema: Quotation,
  companyScoped: true,
  label: 'devis',
  frozen: (doc) => (doc.status === 'invoiced' ? FROZEN_QUOTATION : null),
  mutableWhenFrozen: ['status', 'statusDate'],
  derive: (doc) => ({ receiverName: receiverNameOf(doc.receiver) }),
});

/** A payment is recorded once, numbered and hashed: a mistake is corrected by an opposite payment. */
export const Payments = defineEntity({
  plugin: PLUGIN_ID,
  name: 'payments',
  table: 'invoicing_payments',
  schema: Payment,
  companyScoped: true,
  label: 'paiement',
  frozen: (doc) => (doc.hash ? FROZEN_PAYMENT : null),
  mutableWhenFrozen: [],
});
