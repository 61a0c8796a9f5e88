/**
 * `renderDocumentPdf(document, options?)`: the PDF of an invoice, credit note, corrective invoice
 * or quotation. Every PDF is a PDF/A-3b (fonts embedded, sRGB output intent, XMP identification):
 * the archival form French e-invoicing expects; `options.facturX` embeds the CII XML and its XMP
 * declaration, which makes the very same document a Factur-X invoice.
 */
import PDFDocument from 'pdfkit';
import type { PdfDocument } from './model.ts';
import { drawHeader } from './blocks-header.ts';
import { drawHeaderMessage, drawLines, drawSettlement, drawTexts, drawVatAndTotals } from './blocks-body.ts';
import { drawPaymentDetails } from './blocks-payment.ts';
import { legalForm, registrations } from '../document-terms.ts';
import { embedFacturX, type FacturXOptions } from './facturx.ts';
import { MARGIN, documentFonts, drawFrames, markDraftPages, registerFonts } from './layout.ts';

export interface RenderOptions {
  facturX?: FacturXOptions;
  /** the creation date written in the file (now by default) */
  now?: Date;
}

/** pdfkit copies the document info into the XMP packet as is: keep it free of XML markup. */
const plain = (s: string) => s.replace(/\s*&\s*/g, ' et ').replace(/[<>"]/g, '').trim();

/** « Facture F-2026-0000042 », « Facture (brouillon) » */
export function documentLabel(data: Pick<PdfDocument, 'title' | 'numberFull'>): string {
  return data.numberFull ? `${data.title} ${data.numberFull}` : `${data.title} (brouillon)`;
}

function footerLine(data: PdfDocument): string {
  const s = data.sender;
  return [s.name, legalForm(s), ...registrations(s).filter((r) => r.key === 'siret' || r.key === 'vatNumber').map((r) => r.text)].filter(Boolean).join(' — ');
}

export async function renderDocumentPdf(data: PdfDocument, options: RenderOptions = {}): Promise<Buffer> {
  if (options.facturX && !data.numberFull) throw new Error('Factur-X: a draft has no number and cannot be an e-invoice');
  const now = options.now ?? new Date();
  const label = documentLabel(data);
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    lang: 'fr-FR',
    // the default font would be Helvetica, which is not embedded: PDF/A wants every font inside
    font: documentFonts().regular as never,
    info: {
      Title: plain(label),
      Author: plain(data.sender.name ?? ''),
      Subject: plain(options.facturX ? `${label} (Factur-X)` : label),
      Creator: 'Comptoir',
      Producer: 'Comptoir (PDFKit)',
      CreationDate: now,
      ...(options.facturX ? { Keywords: 'Factur-X' } : {}),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  registerFonts(doc);
  if (!data.numberFull) markDraftPages(doc);
  drawHeader(doc, data);
  drawHeaderMessage(doc, data);
  drawLines(doc, data);
  drawVatAndTotals(doc, data);
  drawSettlement(doc, data);
  drawPaymentDetails(doc, data);
  drawTexts(doc, data);
  drawFrames(doc, { running: `${data.sender.name ?? ''} — ${label}`, footer: footerLine(data) });
  if (options.facturX) embedFacturX(doc, options.facturX, now);
  doc.end();
  return done;
}
