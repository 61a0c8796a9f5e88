/**
 * Factur-X 1.09, profile EN 16931: the Cross Industry Invoice XML of an emitted invoice, credit
 * note or corrective invoice, as a plain function of plain data. The PDF/A-3 container is made
 * around it by the `documents` service (`facturX(id)`: `renderDocumentPdf(…, { facturX })`).
 */
export {
  buildFacturX, buildFacturXXml, facturXMissingError, facturXMissingFields, missingForFacturX, tryFacturX,
  type BuiltFacturX, type FacturXOutcome,
} from './build.ts';
export { DRAFT_NO_FACTURX, facturXContext, facturXOf, loadFacturX } from './load.ts';
export { CONFORMANCE_LEVEL, DOCUMENT_TYPE, FACTURX_DOCUMENT_TYPE, FACTURX_FILE_NAME, GUIDELINE_EN16931 } from './codes.ts';
export type { FacturXContext, FacturXInvoice, MissingField } from './types.ts';
