/**
 * A simple table drawer: columns with widths and alignments, a shaded header row repeated at the
 * top of every page the table runs onto, rows as tall as their longest cell. Right-aligned cells
 * (amounts, quantities, rates) never break over two lines.
 */
import { COLOR, CONTENT_WIDTH, FONT, MARGIN, SIZE, ensureSpace, type Pdf } from './layout.ts';

export interface Column {
  header: string;
  /** points; one column may leave it out and take what remains */
  width?: number;
  align?: 'left' | 'right' | 'center';
}

/** A cell: its text, or a bold first line and a muted second one (a line's two labels). */
export type Cell = string | { main: string; sub?: string };

const PAD_X = 4;
const PAD_Y = 4;

function widths(columns: Column[], total: number): number[] {
  const fixed = columns.reduce((s, c) => s + (c.width ?? 0), 0);
  const flexible = columns.filter((c) => c.width === undefined).length || 1;
  return columns.map((c) => c.width ?? (total - fixed) / flexible);
}

/**
 * The font size that keeps a right-aligned cell (an amount, a quantity, a rate) on one line: a
 * number broken over two lines (« 460 366,67 » then « € ») is misread; a large one is printed a
 * little smaller instead.
 */
function oneLineSize(doc: Pdf, text: string, width: number, font: string): number {
  const natural = doc.font(font).fontSize(SIZE.body).widthOfString(text);
  return natural <= width ? SIZE.body : Math.max(5, (SIZE.body * width) / natural);
}

function cellHeight(doc: Pdf, cell: Cell, width: number, align: Column['align']): number {
  const w = width - PAD_X * 2;
  if (typeof cell === 'string' && align === 'right') return doc.font(FONT.regular).fontSize(SIZE.body).heightOfString('X');
  if (typeof cell === 'string') return doc.font(FONT.regular).fontSize(SIZE.body).heightOfString(cell || ' ', { width: w });
  const main = doc.font(FONT.regular).fontSize(SIZE.body).heightOfString(cell.main || ' ', { width: w });
  return main + (cell.sub ? doc.fontSize(SIZE.small).heightOfString(cell.sub, { width: w }) + 1 : 0);
}

function drawCell(doc: Pdf, cell: Cell, x: number, y: number, width: number, align: Column['align'], font: string = FONT.regular): void {
  const w = width - PAD_X * 2;
  if (typeof cell === 'string' && align === 'right') {
    const size = oneLineSize(doc, cell, w, font);
    // a smaller font sits on the same baseline as the row's other cells
    const shift = (doc.fontSize(SIZE.body).currentLineHeight() - doc.fontSize(size).currentLineHeight()) * 0.8;
    doc.font(font).fontSize(size).fillColor(COLOR.text).text(cell, x + PAD_X, y + shift, { width: w, align, lineBreak: false });
    return;
  }
  if (typeof cell === 'string') {
    doc.font(font).fontSize(SIZE.body).fillColor(COLOR.text).text(cell, x + PAD_X, y, { width: w, align });
    return;
  }
  doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.text).text(cell.main, x + PAD_X, y, { width: w, align });
  if (cell.sub) doc.fontSize(SIZE.small).fillColor(COLOR.muted).text(cell.sub, x + PAD_X, doc.y + 1, { width: w, align });
}

export interface TableOptions {
  x?: number;
  width?: number;
  /** rows drawn in bold on a band (totals) */
  strongRows?: number[];
}

function drawHeaderRow(doc: Pdf, columns: Column[], ws: number[], x: number, width: number): void {
  const h = doc.font(FONT.bold).fontSize(SIZE.small).heightOfString('X') + PAD_Y * 2;
  const y = doc.y;
  doc.save().rect(x, y, width, h).fill(COLOR.band).restore();
  let cx = x;
  columns.forEach((c, i) => {
    doc.font(FONT.bold).fontSize(SIZE.small).fillColor(COLOR.muted).text(c.header, cx + PAD_X, y + PAD_Y, { width: ws[i] - PAD_X * 2, align: c.align, lineBreak: false });
    cx += ws[i];
  });
  doc.y = y + h;
}

/** Draws the table from the cursor; the cursor ends below it. */
export function drawTable(doc: Pdf, columns: Column[], rows: Cell[][], options: TableOptions = {}): void {
  const x = options.x ?? MARGIN.left;
  const width = options.width ?? CONTENT_WIDTH;
  const ws = widths(columns, width);
  const headerHeight = 20;
  ensureSpace(doc, headerHeight + 20);
  drawHeaderRow(doc, columns, ws, x, width);
  rows.forEach((row, r) => {
    const h = Math.max(...row.map((cell, i) => cellHeight(doc, cell, ws[i], columns[i].align))) + PAD_Y * 2;
    if (ensureSpace(doc, h)) drawHeaderRow(doc, columns, ws, x, width);
    const y = doc.y;
    const strong = options.strongRows?.includes(r);
    if (strong) doc.save().rect(x, y, width, h).fill(COLOR.band).restore();
    let cx = x;
    row.forEach((cell, i) => {
      drawCell(doc, cell, cx, y + PAD_Y, ws[i], columns[i].align, strong && typeof cell === 'string' ? FONT.bold : FONT.regular);
      cx += ws[i];
    });
    doc.y = y + h;
    if (!strong) doc.save().moveTo(x, doc.y).lineTo(x + width, doc.y).lineWidth(0.3).strokeColor(COLOR.rule).stroke().restore();
  });
  doc.x = MARGIN.left;
}
