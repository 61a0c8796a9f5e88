/**
 * The Factur-X of an invoice as plain data in, XML text out — or what is missing, which the
 * routes answer as a French 409 and the sending turns into a warning.
 */
import { conflict, type HttpError } from '@comptoir/sdk';
import { CONFORMANCE_LEVEL, FACTURX_DOCUMENT_TYPE } from './codes.ts';
import { prepareCii } from './model.ts';
import { writeCii } from './write-document.ts';
import type { FacturXContext, FacturXInvoice, MissingField } from './types.ts';

export const missingForFacturX = (labels: string[]) =>
  `Impossible de produire la facture électronique Factur-X (EN 16931) : il manque ${labels.join(', ')}.`;

/** The 409 naming what is missing, each field in `details`. */
export const facturXMissingError = (missing: MissingField[]): HttpError =>
  conflict(missingForFacturX(missing.map((m) => m.label)), missing.map((m) => ({ field: m.field, message: m.label })));

/** What the invoice lacks for a valid EN 16931 XML, in French, in document order (empty: none). */
export function facturXMissingFields(invoice: FacturXInvoice, context: FacturXContext = {}): MissingField[] {
  return prepareCii(invoice, context).missing;
}

export interface BuiltFacturX {
  xml: string;
  /** BT-3: 380, 381 or 384 */
  typeCode: string;
  /** what the container's XMP says (`fx:DocumentType`): INVOICE for every type code */
  documentType: typeof FACTURX_DOCUMENT_TYPE;
  conformanceLevel: typeof CONFORMANCE_LEVEL;
}

export type FacturXOutcome = ({ ok: true } & BuiltFacturX) | { ok: false; missing: MissingField[] };

/** The XML and what the PDF/A-3 container needs to declare it, or the missing fields. */
export function tryFacturX(invoice: FacturXInvoice, context: FacturXContext = {}): FacturXOutcome {
  const { model, missing } = prepareCii(invoice, context);
  if (missing.length > 0) return { ok: false, missing };
  return { ok: true, xml: writeCii(model), typeCode: model.typeCode, documentType: FACTURX_DOCUMENT_TYPE, conformanceLevel: CONFORMANCE_LEVEL };
}

/** The same, throwing the French 409 when something is missing. */
export function buildFacturX(invoice: FacturXInvoice, context: FacturXContext = {}): BuiltFacturX {
  const outcome = tryFacturX(invoice, context);
  if (!outcome.ok) throw facturXMissingError(outcome.missing);
  const { ok: _, ...built } = outcome;
  return built;
}

/** The CII XML (UTF-8 text) of an emitted invoice; 409 naming what is missing. */
export const buildFacturXXml = (invoice: FacturXInvoice, context: FacturXContext = {}): string =>
  buildFacturX(invoice, context).xml;
