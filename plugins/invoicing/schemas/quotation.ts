/**
 * A quotation (invoicing README « Entities »): numbered at creation, valid 14 days by default, addressed
 * to a customer or to a company. It stays editable until it is invoiced.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  CommercialDocumentFields, DateTime, Entity, Id, LineItemInput, Nullable, Receiver, Str, StrEnum, Text, VAT_CALCULATION_METHODS, withDefault,
} from '@comptoir/schemas';

/**
 * The spec names only `emitted`; `accepted`, `refused` and `invoiced` are our decision. « Expiré »
 * is not a status: it is shown when `expirationDate` is past and the quotation is still `emitted`.
 */
export const QUOTATION_STATUSES = ['emitted', 'accepted', 'refused', 'invoiced'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

export const QUOTATION_STATUS_LABELS: Record<QuotationStatus, string> = {
  emitted: 'Émis',
  accepted: 'Accepté',
  refused: 'Refusé',
  invoiced: 'Facturé',
};

/** 14 days by default (invoicing README « Entities »). */
export const QUOTATION_VALIDITY_DAYS = 14;

const nullId = () => withDefault(Nullable(Id()), null);

export const Quotation = Entity({
  ...CommercialDocumentFields,
  status: StrEnum(QUOTATION_STATUSES, { default: 'emitted' }),
  /** when the status last changed */
  statusDate: DateTime(),
  expirationDate: DateTime(),
  hideBankOpsSuggestions: Type.Boolean({ default: false }),
  receiver: Type.Optional(Receiver),
  /** computed from `receiver` (« company (firstname name) »), server-managed: what list searches match */
  receiverName: Type.Optional(Str()),
}, {
  company: Id(),
  receiverCustomer: nullId(),
  /** a company of this server the quotation is addressed to (the receiver is copied from it) */
  receiverCompany: nullId(),
  linkedPurchases: Type.Array(Id(), { default: [] }),
  bankOperations: Type.Array(Id(), { default: [] }),
  bankOperationsSuggestions: Type.Array(Id(), { default: [] }),
});
export type Quotation = Static<typeof Quotation>;

/** Whether an `emitted` quotation is past its expiry at `now` (shown « Expiré »). */
export const isQuotationExpired = (q: { status: string; expirationDate?: string }, now: Date): boolean =>
  q.status === 'emitted' && !!q.expirationDate && new Date(q.expirationDate).getTime() < now.getTime();

/**
 * What a person writes (POST /quotations, PUT /quotations/:id). `invoiced` is set only by
 * `POST /quotations/:id/invoice`; number, totals and sender are the server's.
 */
export const QuotationInput = Type.Object({
  subjectToVAT: Type.Optional(Type.Boolean()),
  items: Type.Optional(Type.Array(LineItemInput)),
  date: Type.Optional(DateTime()),
  expirationDate: Type.Optional(DateTime()),
  status: Type.Optional(StrEnum(['emitted', 'accepted', 'refused'] as const)),
  freeData: Type.Optional(Text()),
  comment: Type.Optional(Text()),
  vatCalculationMethod: Type.Optional(StrEnum(VAT_CALCULATION_METHODS)),
  hideBankOpsSuggestions: Type.Optional(Type.Boolean()),
  receiver: Type.Optional(Receiver),
  fk: Type.Optional(Type.Object({
    receiverCustomer: Type.Optional(Nullable(Id())),
    receiverCompany: Type.Optional(Nullable(Id())),
    linkedPurchases: Type.Optional(Type.Array(Id())),
    bankOperations: Type.Optional(Type.Array(Id())),
    bankOperationsSuggestions: Type.Optional(Type.Array(Id())),
  }, { additionalProperties: false })),
  extradata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  userProps: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
}, { additionalProperties: false });
export type QuotationInput = Static<typeof QuotationInput>;
