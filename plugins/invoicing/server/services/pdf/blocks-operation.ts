/**
 * What an invoice says of the operation it bills (documents/operation.ts), printed between the
 * header and the lines of an invoice, a corrective invoice or a credit note: its nature (the XML's
 * BT-23), the day of the delivery or of the service (BT-72) and the delivery address when it is
 * not the invoicing one (BG-13). A quotation has none.
 */
import type { PdfDocument } from './model.ts';
import { deliveryDayText, natureText } from '../documents/operation.ts';
import { addressLines } from './blocks-header.ts';
import { COLOR, CONTENT_WIDTH, FONT, MARGIN, SIZE, ensureSpace, type Pdf } from './layout.ts';

/** « Nature de l’opération : … », « Date de livraison / d’exécution : … », « Adresse de livraison : … ». */
export function operationLines(doc: Pick<PdfDocument, 'operation'>): string[] {
  const op = doc.operation;
  if (!op) return [];
  const lines = [natureText(op.nature), deliveryDayText(op.deliveryDay)];
  if (op.deliveryAddress) {
    const place = [op.deliveryAddress.name?.trim(), ...addressLines(op.deliveryAddress)].filter(Boolean).join(', ');
    lines.push(`Adresse de livraison : ${place}`);
  }
  return lines;
}

export function drawOperation(doc: Pdf, data: PdfDocument): void {
  const lines = operationLines(data);
  if (!lines.length) return;
  doc.font(FONT.regular).fontSize(SIZE.body);
  ensureSpace(doc, doc.heightOfString(lines.join('\n'), { width: CONTENT_WIDTH }) + 8);
  doc.fillColor(COLOR.text).text(lines.join('\n'), MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.8);
}
