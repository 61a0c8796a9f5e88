/**
 * The frozen e-invoice of an emitted invoice (invoicing README « Factur-X », Frozen e-invoice): the
 * files produced once from the frozen record — the Factur-X PDF/A-3 and its CII XML, or the plain
 * PDF/A-3 alone when the XML cannot be made — kept in the kernel's stored files, their SHA-256 here.
 * One row per invoice, written by the server only; the invoice row itself is hashed and frozen, so
 * this record lives beside it. Written by the server only; routes answer it shaped (`GET /invoices/:id/einvoice`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Str } from '@comptoir/schemas';

const Sha256 = () => Str({ pattern: '^[0-9a-f]{64}$' });

export const EInvoice = Entity({
  /** the invoice's numbers, copied: the verifier walks the e-invoices by number and names the invoice */
  number: Type.Integer({ minimum: 1 }),
  numberFull: Str(),
  /** true: a Factur-X (the XML embedded in the PDF and stored beside it); false: the plain PDF, the XML lacked data */
  facturX: Type.Boolean(),
  /** what the XML lacked (`{ field, label }`, French labels) when `facturX` is false */
  missing: Type.Array(Type.Object({ field: Str(), label: Str() }, { additionalProperties: false }), { default: [] }),
  /** names in the kernel's stored files of the plugin (`kernel.storedFiles`) */
  pdfFile: Str(),
  pdfSha256: Sha256(),
  pdfSize: Type.Integer({ minimum: 0 }),
  xmlFile: Type.Optional(Str()),
  xmlSha256: Type.Optional(Sha256()),
  xmlSize: Type.Optional(Type.Integer({ minimum: 0 })),
  /** the invoice's chain hash when the files were produced: they are the e-invoice of that document */
  invoiceHash: Sha256(),
  /** when they were produced (the dates inside the files are the emission's) */
  renderedAt: DateTime(),
}, {
  company: Id(),
  invoice: Id(),
});
export type EInvoice = Static<typeof EInvoice>;
