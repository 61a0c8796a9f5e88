/**
 * An invoice, a credit note (an invoice whose total is negative) or a corrective invoice
 * (invoicing README « Entities »). A draft has no `numberFull` (no number, no hash) and may be edited
 * or deleted; emission numbers it, hashes it in the company's chain and freezes it. Only the
 * settlement (`status`, `paidAmount`, `unpaidAmount`) and the credit info (`itemsCredit`) change
 * afterwards, through payments and credit notes.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  Attachments, CommercialDocumentFields, DateTime, Entity, Id, LineItemInput, LocalDate, Money, Nullable, Receiver, Str, StrEnum, Text, VAT_CALCULATION_METHODS,
  withDefault,
} from '@comptoir/schemas';

export const INVOICE_STATUSES = ['emitted', 'partially_paid', 'paid', 'refund'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  emitted: 'Émise',
  partially_paid: 'Partiellement payée',
  paid: 'Payée',
  refund: 'Remboursée',
};

/**
 * The kind of operations declared for e-invoicing: `default` derives it from the lines' types
 * (goods, services or both); the others force it.
 */
export const ITEMS_TYPES_FOR_DECLARATION = ['default', 'good', 'service', 'mixed'] as const;
export type ItemsTypeForDeclaration = (typeof ITEMS_TYPES_FOR_DECLARATION)[number];

/** What a credit note took from a line of this invoice: a line is credited once. */
export const ItemCredit = Type.Object({
  /** the credited amount incl. taxes, positive */
  inclTaxesAmount: Money(),
  /** the credited line of this invoice */
  uuid: Str({ minLength: 1 }),
  creditInvoiceId: Id(),
}, { additionalProperties: false });
export type ItemCredit = Static<typeof ItemCredit>;

const nullId = () => withDefault(Nullable(Id()), null);

export const Invoice = Entity({
  ...CommercialDocumentFields,
  paidAmount: Money({ default: 0 }),
  unpaidAmount: Money({ default: 0 }),
  status: StrEnum(INVOICE_STATUSES, { default: 'emitted' }),
  invoiceComment: Type.Optional(Text()),
  /** « Facture corrective » on a corrective invoice */
  headerTitle: Type.Optional(Str()),
  headerMessage: Type.Optional(Text()),
  attachments: Attachments(),
  itemsTypeForDeclaration: StrEnum(ITEMS_TYPES_FOR_DECLARATION, { default: 'default' }),
  /** hex SHA-256 chaining this invoice to the previous one emitted by the company (set at emission) */
  hash: Type.Optional(Str({ pattern: '^[0-9a-f]{64}$' })),
  /** who emitted it, as printed */
  userName: Type.Optional(Str()),
  receiver: Type.Optional(Receiver),
  /** computed from `receiver` (« company (firstname name) »), server-managed: what list searches match */
  receiverName: Type.Optional(Str()),
  itemsCredit: Type.Array(ItemCredit, { default: [] }),
  /**
   * not in the spec: why this credit note is made (« motif de l’avoir »). Every credit note draft
   * has one — the credit route writes « Avoir sur la facture n° … du … » unless told another; a
   * standalone credit note (no source invoice) is made only by writing it. An invoice without it
   * may not have a negative total (issue 11); hashed with the emitted document.
   */
  creditReason: Type.Optional(Text()),
  /**
   * not in the spec (README « Corrective invoice »): the corrective invoice that cancels and replaces
   * this one (« Remplacée par la facture … »), written by the server when that corrective is
   * emitted. Not hashed: it follows a later document, as the settlement does.
   */
  replacedBy: Type.Optional(Nullable(Id())),
  /**
   * not in the spec: on an emitted corrective invoice, what remained of the invoice it replaces when
   * it was emitted (that invoice's totals less its credit notes already emitted), excl. and incl.
   * taxes, positive — the reversal its FEC entry books. A period's revenue is Σ `exclTaxesPrice` −
   * Σ `reversedExclTaxesPrice` of the documents emitted in it (README « Home dashboard »).
   * Written at emission, by the server only; not hashed (derived from hashed documents).
   */
  reversedExclTaxesPrice: Type.Optional(Money()),
  reversedInclTaxesPrice: Type.Optional(Money()),
  /**
   * not in the spec (issue 13): the day of the delivery or of the service, 'YYYY-MM-DD', when it is
   * not the invoice's date — printed « Date de livraison / d’exécution » and the XML's BT-72, which
   * say the invoice's own day when it is absent (README « Document rules », The operation)
   */
  deliveryDate: Type.Optional(LocalDate()),
}, {
  company: Id(),
  receiverCustomer: nullId(),
  linkedPurchases: Type.Array(Id(), { default: [] }),
  fromQuotation: nullId(),
  /** the recurring template that made it (INVOICE_MONTH / INVOICE_YEAR are replaced at emission) */
  invoiceTemplateId: nullId(),
  receipt: nullId(),
  /** the invoice a credit note or a corrective invoice derives from */
  sourceInvoice: nullId(),
  bankOperationsSuggestions: Type.Array(Id(), { default: [] }),
});
export type Invoice = Static<typeof Invoice>;

/** An invoice is a draft until it is emitted. */
export const isDraftInvoice = (i: { numberFull?: string | null }): boolean => !i.numberFull;
/** A credit note is an invoice whose total incl. taxes is negative (invoicing README « Entities »). */
export const isCreditNote = (i: { inclTaxesPrice?: number | null }): boolean => (i.inclTaxesPrice ?? 0) < 0;
/** What the server writes about a corrective invoice and the invoice it replaces: never carried by a copy. */
export const REPLACEMENT_FIELDS = ['replacedBy', 'reversedExclTaxesPrice', 'reversedInclTaxesPrice'] as const;
/** An emitted invoice cancelled and replaced by a corrective invoice (README « Corrective invoice »). */
export const isReplacedInvoice = (i: { replacedBy?: string | null }): boolean => !!i.replacedBy;
/** A draft written as a credit note: it carries its reason (its total may, and at emission must, be negative). */
export const isCreditNoteDraft = (i: { creditReason?: string | null }): boolean => !!i.creditReason?.trim();

const fkInput = Type.Object({
  receiverCustomer: Type.Optional(Nullable(Id())),
  linkedPurchases: Type.Optional(Type.Array(Id())),
  fromQuotation: Type.Optional(Nullable(Id())),
  invoiceTemplateId: Type.Optional(Nullable(Id())),
  bankOperationsSuggestions: Type.Optional(Type.Array(Id())),
}, { additionalProperties: false });

/**
 * What a person writes on a draft (POST /invoices, PUT /invoices/:id). Totals, numbers, hash,
 * sender, settlement and credit info are the server's. `subjectToVAT`, `vatCalculationMethod` and
 * `freeData` default to the company's; `receiver` defaults to the customer's (fk.receiverCustomer).
 */
export const InvoiceDraftInput = Type.Object({
  subjectToVAT: Type.Optional(Type.Boolean()),
  items: Type.Optional(Type.Array(LineItemInput)),
  date: Type.Optional(DateTime()),
  freeData: Type.Optional(Text()),
  comment: Type.Optional(Text()),
  vatCalculationMethod: Type.Optional(StrEnum(VAT_CALCULATION_METHODS)),
  invoiceComment: Type.Optional(Text()),
  headerTitle: Type.Optional(Str()),
  headerMessage: Type.Optional(Text()),
  attachments: Type.Optional(Attachments()),
  itemsTypeForDeclaration: Type.Optional(StrEnum(ITEMS_TYPES_FOR_DECLARATION)),
  userName: Type.Optional(Str()),
  receiver: Type.Optional(Receiver),
  /** a standalone credit note: its reason (required, not blank); blank = an invoice again */
  creditReason: Type.Optional(Text()),
  /** the day of the delivery or of the service, 'YYYY-MM-DD' (2000–2099); null: the invoice's date */
  deliveryDate: Type.Optional(Nullable(LocalDate())),
  fk: Type.Optional(fkInput),
  extradata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  userProps: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
}, { additionalProperties: false });
export type InvoiceDraftInput = Static<typeof InvoiceDraftInput>;

/** `POST /invoices/:id/credit`: the uuids of the lines to credit; none = every line not yet credited. */
export const CreditInput = Type.Object({
  items: Type.Optional(Type.Array(Str({ minLength: 1 }), { minItems: 1 })),
  /** the credit note's `creditReason`; default « Avoir sur la facture n° … du … » */
  reason: Type.Optional(Text({ minLength: 1 })),
}, { additionalProperties: false });
export type CreditInput = Static<typeof CreditInput>;

/**
 * `POST /compute`: a document body; missing options take the active company's. With `fk` or
 * `receiver` the body is a sale (invoice, quotation, template): each line gets its VAT category,
 * the automatic one of that customer when none is chosen (README « VAT categories »); without
 * either (a purchase), categories stay as given.
 */
export const ComputeInput = Type.Object({
  items: Type.Array(LineItemInput),
  subjectToVAT: Type.Optional(Type.Boolean()),
  vatCalculationMethod: Type.Optional(StrEnum(VAT_CALCULATION_METHODS)),
  receiver: Type.Optional(Receiver),
  fk: Type.Optional(Type.Object({ receiverCustomer: Type.Optional(Nullable(Id())) }, { additionalProperties: true })),
}, { additionalProperties: true });
export type ComputeInput = Static<typeof ComputeInput>;
