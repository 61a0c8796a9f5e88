/**
 * A line of a commercial document and the VAT breakdown of a document (commerce README
 * « Rules », Lines and VAT methods). Lines live in the document's `items` JSON column; their prices are unit prices.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Money, Nullable, Str, Text } from '../kinds.ts';
import { StrEnum } from '../kernel/str-enum.ts';
import { VAT_CATEGORIES } from './vat-codes.ts';
import { VatExemptionReason, VatExemptionReasonInput } from './vat-categories.ts';

/** A line sells a service (the default of the spec) or a good (the catalogue's default). */
export const LINE_TYPES = ['service', 'good'] as const;
export type LineType = (typeof LINE_TYPES)[number];

/** A line as stored: both unit prices are known (the missing one is converted, commerce README « Rules », Lines). */
export const LineItem = Type.Object({
  /** negative on a credit note */
  quantity: Type.Number({ default: 1 }),
  /** percent */
  vat: Type.Number({ minimum: 0, maximum: 100, default: 20 }),
  labelPrimary: Str({ default: '' }),
  labelSecondary: Type.Optional(Text()),
  reference: Type.Optional(Str()),
  /** unit price excluding taxes, in euros */
  exclTaxesPrice: Money(),
  /** unit price including taxes, in euros */
  inclTaxesPrice: Money(),
  type: StrEnum(LINE_TYPES, { default: 'service' }),
  /** identifies the line (credit notes name the lines they credit) */
  uuid: Str({ minLength: 1 }),
  /** the catalogue item it was taken from */
  itemId: Type.Optional(Id()),
  /**
   * EN 16931 VAT category (BT-151; commerce README « VAT categories »). Every line of an invoice
   * emitted since issue 13 has one; on a draft, a quotation or a template only the one chosen by
   * hand (absent: the automatic one of its customer); absent on invoices emitted before (read as
   * S, Z or E, as they were written).
   */
  vatCategory: Type.Optional(StrEnum(VAT_CATEGORIES)),
  /** why no French VAT: E, AE, K, G and O (BT-120, BT-121) */
  vatExemptionReason: Type.Optional(VatExemptionReason),
}, { additionalProperties: false });
export type LineItem = Static<typeof LineItem>;

/**
 * A line as a person writes it: give one unit price (or both), the server computes the other and
 * the totals. Prices and quantities may be null while the line is being typed.
 */
export const LineItemInput = Type.Object({
  quantity: Type.Optional(Nullable(Type.Number())),
  vat: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 100 }))),
  labelPrimary: Type.Optional(Str()),
  labelSecondary: Type.Optional(Text()),
  reference: Type.Optional(Str()),
  exclTaxesPrice: Type.Optional(Nullable(Money())),
  inclTaxesPrice: Type.Optional(Nullable(Money())),
  type: Type.Optional(StrEnum(LINE_TYPES)),
  uuid: Type.Optional(Str({ minLength: 1 })),
  itemId: Type.Optional(Id()),
  /** chosen by hand; absent or null: the automatic category of the document's customer */
  vatCategory: Type.Optional(Nullable(StrEnum(VAT_CATEGORIES))),
  /** absent or null: the usual reason of the category (a domestic exemption has none: choose it) */
  vatExemptionReason: Type.Optional(Nullable(VatExemptionReasonInput)),
}, { additionalProperties: false });
export type LineItemInput = Static<typeof LineItemInput>;

/**
 * One VAT rate of a document — since issue 13 one VAT category and rate (BG-23) —: its totals, its
 * tax amount, and for a category without French VAT the reason printed and written as BT-120/121.
 * Documents computed before have neither category nor reason (read as their rate says).
 */
export const VatDetail = Type.Object({
  vat: Type.Number(),
  totalExclTaxes: Money(),
  totalInclTaxes: Money(),
  amount: Money(),
  vatCategory: Type.Optional(StrEnum(VAT_CATEGORIES)),
  vatExemptionReason: Type.Optional(VatExemptionReason),
}, { additionalProperties: false });
export type VatDetail = Static<typeof VatDetail>;
