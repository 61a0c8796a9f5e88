/**
 * Importing a received e-invoice into a purchase (POST /api/purchases/purchases/import): a
 * Factur-X / ZUGFeRD PDF or a bare Cross Industry Invoice XML, sent in a JSON body as base64. The
 * answer is a French report of what was read, what is missing and what does not add up, with the
 * purchase it makes (a draft body with `?dryRun=1`, the stored purchase otherwise).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Attachments, Id, Nullable, Str } from '@comptoir/schemas';
import type { Purchase, PurchaseInput } from './purchase.ts';

export const PurchaseImportInput = Type.Object({
  /** the file's name, as chosen by the person (shown in the report) */
  name: Str({ minLength: 1 }),
  /** the file's bytes in base64 (the JSON body limit applies: COMPTOIR_BODY_LIMIT, 1 Mo by default) */
  content: Type.String({ minLength: 1 }),
  fk: Type.Optional(Type.Object({
    /** the provider chosen in the preview: it replaces the match; null records no provider */
    provider: Type.Optional(Nullable(Id())),
  }, { additionalProperties: false })),
  /** create the provider when none matches (default true) */
  createProvider: Type.Optional(Type.Boolean()),
  forResale: Type.Optional(Type.Boolean()),
  vatRecoveryPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  /** the original file, uploaded beforehand through POST /api/kernel/files, kept on the purchase */
  attachments: Type.Optional(Attachments()),
}, { additionalProperties: false });
export type PurchaseImportInput = Static<typeof PurchaseImportInput>;

export const PurchaseImportQuery = Type.Object({
  /** 1 or true: read and answer, store nothing */
  dryRun: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')])),
}, { additionalProperties: false });
export type PurchaseImportQuery = Static<typeof PurchaseImportQuery>;

/** How the invoice's seller was matched to a provider of the company. */
export interface ProviderMatch {
  /** matched: an existing provider; create: none matched and one will be (was) created; none: no provider record */
  action: 'matched' | 'create' | 'created' | 'chosen' | 'none';
  /** what matched: the VAT number, the SIREN (of a SIRET) or the name */
  by: 'vatNumber' | 'siren' | 'name' | null;
  providerId: string | null;
  displayName: string;
}

/** What was read, in French sentences, by section; `warnings` are what a person should check. */
export interface PurchaseImportReport {
  /** « Factur-X (PDF, factur-x.xml) » or « XML CII » */
  format: string;
  /** « EN 16931 », « BASIC », « MINIMUM »… from the guideline identifier (BT-24) */
  profile: string;
  /** « Facture », « Avoir », « Facture rectificative »… (BT-3) */
  documentType: string;
  creditNote: boolean;
  /** what was read: one sentence each */
  read: string[];
  /** what the file does not give (and what was done instead) */
  missing: string[];
  /** totals that do not add up, amounts the purchase computes differently */
  inconsistencies: string[];
  provider: ProviderMatch;
}

export interface PurchaseImportAnswer {
  dryRun: boolean;
  report: PurchaseImportReport;
  /** the body the purchase is (or would be) created from */
  draft: PurchaseInput;
  /** the stored purchase (not with dryRun) */
  purchase: Purchase | null;
}
