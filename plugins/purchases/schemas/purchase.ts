/**
 * A purchase: an invoice received from a provider (purchases README « Entities »).
 * A commercial document whose totals the server computes with the engine, numbered with the
 * company's `purchase` counter when it is recorded, settled by its payments (recorded by the
 * invoicing plugin, `source: 'purchase'`). A supplier's credit note is a purchase with a negative
 * total.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  Attachments, CommercialDocumentFields, DateTime, Entity, Id, LineItemInput, Money, Nullable, Receiver, Sender, Str, StrEnum, Text, USER_PAYMENT_MODES, VAT_CALCULATION_METHODS, withDefault,
} from '@comptoir/schemas';

/** Purchase status (commerce README « Rules »): the values seen; `paid` is the default of the schema. */
export const PURCHASE_STATUSES = ['paid', 'emitted', 'refund', 'partially_paid'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** A received invoice is « à payer » until paid: `emitted` is read from our side. */
export const PURCHASE_STATUS_LABELS: Record<PurchaseStatus, string> = {
  emitted: 'À payer',
  partially_paid: 'Partiellement payé',
  paid: 'Payé',
  refund: 'Remboursé',
};

/** Purchase VAT recovery: 100 percent by default (purchases README « Entities »). */
export const DEFAULT_VAT_RECOVERY_PERCENT = 100;

const nullId = () => withDefault(Nullable(Id()), null);

export const Purchase = Entity({
  ...CommercialDocumentFields,
  /** the provider as it was when the purchase was recorded (from `fk.provider`, or typed / read from the invoice) */
  provider: Type.Optional(Receiver),
  /** computed from `provider` (« company (firstname name) »), server-managed: what list searches and sorts use */
  providerName: Type.Optional(Str()),
  /** share of the VAT the company may deduct, in percent */
  vatRecoveryPercent: Type.Number({ minimum: 0, maximum: 100, default: DEFAULT_VAT_RECOVERY_PERCENT }),
  /** goods bought to be sold again (purchases of goods for resale) rather than consumed */
  forResale: Type.Boolean({ default: false }),
  /** the company's order reference (« bon de commande ») */
  commandOrder: Type.Optional(Str()),
  /** the provider's own number of the invoice (or credit note) */
  invoiceNumber: Type.Optional(Str()),
  /** not in the spec: when the provider wants to be paid (read from a Factur-X invoice, or typed) */
  dueDate: Type.Optional(DateTime()),
  status: StrEnum(PURCHASE_STATUSES, { default: 'paid' }),
  paidAmount: Money({ default: 0 }),
  unpaidAmount: Money({ default: 0 }),
  /** not in the spec, server-managed: vatAmount × vatRecoveryPercent, what the VAT return deducts */
  recoverableVatAmount: Money({ default: 0 }),
  attachments: Attachments(),
}, {
  company: Id(),
  provider: nullId(),
  /** invoices of the company this purchase was bought for (resold, re-invoiced) */
  linkedSales: Type.Array(Id(), { default: [] }),
  /** orders from shops this purchase belongs to; each of them lists this purchase in `fk.purchases` */
  externalPurchases: Type.Array(Id(), { default: [] }),
});
export type Purchase = Static<typeof Purchase>;

/** A payment a person records: on a purchase, an external purchase, or at their creation. */
export const PurchasePaymentInput = Type.Object({
  mode: Type.Optional(StrEnum(USER_PAYMENT_MODES)),
  /** euros; negative = the provider refunds */
  amount: Money(),
  date: Type.Optional(DateTime()),
  /** not stored: a person confirms paying more than what remains (else 409) */
  confirmOverpayment: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type PurchasePaymentInput = Static<typeof PurchasePaymentInput>;

const purchaseFkInput = Type.Object({
  provider: Type.Optional(Nullable(Id())),
  linkedSales: Type.Optional(Type.Array(Id())),
  externalPurchases: Type.Optional(Type.Array(Id())),
}, { additionalProperties: false });

/**
 * What a person writes (PUT /purchases/:id). Totals, number, settlement and `providerName` are
 * the server's; `provider` defaults to the snapshot of `fk.provider`; `subjectToVAT` and
 * `vatCalculationMethod` to the company's.
 */
export const PurchaseInput = Type.Object({
  subjectToVAT: Type.Optional(Type.Boolean()),
  items: Type.Optional(Type.Array(LineItemInput)),
  date: Type.Optional(DateTime()),
  freeData: Type.Optional(Text()),
  comment: Type.Optional(Text()),
  vatCalculationMethod: Type.Optional(StrEnum(VAT_CALCULATION_METHODS)),
  sender: Type.Optional(Sender),
  provider: Type.Optional(Receiver),
  vatRecoveryPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  forResale: Type.Optional(Type.Boolean()),
  commandOrder: Type.Optional(Str()),
  invoiceNumber: Type.Optional(Str()),
  dueDate: Type.Optional(Nullable(DateTime())),
  attachments: Type.Optional(Attachments()),
  fk: Type.Optional(purchaseFkInput),
  extradata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  userProps: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
}, { additionalProperties: false });
export type PurchaseInput = Static<typeof PurchaseInput>;

/** POST /purchases: the same, plus payments already made (recorded in the same transaction). */
export const PurchaseCreateInput = Type.Object({
  ...PurchaseInput.properties,
  payments: Type.Optional(Type.Array(PurchasePaymentInput, { maxItems: 50 })),
}, { additionalProperties: false });
export type PurchaseCreateInput = Static<typeof PurchaseCreateInput>;
