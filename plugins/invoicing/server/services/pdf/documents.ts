/**
 * The `documents` service: loads what a printed document needs — the record, its payments, the
 * invoice a credit note or corrective invoice refers to, the active company — and renders it.
 * `invoiceDocument` / `quotationDocument` answer the plain `PdfDocument`; `facturX(id)` renders the
 * same invoice as a Factur-X PDF/A-3 with its CII XML embedded, and answers the XML beside it
 * (or, for an invoice the XML cannot be made of, what is missing). Each PDF carries the company's
 * logo when it has one.
 */
import { kernelServices, type CallContext } from '@comptoir/sdk';
import type { Quotation } from '../../../schemas/index.ts';
import { Quotations } from '../../entities.ts';
import { companies } from '../deps.ts';
import { loadInvoiceRecords, type InvoiceRecords } from '../invoice-records.ts';
import { facturXOf } from '../facturx/load.ts';
import type { MissingField } from '../facturx/types.ts';
import { documentFromInvoice, documentFromQuotation, pdfFileName, xmlFileName, type PdfDocument } from './model.ts';
import { renderDocumentPdf, type RenderOptions } from './render.ts';

export interface RenderedPdf {
  pdf: Buffer;
  /** « Facture-F-2026-0000042.pdf » */
  fileName: string;
  document: PdfDocument;
}

export interface FacturXFiles extends RenderedPdf {
  ok: true;
  /** the CII XML, the very text embedded in the PDF as factur-x.xml */
  xml: string;
  /** « Facture-F-2026-0000042-factur-x.xml » */
  xmlFileName: string;
}

const invoiceDocumentOf = (r: InvoiceRecords): PdfDocument =>
  documentFromInvoice(r.invoice, { company: r.company, payments: r.payments, source: r.source });

export function documentsService(ctx: CallContext) {
  const invoiceDocument = async (id: string): Promise<PdfDocument> => invoiceDocumentOf(await loadInvoiceRecords(ctx, id));

  async function quotationDocument(id: string): Promise<PdfDocument> {
    const quotation = await ctx.repo(Quotations).get(id) as Quotation;
    return documentFromQuotation(quotation, await companies(ctx).current());
  }

  /** with the company's logo, when it has one (read at print time: see PdfDocument.logo) */
  const rendered = async (document: PdfDocument, options?: RenderOptions): Promise<RenderedPdf> => {
    const logo = await ctx.use(kernelServices.companies).logo();
    const printed = logo ? { ...document, logo } : document;
    return { pdf: await renderDocumentPdf(printed, { now: ctx.now, ...options }), fileName: pdfFileName(document), document };
  };

  return {
    invoiceDocument,
    quotationDocument,
    async invoicePdf(id: string): Promise<RenderedPdf> {
      return rendered(await invoiceDocument(id));
    },
    async quotationPdf(id: string): Promise<RenderedPdf> {
      return rendered(await quotationDocument(id));
    },
    /** The Factur-X PDF and its XML of an emitted invoice; `{ ok: false, missing }` when the XML cannot be made; 409 for a draft. */
    async facturX(id: string): Promise<FacturXFiles | { ok: false; missing: MissingField[] }> {
      const records = await loadInvoiceRecords(ctx, id);
      const outcome = await facturXOf(ctx, records);
      if (!outcome.ok) return outcome;
      const { xml, documentType, conformanceLevel } = outcome;
      const pdf = await rendered(invoiceDocumentOf(records), { facturX: { xml, documentType, conformanceLevel } });
      return { ok: true, ...pdf, xml, xmlFileName: xmlFileName(pdf.document) };
    },
  };
}
export type DocumentsService = ReturnType<typeof documentsService>;
