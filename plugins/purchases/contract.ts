/**
 * The contract of « Achats » for other plugins (docs/architecture.md « Contracts »); banking will
 * record supplier payments through it. Import it as `@comptoir/plugin-purchases/contract`. Types
 * and ids only.
 */
import { defineServiceRef, type ListParams, type ListResult } from '@comptoir/sdk';
import type { ExternalPurchase, Purchase, PurchasePaymentInput } from './schemas/index.ts';
import type { Payment } from '@comptoir/schemas';

/** The entities the services take and answer (plugin README « Entities »); types only, see docs/architecture.md « Contracts ». */
export type { ExternalPurchase, Purchase, PurchasePaymentInput } from './schemas/index.ts';

/** `purchases.purchases` */
export interface PurchasesService {
  get(id: string): Promise<Purchase>;
  list(params: ListParams): Promise<ListResult<Purchase>>;
  /** records a payment to the supplier (numbered, hashed, frozen); 409 above what remains unless confirmed */
  recordPayment(id: string, input: PurchasePaymentInput): Promise<Purchase>;
  payments(id: string): Promise<Payment[]>;
}

/** `purchases.externalPurchases` */
export interface ExternalPurchasesService {
  get(id: string): Promise<ExternalPurchase>;
  list(params: ListParams): Promise<ListResult<ExternalPurchase>>;
  recordPayment(id: string, input: PurchasePaymentInput): Promise<ExternalPurchase>;
  payments(id: string): Promise<Payment[]>;
}

export const purchasesServices = {
  purchases: defineServiceRef<PurchasesService>('purchases.purchases'),
  externalPurchases: defineServiceRef<ExternalPurchasesService>('purchases.externalPurchases'),
} as const;
