/**
 * Factur-X PDFs for the import tests, made with pdf-lib the way invoicing software makes them: a
 * page, and the CII XML attached as `factur-x.xml` (EmbeddedFiles name tree and the PDF/A-3 `AF`
 * list, relationship Alternative). Also PDFs that are not Factur-X: none or another attachment.
 */
import { AFRelationship, PDFDocument, StandardFonts } from 'pdf-lib';

export async function pdfWith(attachments: { name: string; data: Uint8Array | string; mime?: string }[], title = 'Facture'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(title, { x: 50, y: 780, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  for (const a of attachments) {
    await doc.attach(typeof a.data === 'string' ? Buffer.from(a.data) : a.data, a.name, {
      mimeType: a.mime ?? 'text/xml', description: 'Facture électronique', afRelationship: AFRelationship.Alternative,
      creationDate: new Date('2026-01-31T12:00:00Z'), modificationDate: new Date('2026-01-31T12:00:00Z'),
    });
  }
  return Buffer.from(await doc.save());
}

export const facturxPdf = (xml: Uint8Array, name = 'factur-x.xml') => pdfWith([{ name, data: xml }]);
