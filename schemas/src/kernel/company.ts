/**
 * A company using Comptoir (schemas README « Company »): its legal identity, printed on its documents,
 * its VAT method, its fiscal years and its numbering settings.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Email, Entity, Money, Str, Text } from '../kinds.ts';
import { Identifier } from '../identifiers/index.ts';
import { Address } from './address.ts';
import { Attachments } from './attachment.ts';
import { createInput, updateInput } from './input.ts';
import { Numbering } from './numbering.ts';
import { StrEnum } from './str-enum.ts';

/**
 * rounded-total: the excl.-tax amount per VAT rate is computed from the incl.-tax line totals;
 * rounded-lines: each line is rounded first (schemas README « Company »).
 */
export const VAT_CALCULATION_METHODS = ['rounded-total', 'rounded-lines'] as const;
export type VatCalculationMethod = (typeof VAT_CALCULATION_METHODS)[number];

export const FiscalYear = Type.Object({
  name: Type.Optional(Str()),
  startDate: DateTime(),
  endDate: DateTime(),
}, { additionalProperties: false });
export type FiscalYear = Static<typeof FiscalYear>;

/**
 * A term of payment in days after the invoice date: 0 (on receipt) to 60, the most L441-10 II of
 * the Code de commerce allows counted from the invoice date (schemas README « Company »).
 */
export const PAYMENT_TERMS_MAX_DAYS = 60;
export const LEGAL_PAYMENT_TERMS_DAYS = 30;
export const PaymentTermsDays = (o: { default?: number } = {}) =>
  Type.Integer({ minimum: 0, maximum: PAYMENT_TERMS_MAX_DAYS, ...o });

/**
 * Every field may be missing while the company is being set up: what invoicing requires is checked
 * when a document is emitted (schemas README « Company »), not here. The identifiers (siren,
 * siret, vatNumber, rcs, iban, bic) are normalised and checked with their keys when a write changes
 * them (schemas README « Identifiers »); naf and rm are free strings.
 */
export const Company = Entity({
  name: Str({ minLength: 1 }),
  brandName: Type.Optional(Str()),
  subjectToVAT: Type.Boolean({ default: true }),
  address: Type.Optional(Address),
  /** share capital, in euros */
  capital: Type.Optional(Money({ minimum: 0 })),
  siret: Type.Optional(Identifier('siret')),
  siren: Type.Optional(Identifier('siren')),
  naf: Type.Optional(Str()),
  rm: Type.Optional(Str()),
  vatNumber: Type.Optional(Identifier('vatNumber')),
  /** not in the spec (issue 13): the RCS entry as printed after « RCS », « Lyon B 552 100 554 » */
  rcs: Type.Optional(Identifier('rcs')),
  /** not in the spec (issue 13): the account customers pay into, printed and in the e-invoice (BG-16) */
  iban: Type.Optional(Identifier('iban')),
  bic: Type.Optional(Identifier('bic')),
  /** not in the spec (issue 13): « Option pour le paiement de la TVA d’après les débits » */
  vatOnDebits: Type.Boolean({ default: false }),
  /** not in the spec (issue 13): the default term of payment, in days after the invoice date */
  paymentTermsDays: PaymentTermsDays({ default: LEGAL_PAYMENT_TERMS_DAYS }),
  /** legal form (SARL, SAS, EI...) as printed on documents */
  status: Type.Optional(Str()),
  email: Type.Optional(Email()),
  telBusiness: Type.Optional(Str()),
  telMobile: Type.Optional(Str()),
  vatCalculationMethod: StrEnum(VAT_CALCULATION_METHODS, { default: 'rounded-total' }),
  invoiceFreeData: Type.Optional(Text()),
  receiptFreeData: Type.Optional(Text()),
  correctiveInvoiceCustomMessage: Type.Optional(Text()),
  fiscalYears: Type.Array(FiscalYear, { default: [] }),
  attachments: Attachments(),
  numbering: Numbering,
}, {});
export type Company = Static<typeof Company>;

export const CompanyCreateInput = createInput(Company, { serverManaged: ['fk'], required: ['name'] });
export type CompanyCreateInput = Static<typeof CompanyCreateInput>;
export const CompanyUpdateInput = updateInput(Company, { serverManaged: ['fk'] });
export type CompanyUpdateInput = Static<typeof CompanyUpdateInput>;
