/**
 * ESC/POS bytes of a till ticket (README « Printing »), built with @point-of-sale/receipt-printer-encoder:
 * `ESC @`, the code page of the printer (`ESC t`, accents and € as single bytes: printers know no
 * UTF-8), the company's logo as a bitmap, the lines, a feed and a partial cut (`GS V 1`). A ticket
 * is a plain list of blocks so that verifications now, receipts and X/Z tickets later, share it.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import sharp from 'sharp';
import type { CompanyLogo } from '@comptoir/sdk';

export type TicketBlock =
  | { kind: 'title'; text: string }
  | { kind: 'center'; text: string }
  | { kind: 'line'; text: string }
  | { kind: 'pair'; left: string; right: string; bold?: boolean }
  | { kind: 'rule' }
  | { kind: 'blank' };

export interface TicketLayout {
  /** `windows1252` (Epson table 16) by default; `cp858` (table 19) on printers without it */
  codepage?: 'windows1252' | 'cp858' | 'cp850';
  /** characters per line: 42 on 80 mm paper, 32 on 58 mm */
  columns?: number;
}

/** Widest logo printed, in dots (half of an 80 mm line), a multiple of 8 as the bitmap commands want. */
const LOGO_MAX_WIDTH = 256;

/** The logo as the encoder takes it (a sharp raw RGBA buffer with its size), scaled to print. */
async function logoImage(logo: CompanyLogo): Promise<{ data: Buffer; info: { width: number; height: number; channels: number } }> {
  const width = Math.min(LOGO_MAX_WIDTH, Math.max(8, Math.floor(logo.width / 8) * 8));
  const scaled = await sharp(logo.data).resize({ width, fit: 'inside' }).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // the bitmap commands want a height in whole bands of 8 dots: pad with white below
  const height = Math.ceil(scaled.info.height / 8) * 8;
  const padded = height === scaled.info.height ? scaled.data
    : await sharp(scaled.data, { raw: { width: scaled.info.width, height: scaled.info.height, channels: 4 } })
      .extend({ bottom: height - scaled.info.height, background: { r: 255, g: 255, b: 255, alpha: 1 } }).raw().toBuffer();
  return { data: padded, info: { width: scaled.info.width, height, channels: 4 } };
}

/** The bytes to send to the printer. */
export async function encodeTicket(blocks: readonly TicketBlock[], layout: TicketLayout = {}, logo: CompanyLogo | null = null): Promise<Uint8Array> {
  const columns = layout.columns ?? 42;
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', codepageMapping: 'epson', columns, feedBeforeCut: 4 });
  encoder.initialize().codepage(layout.codepage ?? 'windows1252');
  if (logo) {
    const image = await logoImage(logo);
    encoder.align('center').image(image, image.info.width, image.info.height, 'threshold').newline();
  }
  for (const b of blocks) {
    switch (b.kind) {
      case 'title': encoder.align('center').bold(true).size(2, 2).line(b.text).size(1, 1).bold(false); break;
      case 'center': encoder.align('center').line(b.text); break;
      case 'line': encoder.align('left').line(b.text); break;
      case 'pair': {
        const room = Math.max(1, columns - b.right.length - 1);
        const left = b.left.length > room ? b.left.slice(0, room) : b.left;
        encoder.align('left').bold(b.bold ?? false).line(`${left}${' '.repeat(columns - left.length - b.right.length)}${b.right}`).bold(false);
        break;
      }
      case 'rule': encoder.align('left').rule(); break;
      case 'blank': encoder.newline(); break;
    }
  }
  return encoder.cut('partial').encode();
}
