/**
 * What a sent document carries, in one place, as `kernel.mailer` takes them (`[{ filename, content
 * (base64), contentType }]`). An emitted invoice (credit note, corrective invoice) goes as its
 * Factur-X: the PDF/A-3 with the CII XML embedded (`Facture-F-….pdf`) and the same XML beside it
 * (`Facture-F-…-factur-x.xml`), byte for byte the embedded one. When the XML cannot be made (the
 * customer's address is missing, a country is unknown…), the plain PDF goes alone and a French
 * warning says what is missing: the invoice is frozen and legally valid, the customer still gets it.
 * A quotation goes as its PDF.
 */
import type { CallContext, MailAttachmentInput } from '@comptoir/sdk';
import { sentWithoutFacturX } from '../../messages.ts';
import { documentsService, type RenderedPdf } from '../pdf/documents.ts';
import type { PdfDocument } from '../pdf/model.ts';

export interface Attachments {
  /** what the mail's text is written from */
  document: PdfDocument;
  attachments: MailAttachmentInput[];
  /** why the Factur-X is not attached */
  warning?: string;
}

const pdfAttachment = (r: RenderedPdf): MailAttachmentInput => ({ filename: r.fileName, content: r.pdf.toString('base64'), contentType: 'application/pdf' });

export async function invoiceAttachments(ctx: CallContext, invoiceId: string): Promise<Attachments> {
  const documents = documentsService(ctx);
  const facturX = await documents.facturX(invoiceId);
  if (!facturX.ok) {
    const plain = await documents.invoicePdf(invoiceId);
    return { document: plain.document, attachments: [pdfAttachment(plain)], warning: sentWithoutFacturX(facturX.missing.map((m) => m.label)) };
  }
  return {
    document: facturX.document,
    attachments: [
      pdfAttachment(facturX),
      { filename: facturX.xmlFileName, content: Buffer.from(facturX.xml, 'utf8').toString('base64'), contentType: 'application/xml' },
    ],
  };
}

export async function quotationAttachments(ctx: CallContext, quotationId: string): Promise<Attachments> {
  const pdf = await documentsService(ctx).quotationPdf(quotationId);
  return { document: pdf.document, attachments: [pdfAttachment(pdf)] };
}
