/**
 * A suggested match between a bank operation and a document that may be what it pays (README
 * « Matching »): an unpaid invoice or credit note (« Facturation »), a purchase or an external
 * purchase (« Achats »). Not in the spec, which keeps the suggestions on the documents
 * (`fk.bankOperationsSuggestions`, `hideBankOpsSuggestions`): those belong to other plugins, so
 * « Banque » keeps its own, one row per operation and document.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Money, Nullable, Str, StrEnum } from '@comptoir/schemas';

export const DOCUMENT_TYPES = ['invoice', 'purchase', 'externalPurchase'] as const;
export type MatchDocumentType = (typeof DOCUMENT_TYPES)[number];

/** `open` (in the inbox), `hidden` (not shown again for this pair), `accepted` (the payment recorded), `undone` (accepted, then cancelled) */
export const SUGGESTION_STATUSES = ['open', 'hidden', 'accepted', 'undone'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const Suggestion = Entity({
  status: StrEnum(SUGGESTION_STATUSES, { default: 'open' }),
  documentType: StrEnum(DOCUMENT_TYPES),
  /** the document as it was when suggested: number, who, day, total, what remained to pay */
  documentNumber: Str(),
  documentName: Str(),
  documentDate: Type.Optional(Nullable(DateTime())),
  documentTotal: Money(),
  unpaidAmount: Money(),
  /** 0 to 100: how well the operation fits (README « Matching », Score) */
  score: Type.Integer({ minimum: 0, maximum: 100 }),
  /** the reasons of the score, in French, for the person who decides */
  reasons: Type.Array(Str(), { default: [] }),
  /** once accepted: what was recorded on the document (its payment's sign: a supplier paid is positive) */
  amount: Type.Optional(Nullable(Money())),
  decidedAt: Type.Optional(Nullable(DateTime())),
}, {
  company: Id(),
  operation: Id(),
  account: Id(),
  invoice: Type.Optional(Nullable(Id())),
  purchase: Type.Optional(Nullable(Id())),
  externalPurchase: Type.Optional(Nullable(Id())),
  /** the invoice payments written (the payment, then its cancellation when undone) */
  invoicePayments: Type.Optional(Type.Array(Id(), { default: [] })),
  /** the same for purchases and external purchases */
  purchasePayments: Type.Optional(Type.Array(Id(), { default: [] })),
});
export type Suggestion = Static<typeof Suggestion>;

/** `POST /suggestions/:id/accept`: `amount` to record less than what fits (a part payment) */
export const AcceptInput = Type.Object({
  amount: Type.Optional(Money({ exclusiveMinimum: 0 })),
}, { additionalProperties: false });
export type AcceptInput = Static<typeof AcceptInput>;

/** `POST /suggestions/refresh`: the operations to look at (all unmatched ones by default) */
export const RefreshInput = Type.Object({
  accounts: Type.Optional(Type.Array(Id(), { maxItems: 100 })),
  startDate: Type.Optional(DateTime()),
  endDate: Type.Optional(DateTime()),
  operations: Type.Optional(Type.Array(Id(), { maxItems: 1000 })),
}, { additionalProperties: false });
export type RefreshInput = Static<typeof RefreshInput>;
