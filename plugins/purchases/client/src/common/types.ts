/**
 * The documents as the API answers them: the entity types of @comptoir/schemas (types only, so the
 * remote never bundles the schemas).
 */
export type {
  Address, ExternalPurchase, ExternalPurchaseItem, Invoice, LineItem, Payment, Provider, Purchase, PurchaseImportAnswer,
  PurchaseImportReport, PurchaseStatus, Receiver, VatDetail,
} from '@comptoir/schemas';
