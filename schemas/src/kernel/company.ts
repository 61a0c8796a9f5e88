/**
 * A company using Comptoir (schemas README « Company »): its legal identity, printed on its documents,
 * its VAT method, its fiscal years and its numbering settings.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Email, Entity, Money, Str, Text } from '../kinds.ts';
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
 * Identifiers (siret, siren, naf, rm, vatNumber) are free strings: people type them with spaces,
 * and a company is saved while incomplete. What invoicing requires is checked when a document is
 * emitted (schemas README « Company »), not here.
 */
export const Company = Entity({
  name: Str({ minLength: 1 }),
  brandName: Type.Optional(Str()),
  subjectToVAT: Type.Boolean({ default: true }),
  address: Type.Optional(Address),
  /** share capital, in euros */
  capital: Type.Optional(Money({ minimum: 0 })),
  siret: Type.Optional(Str()),
  siren: Type.Optional(Str()),
  naf: Type.Optional(Str()),
  rm: Type.Optional(Str()),
  vatNumber: Type.Optional(Str()),
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
