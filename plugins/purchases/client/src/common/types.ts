/**
 * The documents as the API answers them: the entity types of the plugin's schemas/, of
 * @comptoir/schemas and of the contracts of contacts and invoicing (types only, so the remote never
 * bundles the schemas).
 */
export type { Address, LineItem, Payment, Receiver, VatDetail } from '@comptoir/schemas';
export type {
  ExternalPurchase, ExternalPurchaseItem, Purchase, PurchaseImportAnswer, PurchaseImportReport, PurchaseStatus,
} from '../../../schemas/index.ts';
export type { Invoice } from '@comptoir/plugin-invoicing/contract';
export type { Provider } from '@comptoir/plugin-contacts/contract';
