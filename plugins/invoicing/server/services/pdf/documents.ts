/**
 * The `documents` service: loads what a printed document needs — the record, its payments, the
 * invoice a credit note or corrective invoice refers to, the active company — and renders it live.
 * `invoiceDocument` / `quotationDocument` answer the plain `PdfDocument`; `invoicePdf` prints an
 * invoice draft (previews: never stored), `quotationPdf` a quotation. An emitted invoice is printed
 * once, frozen, by the e-invoice part (services/einvoice/), which renders with `printedPdf` too.
 * Each PDF carries the company's logo when it has one.
 */
import { kernelServices, type CallContext } from '@comptoir/sdk';
import type { Quotation } from '../../../schemas/index.ts';
import { Quotations } from '../../entities.ts';
import { companies } from '../deps.ts';
import { loadInvoiceRecords, type InvoiceRecords } from '../invoice-records.ts';
import { documentFromInvoice, documentFromQuotation, pdfFileName, type PdfDocument } from './model.ts';
import { renderDocumentPdf, type RenderOptions } from './render.ts';

export interface RenderedPdf {
  pdf: Buffer;
  /** « Facture-F-2026-0000042.pdf » */
  fileName: string;
  document: PdfDocument;
}

export const invoiceDocumentOf = (r: InvoiceRecords): PdfDocument =>
  documentFromInvoice(r.invoice, { company: r.company, payments: r.payments, source: r.source });

/** The document rendered with the company's logo, when it has one (read at print time: see PdfDocument.logo). */
export async function printedPdf(ctx: CallContext, document: PdfDocument, options?: RenderOptions): Promise<RenderedPdf> {
  const logo = await ctx.use(kernelServices.companies).logo();
  const printed = logo ? { ...document, logo } : document;
  return { pdf: await renderDocumentPdf(printed, { now: ctx.now, ...options }), fileName: pdfFileName(document), document };
}

export function documentsService(ctx: CallContext) {
  const invoiceDocument = async (id: string): Promise<PdfDocument> => invoiceDocumentOf(await loadInvoiceRecords(ctx, id));

  async function quotationDocument(id: string): Promise<PdfDocument> {
    const quotation = await ctx.repo(Quotations).get(id) as Quotation;
    return documentFromQuotation(quotation, await companies(ctx).current());
  }

  return {
    invoiceDocument,
    quotationDocument,
    /** printed now, from the records as they are: an invoice draft's preview */
    async invoicePdf(id: string): Promise<RenderedPdf> {
      return printedPdf(ctx, await invoiceDocument(id));
    },
    async quotationPdf(id: string): Promise<RenderedPdf> {
      return printedPdf(ctx, await quotationDocument(id));
    },
  };
}
export type DocumentsService = ReturnType<typeof documentsService>;
