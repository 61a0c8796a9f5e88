/**
 * Identifiers are checked when a write changes them (schemas README « Identifiers »): every field
 * declared `Identifier(kind)` is normalised (spaces out, capitals) and checked with its key when its
 * value is new or different from the stored one, and the values carrying the SIREN (SIRET, French
 * VAT number, RCS, electronic address) must agree with it when either side changes. A stored value
 * that the write leaves as it was is not judged: a company saved before these checks, with a SIREN
 * whose key is wrong, still takes an invoice number or a new phone number (every write validates
 * the whole record, numbering included). A wrong value is a 400 naming the field, in French.
 */
import type { TObject } from '@sinclair/typebox';
import { badRequest, type ErrorDetail } from '@comptoir/sdk';
import {
  agreementProblems, identifierFields, identifierProblem, normalizeIdentifier, type IdentifierKind,
} from '@comptoir/schemas';
import { summary } from './validation.ts';

const fieldsCache = new WeakMap<object, [string, IdentifierKind][]>();

function fieldsOf(schema: TObject): [string, IdentifierKind][] {
  let fields = fieldsCache.get(schema);
  if (!fields) { fields = identifierFields(schema); fieldsCache.set(schema, fields); }
  return fields;
}

/**
 * Normalises in `doc` the identifiers that differ from `existing` (absent at creation) and throws
 * the 400 of those that are wrong.
 */
export function checkIdentifiers(schema: TObject, doc: Record<string, unknown>, existing: Record<string, unknown> | null, what: string): void {
  const fields = fieldsOf(schema);
  if (fields.length === 0) return;
  const changed = new Set<string>();
  for (const [field] of fields) {
    const value = doc[field];
    if (typeof value !== 'string' || value === existing?.[field]) continue;
    const [, kind] = fields.find(([f]) => f === field)!;
    doc[field] = normalizeIdentifier(kind, value);
    if (doc[field] !== existing?.[field]) changed.add(field);
  }
  if (changed.size === 0) return;
  const details: ErrorDetail[] = [];
  for (const [field, kind] of fields) {
    if (!changed.has(field)) continue;
    const problem = identifierProblem(kind, doc[field] as string);
    if (problem) details.push({ field, message: problem });
  }
  const fieldOfKind = new Map(fields.map(([f, k]) => [k, f]));
  const sirenField = fieldOfKind.get('siren');
  const values: Partial<Record<IdentifierKind, string>> = {};
  for (const [field, kind] of fields) if (typeof doc[field] === 'string') values[kind] = doc[field] as string;
  for (const { kind, message } of agreementProblems(values)) {
    const field = fieldOfKind.get(kind)!;
    if (!changed.has(field) && !(sirenField && changed.has(sirenField))) continue;
    if (!details.some((d) => d.field === field)) details.push({ field, message });
  }
  // the sentences end with their own full stop, which the summary adds
  if (details.length) throw badRequest(summary(details.map((d) => ({ ...d, message: d.message.replace(/\.$/, '') })), what), details);
}
