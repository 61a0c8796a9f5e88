/**
 * What a sent document carries, in one place, as `kernel.mailer` takes them (`[{ filename, content
 * (base64), contentType }]`). An emitted invoice (credit note, corrective invoice) goes as its frozen
 * e-invoice (services/einvoice/), the very bytes stored at emission and served by the downloads: the
 * Factur-X PDF/A-3 (`Facture-F-….pdf`) and its CII XML beside it (`Facture-F-…-factur-x.xml`), byte
 * for byte the embedded one. When the XML could not be made (the customer's address is missing, a
 * country is unknown…), the frozen plain PDF goes alone and a French warning says what is missing:
 * the invoice is frozen and legally valid, the customer still gets it. A quotation goes as its PDF.
 * The mail's text is written from the invoice as it is now (what remains due follows the payments).
 */
import type { CallContext, MailAttachmentInput } from '@comptoir/sdk';
import { sentWithoutFacturX } from '../../messages.ts';
import { documentsService } from '../pdf/documents.ts';
import { pdfFileName, xmlFileName, type PdfDocument } from '../pdf/model.ts';
import { frozenBytes, produceEInvoice } from '../einvoice/einvoice-store.ts';

export interface Attachments {
  /** what the mail's text is written from */
  document: PdfDocument;
  attachments: MailAttachmentInput[];
  /** why the Factur-X is not attached */
  warning?: string;
}

const attachment = (filename: string, bytes: Buffer, contentType: string): MailAttachmentInput =>
  ({ filename, content: bytes.toString('base64'), contentType });

export async function invoiceAttachments(ctx: CallContext, invoiceId: string): Promise<Attachments> {
  const document = await documentsService(ctx).invoiceDocument(invoiceId);
  const einvoice = await produceEInvoice(ctx, invoiceId);
  const pdf = attachment(pdfFileName(document), await frozenBytes(ctx, einvoice, 'pdf'), 'application/pdf');
  if (!einvoice.facturX) {
    return { document, attachments: [pdf], warning: sentWithoutFacturX(einvoice.missing.map((m) => m.label)) };
  }
  return { document, attachments: [pdf, attachment(xmlFileName(document), await frozenBytes(ctx, einvoice, 'xml'), 'application/xml')] };
}

export async function quotationAttachments(ctx: CallContext, quotationId: string): Promise<Attachments> {
  const pdf = await documentsService(ctx).quotationPdf(quotationId);
  return { document: pdf.document, attachments: [attachment(pdf.fileName, pdf.pdf, 'application/pdf')] };
}
