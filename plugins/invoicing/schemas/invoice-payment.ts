/**
 * What invoicing's payment routes take and answer (invoicing README « Entities »); the `Payment`
 * itself is shared by every plugin that records payments (`@comptoir/schemas`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Money, type Payment, StrEnum, USER_PAYMENT_MODES } from '@comptoir/schemas';

/** `POST /invoices/:id/payments`: amount ≠ 0, negative for a refund; date defaults to now. */
export const InvoicePaymentInput = Type.Object({
  mode: Type.Optional(StrEnum(USER_PAYMENT_MODES)),
  amount: Money(),
  date: Type.Optional(DateTime()),
  cashPaid: Type.Optional(Money({ minimum: 0 })),
  cashChange: Type.Optional(Money({ minimum: 0 })),
  /** not in the spec, not stored: a person confirms paying more than what remains (else 409) */
  confirmOverpayment: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type InvoicePaymentInput = Static<typeof InvoicePaymentInput>;

/**
 * `GET /payments/bundle`: one page of payments and what they point to, each keyed by `_id`.
 * Purchases, external purchases, bank operations and accounts stay empty until their plugins exist.
 */
export interface PaymentsBundle<I = unknown, C = unknown> {
  count: number;
  next: string | null;
  payments: Record<string, Payment>;
  invoices: Record<string, I>;
  purchases: Record<string, unknown>;
  externalPurchases: Record<string, unknown>;
  customers: Record<string, C>;
  /** not in the spec's bundle: the providers of purchase payments (`fk.provider`) */
  providers: Record<string, C>;
  bankOperations: Record<string, unknown>;
  bankAccounts: Record<string, unknown>;
}
