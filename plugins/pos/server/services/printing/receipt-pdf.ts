/**
 * A receipt as a PDF (README « Printing », Sending): the same blocks as the paper ticket
 * (receipt-ticket.ts), drawn with pdfkit on a page as wide as 80 mm paper, in a fixed-width font so
 * that the columns fall as on the printer. The logo on top when the company has one.
 */
import PDFDocument from 'pdfkit';
import type { CompanyLogo } from '@comptoir/sdk';
import type { TicketBlock } from './escpos.ts';

const WIDTH = 227; // 80 mm in points
const MARGIN = 10;
const FONT_SIZE = 8;
const LINE = 10.5;
const COLUMNS = 42;
const LOGO_WIDTH = 90;

const heightOf = (blocks: readonly TicketBlock[], logo: CompanyLogo | null) =>
  2 * MARGIN + (logo ? (LOGO_WIDTH * logo.height) / logo.width + LINE : 0)
  + blocks.reduce((h, b) => h + (b.kind === 'title' ? 2 * LINE : LINE), 0);

export function receiptPdf(blocks: readonly TicketBlock[], logo: CompanyLogo | null, title: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: [WIDTH, heightOf(blocks, logo)], margin: MARGIN, info: { Title: title, Producer: 'Comptoir' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => { doc.on('end', () => resolve(Buffer.concat(chunks))); doc.on('error', reject); });
  const inner = WIDTH - 2 * MARGIN;
  let y = MARGIN;
  if (logo) {
    doc.image(logo.data, (WIDTH - LOGO_WIDTH) / 2, y, { width: LOGO_WIDTH });
    y += (LOGO_WIDTH * logo.height) / logo.width + LINE;
  }
  const text = (s: string, align: 'left' | 'center', font = 'Courier', size = FONT_SIZE) => {
    doc.font(font).fontSize(size).text(s, MARGIN, y, { width: inner, align, lineBreak: false });
  };
  for (const b of blocks) {
    switch (b.kind) {
      case 'title': text(b.text, 'center', 'Courier-Bold', FONT_SIZE * 1.6); y += 2 * LINE; continue;
      case 'center': text(b.text, 'center'); break;
      case 'line': text(b.text, 'left'); break;
      case 'pair': {
        const room = Math.max(1, COLUMNS - b.right.length - 1);
        const left = b.left.length > room ? b.left.slice(0, room) : b.left;
        text(`${left}${' '.repeat(COLUMNS - left.length - b.right.length)}${b.right}`, 'left', b.bold ? 'Courier-Bold' : 'Courier');
        break;
      }
      case 'rule': text('-'.repeat(COLUMNS), 'left'); break;
      case 'blank': break;
    }
    y += LINE;
  }
  doc.end();
  return done;
}
