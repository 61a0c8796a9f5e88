/**
 * Reading a printed document back by position (pdfjs-dist): every piece of text with its page,
 * baseline and horizontal extent, grouped into rows, and the cells of a table column found under
 * its header by their right edge (amount columns are right-aligned). Enough to check that each
 * printed column adds up, without trusting the order a text extractor joins cells in.
 */
import { Decimal } from 'decimal.js';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface Piece { page: number; x: number; right: number; y: number; str: string }
export type Row = Piece[];

/** Every non-blank piece of text, page by page, top to bottom, left to right. */
export async function pdfPieces(bytes: Buffer | Uint8Array): Promise<Piece[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  const out: Piece[] = [];
  try {
    for (let page = 1; page <= pdf.numPages; page++) {
      const content = await (await pdf.getPage(page)).getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [, , , , x, y] = item.transform as number[];
        out.push({ page, x, right: x + item.width, y, str: item.str.replace(/\s+/g, ' ').trim() });
      }
    }
  } finally {
    await pdf.destroy();
  }
  return out.sort((a, b) => a.page - b.page || b.y - a.y || a.x - b.x);
}

/** Pieces on the same baseline (within half a point) of the same page. */
export function rowsOf(pieces: Piece[]): Row[] {
  const rows: Row[] = [];
  for (const p of pieces) {
    const last = rows.at(-1);
    if (last && last[0].page === p.page && Math.abs(last[0].y - p.y) < 0.5) last.push(p);
    else rows.push([p]);
  }
  return rows;
}

export const rowText = (row: Row): string => row.map((p) => p.str).join(' ');

/** The piece of a row whose right edge is a column's (± 1 pt), if any. */
export const cellAt = (row: Row, right: number): Piece | undefined => row.find((p) => Math.abs(p.right - right) < 1);

/** « -1 234,50 € » → -1234.50; null when the text is not an amount in euros. */
export function euros(text: string | undefined): Decimal | null {
  if (!text) return null;
  const m = /^(-?)([\d\s\u00a0\u202f]+(?:,\d+)?)\s*€$/.exec(text.trim());
  if (!m) return null;
  return new Decimal(`${m[1]}${m[2].replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')}`);
}

/** The whole text, white space collapsed (as `pdfText` of test/support/pdf.ts reads it). */
export const flatText = (pieces: Piece[]): string => rowsOf(pieces).map(rowText).join(' ').replace(/\s+/g, ' ');
