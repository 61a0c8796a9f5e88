/**
 * A receipt (« ticket de caisse », spec §3 « Receipt »: the commercial document + cashRegisterNumber,
 * userName, receiptComment), created and emitted in one request: numbered by the `receipt` counter,
 * hashed in the company's receipt chain, frozen. Its payments are part of it (README « Receipts »).
 * Columns: server/migrations/20261127190000_registers.ts (the frame) and
 * 20261205100000_receipt_documents.ts (the document).
 */
import { Type, type Static } from '@sinclair/typebox';
import { CommercialDocumentFields, DateTime, Email, Entity, Id, LineItemInput, Money, Nullable, PAYMENT_MODES, Str, StrEnum, Text } from '@comptoir/schemas';
import { CashDetails } from './cash.ts';

/**
 * A payment of a receipt (spec « Payment »: mode, amount, date, cashPaid, cashChange), kept in the
 * receipt and hashed with it. Negative on a refund receipt. Not in the spec: `cashPaidDetails` (the
 * notes and coins handed over), `changeDetails` (those given back), `missingAmount` (change the
 * drawer could not give).
 */
export const ReceiptPayment = Type.Object({
  mode: StrEnum(PAYMENT_MODES),
  amount: Money(),
  date: DateTime(),
  cashPaid: Type.Optional(Money()),
  cashChange: Type.Optional(Money()),
  cashPaidDetails: Type.Optional(CashDetails),
  changeDetails: Type.Optional(CashDetails),
  missingAmount: Type.Optional(Money()),
}, { additionalProperties: false });
export type ReceiptPayment = Static<typeof ReceiptPayment>;

/** A line refunded: the uuid of the original receipt's line and the quantity given back (positive). */
export const RefundedLine = Type.Object({ uuid: Str({ minLength: 1 }), quantity: Type.Number({ exclusiveMinimum: 0 }) }, { additionalProperties: false });
export type RefundedLine = Static<typeof RefundedLine>;

export const Receipt = Entity({
  // number and numberFull (optional there: every stored receipt has them, given under the counter)
  ...CommercialDocumentFields,
  /** the register's `numberFull` (spec) */
  cashRegisterNumber: Type.Optional(Str()),
  userName: Type.Optional(Str()),
  receiptComment: Type.Optional(Text()),
  payments: Type.Array(ReceiptPayment, { default: [] }),
  /** not in the spec: a refund receipt (negative amounts, `fk.sourceReceipt` names the one refunded) */
  refund: Type.Boolean({ default: false }),
  /** not in the spec: on a refund, the original lines given back */
  refundedLines: Type.Optional(Type.Array(RefundedLine)),
  /** not in the spec: the drawer could not give the exact change (accepted by the body) */
  missingCash: Type.Boolean({ default: false }),
  /** given under the counter with the number (every stored receipt has one) */
  hash: Type.Optional(Str({ pattern: '^[0-9a-f]{64}$' })),
}, {
  company: Id(),
  cashRegister: Id(),
  /** not in the spec: the opening verification of the session it was sold in */
  opening: Type.Optional(Nullable(Id())),
  user: Type.Optional(Nullable(Id())),
  /** not in the spec: on a refund receipt, the receipt refunded */
  sourceReceipt: Type.Optional(Nullable(Id())),
  /** not in the spec, not hashed: the invoice this receipt became (README « Receipt to invoice ») */
  invoice: Type.Optional(Nullable(Id())),
});
export type Receipt = Static<typeof Receipt>;

/** A line as the till sends it: a catalogue article (`itemId`, its label, price, rate and type) or a free line. */
export const ReceiptLineInput = Type.Composite([LineItemInput], { additionalProperties: false });

/** A payment as the till sends it; `cash`: the notes and coins handed over for a cash payment (change computed). */
export const ReceiptPaymentInput = Type.Object({
  mode: StrEnum(PAYMENT_MODES),
  amount: Money({ exclusiveMinimum: 0 }),
  cash: Type.Optional(CashDetails),
}, { additionalProperties: false });
export type ReceiptPaymentInput = Static<typeof ReceiptPaymentInput>;

/** `POST /api/pos/receipts` */
export const ReceiptInput = Type.Object({
  cashRegisterId: Id(),
  items: Type.Array(ReceiptLineInput, { minItems: 1, maxItems: 500 }),
  /** none only for a receipt of 0 € */
  payments: Type.Array(ReceiptPaymentInput, { maxItems: 20 }),
  vatCalculationMethod: Type.Optional(CommercialDocumentFields.vatCalculationMethod),
  receiptComment: Type.Optional(Text()),
  comment: Type.Optional(Text()),
  userName: Type.Optional(Str()),
  /** the drawer cannot give the exact change: sell anyway, the missing change written on the receipt (409 otherwise) */
  acceptMissingCash: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type ReceiptInput = Static<typeof ReceiptInput>;

/** `POST /api/pos/receipts/:id/refund`: every line still refundable, or the ones chosen */
export const RefundInput = Type.Object({
  lines: Type.Optional(Type.Array(RefundedLine, { minItems: 1, maxItems: 500 })),
  /** how the money goes back (positive amounts); default: the original's modes, cash last */
  payments: Type.Array(Type.Object({ mode: StrEnum(PAYMENT_MODES), amount: Money({ exclusiveMinimum: 0 }) }, { additionalProperties: false }), { minItems: 1, maxItems: 20 }),
  /** the register giving the money back (default: the original's) */
  cashRegisterId: Type.Optional(Id()),
  receiptComment: Type.Optional(Text()),
  userName: Type.Optional(Str()),
}, { additionalProperties: false });
export type RefundInput = Static<typeof RefundInput>;

/** `POST /api/pos/receipts/:id/invoice` */
export const ReceiptInvoiceInput = Type.Object({ customerId: Id(), invoiceComment: Type.Optional(Text()) }, { additionalProperties: false });
export type ReceiptInvoiceInput = Static<typeof ReceiptInvoiceInput>;

/** `POST /api/pos/receipts/:id/send` */
export const ReceiptSendInput = Type.Object({ to: Email() }, { additionalProperties: false });
export type ReceiptSendInput = Static<typeof ReceiptSendInput>;
