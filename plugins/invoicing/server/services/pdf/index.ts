/** PDF documents of « Facturation »: the model, the renderer, the Factur-X container. */
export { renderDocumentPdf, documentLabel, type RenderOptions } from './render.ts';
export {
  documentFromInvoice, documentFromQuotation, invoiceKind, pdfFileName, xmlFileName, DOCUMENT_TITLES,
  type DocumentKind, type PdfDocument, type PdfLogo, type InvoiceExtras,
} from './model.ts';
export { facturXXmp, FACTURX_NAMESPACE, type FacturXOptions } from './facturx.ts';
export { legalMentions } from './mentions.ts';
