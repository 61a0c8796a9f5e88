/**
 * Identifiers a company or a customer is known by (schemas README « Identifiers »): SIREN, SIRET,
 * VAT number, IBAN, BIC, RCS entry and electronic invoicing address. Plain functions shared by the
 * server (which checks what is written) and the screens (which say it before sending):
 * - `normalizeIdentifier`: what people type (« 552 100 554 », « fr 40 303… ») as it is stored;
 * - `identifierProblem`: why a normalised value is wrong, as a French sentence, or null;
 * - `agreementProblems`: the values that must agree with the SIREN (SIRET, French VAT number, RCS,
 *   electronic address all carry it).
 * An entity field declared with `Identifier(kind)` is normalised and checked by the repository
 * when a write changes it (server/src/db/identifier-check.ts); a stored value that is not written
 * again is left alone, so a record saved before these checks keeps working.
 */
import type { SchemaOptions, TObject, TSchema } from '@sinclair/typebox';
import { Str } from '../kinds.ts';
import { bicProblem, ibanProblem } from './bank.ts';
import { electronicAddressProblem, sirenOfElectronicAddress } from './electronic-address.ts';
import { normalizeRcs, rcsProblem, sirenOfRcs } from './rcs.ts';
import { siretProblem, sirenProblem, spacedSiren } from './siren.ts';
import { sirenOfVatNumber, vatNumberProblem } from './vat-number.ts';

export { LA_POSTE_SIREN, luhnValid, sirenProblem, siretProblem, spacedSiren } from './siren.ts';
export { frenchVatKey, sirenOfVatNumber, vatNumberProblem } from './vat-number.ts';
export { bicProblem, ibanProblem } from './bank.ts';
export { ELECTRONIC_ADDRESS_MAX, electronicAddressProblem, sirenOfElectronicAddress } from './electronic-address.ts';
export { normalizeRcs, rcsProblem, sirenOfRcs } from './rcs.ts';

export const IDENTIFIER_KINDS = ['siren', 'siret', 'vatNumber', 'iban', 'bic', 'rcs', 'electronicAddress'] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

/** The schema keyword that marks a field as an identifier of that kind. */
export const IDENTIFIER_KEYWORD = 'x-identifier';

/** A short string that holds an identifier: normalised and checked when a write changes it. */
export const Identifier = (kind: IdentifierKind, o: SchemaOptions = {}) => Str({ [IDENTIFIER_KEYWORD]: kind, ...o });

/** The identifier fields of an entity schema (top level), with their kind. */
export function identifierFields(schema: TObject): [string, IdentifierKind][] {
  return Object.entries(schema.properties as Record<string, TSchema>)
    .filter(([, s]) => typeof s[IDENTIFIER_KEYWORD] === 'string')
    .map(([field, s]) => [field, s[IDENTIFIER_KEYWORD] as IdentifierKind]);
}

/**
 * The stored form: no spaces (nor the dots and dashes people group digits with, for numbers), in
 * capitals for VAT numbers, IBAN and BIC; an electronic address keeps its case (the suffix is the
 * company's); an RCS entry is the registry's city, its letter and the grouped SIREN.
 */
export function normalizeIdentifier(kind: IdentifierKind, v: string): string {
  switch (kind) {
    case 'siren':
    case 'siret': return v.replace(/[\s.-]/g, '');
    case 'vatNumber':
    case 'iban': return v.replace(/[\s.-]/g, '').toUpperCase();
    case 'bic': return v.replace(/\s/g, '').toUpperCase();
    case 'electronicAddress': return v.replace(/\s/g, '');
    case 'rcs': return normalizeRcs(v);
  }
}

const CHECKS: Record<IdentifierKind, (v: string) => string | null> = {
  siren: sirenProblem,
  siret: siretProblem,
  vatNumber: vatNumberProblem,
  iban: ibanProblem,
  bic: bicProblem,
  rcs: rcsProblem,
  electronicAddress: electronicAddressProblem,
};

/** Why a normalised value is not a valid identifier of that kind, or null. Empty is no value: null. */
export function identifierProblem(kind: IdentifierKind, normalized: string): string | null {
  return normalized === '' ? null : CHECKS[kind](normalized);
}

/** `identifierProblem` of what a person typed. */
export const typedIdentifierProblem = (kind: IdentifierKind, typed: string): string | null =>
  identifierProblem(kind, normalizeIdentifier(kind, typed));

const SIREN_CARRIERS: [IdentifierKind, (v: string) => string | null, (siren: string) => string][] = [
  ['siret', (v) => v.slice(0, 9), (s) => `Le SIRET ne commence pas par le SIREN (${s}).`],
  ['vatNumber', sirenOfVatNumber, (s) => `Le numéro de TVA ne correspond pas au SIREN (${s}).`],
  ['rcs', sirenOfRcs, (s) => `Le RCS ne cite pas le SIREN (${s}).`],
  ['electronicAddress', sirenOfElectronicAddress, (s) => `L’adresse électronique ne commence pas par le SIREN (${s}).`],
];

/**
 * The values (normalised, each valid alone) that name another SIREN than `siren`: a SIRET starts
 * with it (BR-FR-09), a French VAT number ends with it, an RCS entry cites it, an electronic
 * address starts with it (BR-FR-21). Nothing to say without a SIREN, or for a VAT number of another
 * country.
 */
export function agreementProblems(values: Partial<Record<IdentifierKind, string>>): { kind: IdentifierKind; message: string }[] {
  const siren = values.siren ?? '';
  if (siren === '' || sirenProblem(siren)) return [];
  const out: { kind: IdentifierKind; message: string }[] = [];
  for (const [kind, sirenIn, message] of SIREN_CARRIERS) {
    const v = values[kind];
    if (!v || identifierProblem(kind, v)) continue;
    const carried = sirenIn(v);
    if (carried !== null && carried !== siren) out.push({ kind, message: message(spacedSiren(siren)) });
  }
  return out;
}

/**
 * What the repository would answer, said by a form before sending (the same rule as
 * server/src/db/identifier-check.ts): each identifier field whose typed value differs from the stored
 * one, once normalised, is checked with its key; the values carrying the SIREN must agree with it
 * when either side changed. `fields`: the form's identifier fields and their kind. Field → message.
 */
export function changedIdentifierProblems(
  typed: Record<string, unknown>, stored: Record<string, unknown>, fields: readonly (readonly [string, IdentifierKind])[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const values: Partial<Record<IdentifierKind, string>> = {};
  const changed = new Set<string>();
  for (const [field, kind] of fields) {
    const raw = String(typed[field] ?? '');
    const before = String(stored[field] ?? '');
    values[kind] = normalizeIdentifier(kind, raw);
    if (raw === before || values[kind] === before) continue;
    changed.add(field);
    const problem = identifierProblem(kind, values[kind]!);
    if (problem) errors[field] = problem;
  }
  const sirenField = fields.find(([, kind]) => kind === 'siren')?.[0];
  for (const { kind, message } of agreementProblems(values)) {
    const field = fields.find(([, k]) => k === kind)?.[0];
    if (!field || errors[field]) continue;
    if (changed.has(field) || (sirenField !== undefined && changed.has(sirenField))) errors[field] = message;
  }
  return errors;
}
