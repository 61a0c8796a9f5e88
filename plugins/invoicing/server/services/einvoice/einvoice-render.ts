/**
 * Rendering an emitted invoice's e-invoice once, from its frozen record (invoicing README
 * « Factur-X », Frozen e-invoice): the CII XML and the PDF/A-3 that embeds it (or the plain PDF/A-3
 * when the XML lacks data). Deterministic: the same records give the same bytes — the dates written
 * in the PDF are the emission's (`invoice.date`), pdfkit's file id is a hash of them, nothing random
 * — so a render repeated (a retry, two first downloads) stores the same files.
 *
 * What is frozen is the invoice **as emitted**: no customer payment can precede an emission
 * (payments are refused on drafts), so the e-invoice of an invoice says paid 0 and due the total
 * (BT-113, BT-115), lists no payment and takes no payment means from payments (BG-16: the
 * company's bank account only). The one settlement an emission records itself is a credit note's
 * compensation against its unpaid invoice (`credit-compensation`, `fk.invoiceCredit` = the credit
 * note): it is part of the credit note as issued (« déduit de la facture … », nothing to refund).
 * Payments recorded afterwards live apart (the invoice screen, « Paiements »), never in the invoice.
 */
import type { CallContext } from '@comptoir/sdk';
import { settleInvoice } from '@comptoir/sdk/commerce';
import type { Payment } from '@comptoir/schemas';
import type { Invoice } from '../../../schemas/index.ts';
import type { InvoiceRecords } from '../invoice-records.ts';
import { facturXOf } from '../facturx/load.ts';
import type { MissingField } from '../facturx/types.ts';
import { invoiceDocumentOf, printedPdf } from '../pdf/documents.ts';
import { xmlFileName, type PdfDocument } from '../pdf/model.ts';

export interface RenderedEInvoice {
  pdf: Buffer;
  /** the CII XML, the very bytes embedded in the PDF; null when it could not be made */
  xml: Buffer | null;
  /** what the XML lacked (empty when it was made) */
  missing: MissingField[];
  /** « Facture-F-2026-0000042.pdf », « Facture-F-2026-0000042-factur-x.xml » */
  pdfFileName: string;
  xmlFileName: string;
  document: PdfDocument;
}

/**
 * A test seam (not a mock of the database): called before each render with the invoice's id; a
 * test sets it to throw once to see a failed render left « à produire » and retried, or to hold
 * renders until several have started (a race made certain). Null in use.
 * Kept on globalThis: a test may load this file through require while the kernel imports it as
 * ESM, which gives two module instances.
 */
export const renderSeam = ((globalThis as Record<symbol, unknown>)[Symbol.for('comptoir.invoicing.einvoice-render-seam')] ??=
  { beforeRender: null }) as { beforeRender: ((invoiceId: string) => void | Promise<void>) | null };

/** The payments its emission recorded itself: a credit note's compensation (none for an invoice). */
export const paymentsAtEmission = (invoiceId: string, payments: Payment[]): Payment[] =>
  payments.filter((p) => p.mode === 'credit-compensation' && p.fk.invoiceCredit === invoiceId);

/** The invoice as it stood at its emission: settled by the payments of its emission only. */
export function asEmitted(invoice: Invoice, atEmission: Payment[]): Invoice {
  return { ...invoice, ...settleInvoice(invoice, atEmission) };
}

/** The records an e-invoice is made of: the invoice as emitted, with the payments of its emission only. */
export function frozenRecords(records: InvoiceRecords): InvoiceRecords {
  const payments = paymentsAtEmission(records.invoice._id, records.payments);
  return { ...records, invoice: asEmitted(records.invoice, payments), payments };
}

/** Renders the e-invoice of an emitted invoice (409 for a draft). */
export async function renderEInvoice(ctx: CallContext, records: InvoiceRecords): Promise<RenderedEInvoice> {
  await renderSeam.beforeRender?.(records.invoice._id);
  const frozen = frozenRecords(records);
  const outcome = await facturXOf(ctx, frozen);
  const document = invoiceDocumentOf(frozen);
  // the emission instant: the PDF's creation date, its XMP and the embedded file's dates
  const now = new Date(frozen.invoice.date);
  const names = { xmlFileName: xmlFileName(document) };
  if (!outcome.ok) {
    const plain = await printedPdf(ctx, document, { now });
    return { pdf: plain.pdf, pdfFileName: plain.fileName, xml: null, missing: outcome.missing, document, ...names };
  }
  const { xml, documentType, conformanceLevel } = outcome;
  const facturX = await printedPdf(ctx, document, { now, facturX: { xml, documentType, conformanceLevel } });
  return { pdf: facturX.pdf, pdfFileName: facturX.fileName, xml: Buffer.from(xml, 'utf8'), missing: [], document, ...names };
}
