/**
 * An external purchase: an order placed in a shop, usually online (purchases README
 * « Entities »). Its lines are what the shop shows (prices incl. taxes, seller, picture); it has no
 * status, only paid and unpaid amounts recomputed from its `paymentModes` (commerce README « Rules »). It may be linked to
 * the purchases (the invoices) it gave rise to.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  Address, Attachments, DateTime, Entity, Id, Money, PAYMENT_MODES, Str, StrEnum, Text, USER_PAYMENT_MODES,
} from '@comptoir/schemas';

/** A line as the shop shows it; unit prices, the missing one converted with `vat` (commerce README « Rules », Prices). */
export const ExternalPurchaseItem = Type.Object({
  quantity: Type.Number({ default: 1 }),
  label: Str({ default: '' }),
  /** unit price including taxes, in euros */
  inclTaxesPrice: Money(),
  /** unit price excluding taxes, in euros */
  exclTaxesPrice: Money(),
  /** the marketplace seller, when the shop is one */
  seller: Type.Optional(Str()),
  vat: Type.Number({ minimum: 0, maximum: 100, default: 20 }),
  thumbnailUrl: Type.Optional(Str({ format: 'uri' })),
}, { additionalProperties: false });
export type ExternalPurchaseItem = Static<typeof ExternalPurchaseItem>;

/** How the order was paid: one entry per payment recorded on it (a payment of the invoicing plugin). */
export const ExternalPurchasePaymentMode = Type.Object({
  paymentMode: StrEnum(PAYMENT_MODES, { default: 'cb' }),
  amount: Money(),
  date: DateTime(),
}, { additionalProperties: false });
export type ExternalPurchasePaymentMode = Static<typeof ExternalPurchasePaymentMode>;

/** An entry of `paymentModes` as a creation body gives it: the mode defaults to `cb`, the date to now. */
export const ExternalPurchasePaymentModeInput = Type.Object({
  paymentMode: Type.Optional(StrEnum(USER_PAYMENT_MODES)),
  amount: Money(),
  date: Type.Optional(DateTime()),
  /** not stored: a person confirms paying more than what remains (else 409) */
  confirmOverpayment: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type ExternalPurchasePaymentModeInput = Static<typeof ExternalPurchasePaymentModeInput>;

/** Computed by the server: the lines, the delivery, and the whole order. */
export const ExternalPurchaseTotals = Type.Object({
  itemsInclTaxesPrice: Money({ default: 0 }),
  inclTaxesPrice: Money({ default: 0 }),
  exclTaxesPrice: Money({ default: 0 }),
}, { additionalProperties: false });
export type ExternalPurchaseTotals = Static<typeof ExternalPurchaseTotals>;

/** `origin`: who recorded it. The spec's default is `user`; an importer would write its own name. */
export const EXTERNAL_PURCHASE_DEFAULT_ORIGIN = 'user';

export const ExternalPurchase = Entity({
  shop: Str({ minLength: 1 }),
  orderNumber: Type.Optional(Str()),
  orderDate: DateTime(),
  url: Type.Optional(Str({ format: 'uri' })),
  paymentModes: Type.Array(ExternalPurchasePaymentMode, { default: [] }),
  paidAmount: Money({ default: 0 }),
  unpaidAmount: Money({ default: 0 }),
  inclTaxesDeliveryPrice: Money({ default: 0 }),
  /** the VAT of the whole order as the shop states it; computed from the lines when not given */
  vatAmount: Money({ default: 0 }),
  items: Type.Array(ExternalPurchaseItem, { default: [] }),
  attachments: Attachments(),
  deliveryAddress: Type.Optional(Address),
  hidePurchaseSuggestions: Type.Boolean({ default: false }),
  hideBankOpsSuggestions: Type.Boolean({ default: false }),
  origin: Str({ default: EXTERNAL_PURCHASE_DEFAULT_ORIGIN }),
  totals: ExternalPurchaseTotals,
  comment: Type.Optional(Text()),
}, {
  company: Id(),
  /** the purchases (received invoices) of this order; each lists it in `fk.externalPurchases` */
  purchases: Type.Array(Id(), { default: [] }),
  /** bank operations that may be its payment (the banking plugin, later) */
  suggestedBankOperations: Type.Array(Id(), { default: [] }),
  /** purchases that may be its invoice, not confirmed yet */
  suggestedPurchases: Type.Array(Id(), { default: [] }),
});
export type ExternalPurchase = Static<typeof ExternalPurchase>;

/** A line as a person writes it: one unit price is enough, prices may be blank while typing. */
export const ExternalPurchaseItemInput = Type.Object({
  quantity: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  label: Type.Optional(Str()),
  inclTaxesPrice: Type.Optional(Type.Union([Money(), Type.Null()])),
  exclTaxesPrice: Type.Optional(Type.Union([Money(), Type.Null()])),
  seller: Type.Optional(Str()),
  vat: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()])),
  thumbnailUrl: Type.Optional(Str({ format: 'uri' })),
}, { additionalProperties: false });
export type ExternalPurchaseItemInput = Static<typeof ExternalPurchaseItemInput>;

const externalFkInput = Type.Object({
  purchases: Type.Optional(Type.Array(Id())),
  suggestedBankOperations: Type.Optional(Type.Array(Id())),
  suggestedPurchases: Type.Optional(Type.Array(Id())),
}, { additionalProperties: false });

/**
 * What a person writes (PUT /external-purchases/:id). Totals, paid and unpaid amounts are the
 * server's; `paymentModes` follow the payments recorded (POST …/payments), never a body.
 * `vatAmount` left out (or null) is computed from the lines.
 */
export const ExternalPurchaseInput = Type.Object({
  shop: Type.Optional(Str({ minLength: 1 })),
  orderNumber: Type.Optional(Str()),
  orderDate: Type.Optional(DateTime()),
  url: Type.Optional(Str({ format: 'uri' })),
  inclTaxesDeliveryPrice: Type.Optional(Money()),
  vatAmount: Type.Optional(Type.Union([Money(), Type.Null()])),
  items: Type.Optional(Type.Array(ExternalPurchaseItemInput)),
  attachments: Type.Optional(Attachments()),
  deliveryAddress: Type.Optional(Address),
  hidePurchaseSuggestions: Type.Optional(Type.Boolean()),
  hideBankOpsSuggestions: Type.Optional(Type.Boolean()),
  origin: Type.Optional(Str({ minLength: 1 })),
  comment: Type.Optional(Text()),
  fk: Type.Optional(externalFkInput),
  extradata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  userProps: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
}, { additionalProperties: false });
export type ExternalPurchaseInput = Static<typeof ExternalPurchaseInput>;

/**
 * POST /external-purchases: `shop` required, and how the order was already paid: each entry is
 * recorded as a payment (numbered, hashed) in the same transaction.
 */
export const ExternalPurchaseCreateInput = Type.Object({
  ...ExternalPurchaseInput.properties,
  shop: Str({ minLength: 1 }),
  paymentModes: Type.Optional(Type.Array(ExternalPurchasePaymentModeInput, { maxItems: 50 })),
}, { additionalProperties: false });
export type ExternalPurchaseCreateInput = Static<typeof ExternalPurchaseCreateInput>;
