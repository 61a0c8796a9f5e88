/**
 * How to pay, under the settlement: the seller's bank details (`bankDetailsText` of the « Document
 * rules », the IBAN and BIC the XML's BG-16 carries) on invoices and corrective invoices. A credit
 * note asks for no payment; a quotation is not paid.
 */
import type { PdfDocument } from './model.ts';
import { bankDetailsText } from '../document-terms.ts';
import { COLOR, CONTENT_WIDTH, FONT, MARGIN, SIZE, ensureSpace, type Pdf } from './layout.ts';

export function paymentDetailsLine(data: PdfDocument): string | null {
  if (data.kind !== 'invoice' && data.kind !== 'corrective') return null;
  return bankDetailsText(data.sender);
}

export function drawPaymentDetails(doc: Pdf, data: PdfDocument): void {
  const line = paymentDetailsLine(data);
  if (!line) return;
  ensureSpace(doc, 30);
  doc.font(FONT.bold).fontSize(SIZE.small).fillColor(COLOR.muted).text('PAIEMENT', MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.text).text(line, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.8);
}
