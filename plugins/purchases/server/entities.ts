/**
 * The entities of the « Achats » plugin: purchases (received invoices and credit notes) and
 * external purchases (orders placed in shops). Schemas are in @comptoir/schemas (commerce), shared
 * with the client; columns are in migrations/20261125110000_purchases.ts.
 */
import { defineEntity } from '@comptoir/sdk';
import { ExternalPurchase, Purchase, receiverNameOf } from '@comptoir/schemas';

export const PLUGIN_ID = 'purchases';

/**
 * A purchase stays editable: it is the provider's document, not one the company issues, so the law
 * does not freeze it. Its payments are frozen (they live in the invoicing plugin's chain), which is
 * why a purchase with payments cannot be deleted (services/purchases.ts).
 */
export const Purchases = defineEntity({
  plugin: PLUGIN_ID,
  name: 'purchases',
  table: 'purchases_purchases',
  schema: Purchase,
  companyScoped: true,
  label: 'achat',
  derive: (doc) => ({ providerName: receiverNameOf(doc.provider) }),
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
  references: {
    'fk.purchases': 'purchases.purchases',
    'fk.suggestedPurchases': 'purchases.purchases',
    'fk.suggestedBankOperations': { entity: 'banking.operations', optional: true },
  },
});
