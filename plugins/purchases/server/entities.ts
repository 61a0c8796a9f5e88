/**
 * The entities of the « Achats » plugin: purchases (received invoices and credit notes) and
 * external purchases (orders placed in shops). Schemas are in the plugin's schemas/ (the shared
 * primitives in @comptoir/schemas), shared with the client; columns are in migrations/20261125110000_purchases.ts.
 */
import { defineEntity } from '@comptoir/sdk';
import { ChainHead, Payment, paymentDirection, receiverNameOf } from '@comptoir/schemas';
import { ExternalPurchase, Purchase } from '../schemas/index.ts';
import { FROZEN_PAYMENT } from './messages.ts';

export const PLUGIN_ID = 'purchases';

/**
 * A purchase stays editable: it is the provider's document, not one the company issues, so the law
 * does not freeze it. Its payments are frozen (numbered and hash-chained, `Payments` below), which is
 * why a purchase with payments cannot be deleted (services/purchases/purchases.ts).
 */
export const Purchases = defineEntity({
  plugin: PLUGIN_ID,
  name: 'purchases',
  table: 'purchases_purchases',
  schema: Purchase,
  companyScoped: true,
  label: 'achat',
  derive: (doc) => ({ providerName: receiverNameOf(doc.provider) }),
  // the search box: migrations/20261204120000_search_index.ts (server/src/db README « Search index »)
  search: ['providerName', 'numberFull'],
  // the « Achats » screen, its status chips and totals, and the home page's « Achats à régler »
  // read these instead of every purchase (README « Maintained totals »)
  totals: {
    groupBy: [{ field: 'status', by: 'value' }, { field: 'inclTaxesPrice', by: 'sign' }],
    sums: ['inclTaxesPrice', 'unpaidAmount', 'recoverableVatAmount'],
  },
  references: {
    'fk.provider': 'contacts.providers',
    'fk.linkedSales': 'invoicing.invoices',
    'fk.externalPurchases': 'purchases.external-purchases',
    'items[].itemId': 'catalogue.items',
  },
});

export const ExternalPurchases = defineEntity({
  plugin: PLUGIN_ID,
  name: 'external-purchases',
  table: 'purchases_external_purchases',
  schema: ExternalPurchase,
  companyScoped: true,
  label: 'achat en ligne',
  // the « Achats en ligne » screen's totals (README « Maintained totals »)
  totals: { groupBy: [], sums: ['paidAmount', 'unpaidAmount'] },
  references: {
    'fk.purchases': 'purchases.purchases',
    'fk.suggestedPurchases': 'purchases.purchases',
    'fk.suggestedBankOperations': { entity: 'banking.operations', optional: true },
  },
});

/**
 * The payments of purchases and external purchases (invoicing README « Entities », `source` `purchase` /
 * `external-purchase`): recorded once, numbered with the `paymentPurchase` /
 * `paymentExternalPurchase` counter, hashed in one chain per source, frozen; a mistake is corrected
 * by an opposite payment. Kept by invoicing until issue 12 (same columns, moved unchanged by
 * migrations/20261127120000_move_payments_from_invoicing.ts).
 */
export const Payments = defineEntity({
  plugin: PLUGIN_ID,
  name: 'payments',
  table: 'purchases_payments',
  schema: Payment,
  companyScoped: true,
  label: 'paiement d’achat',
  frozen: (doc) => (doc.hash ? FROZEN_PAYMENT : null),
  mutableWhenFrozen: [],
  references: {
    'fk.purchase': 'purchases.purchases',
    'fk.externalPurchase': 'purchases.external-purchases',
    'fk.provider': 'contacts.providers',
    'fk.bankOperations': { entity: 'banking.operations', optional: true },
    // the rest of the spec's Payment shape, never written by this plugin: declared so that a
    // value there, if one ever came, would still have to name a record of the company
    'fk.invoice': 'invoicing.invoices',
    'fk.invoiceCredit': 'invoicing.invoices',
    'fk.sourceInvoice': 'invoicing.invoices',
    'fk.customer': 'contacts.customers',
    'fk.receipt': { entity: 'pos.receipts', optional: true },
    'fk.cashRegister': { entity: 'pos.cash-registers', optional: true },
  },
  derive: (doc) => ({ direction: paymentDirection(doc) }),
});

/**
 * The last link of each payment chain of a company (`purchase-payment`, `external-purchase-payment`),
 * kept apart from the payments: the integrity verifier compares the end of the chain with it.
 * Written by the recording transaction only; no route, no Activity.
 */
export const ChainHeads = defineEntity({
  plugin: PLUGIN_ID,
  name: 'chain-heads',
  table: 'purchases_chain_heads',
  schema: ChainHead,
  companyScoped: true,
  label: 'tête de chaîne',
  noActivity: true,
  userProps: false,
  feminine: true,
});
