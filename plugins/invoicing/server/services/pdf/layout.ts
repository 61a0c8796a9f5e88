/**
 * The page of every document: A4 portrait, the DejaVu fonts embedded (€, accents, and PDF/A needs
 * every font inside the file), a running header on the pages after the first, a footer with the
 * company's legal line and « Page 1/2 » on every page, and the draft mark. Pages are buffered:
 * headers, footers and page numbers are drawn once the content knows how many pages it took.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

export type Pdf = InstanceType<typeof PDFDocument>;

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONT_FILES = {
  regular: path.join(fontDir, 'DejaVuSans.ttf'),
  bold: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
} as const;
export const FONT = { regular: 'DejaVu', bold: 'DejaVu-Bold' } as const;

let parsed: { regular: fontkit.Font; bold: fontkit.Font } | null = null;

/**
 * The fonts, parsed once per process. Given file names, pdfkit reads and parses both DejaVu files
 * (1.4 MB) again for every document: about 400 ms of a PDF's 430 ms (bench « documents », p1 and
 * p1+). A parsed font is taken wherever a file is; each document still embeds its own subset.
 */
export function documentFonts(): { regular: fontkit.Font; bold: fontkit.Font } {
  parsed ??= {
    regular: fontkit.create(fs.readFileSync(FONT_FILES.regular)),
    bold: fontkit.create(fs.readFileSync(FONT_FILES.bold)),
  };
  return parsed;
}

export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = { top: 56, bottom: 64, left: 48, right: 48 } as const;
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
/** lowest y the content may reach */
export const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;

export const COLOR = { text: '#1f2328', muted: '#57606a', rule: '#d0d7de', band: '#f0f3f6', accent: '#1c4e80', draft: '#e3e6ea' } as const;
export const SIZE = { small: 7.5, body: 9, title: 20 } as const;

export const DRAFT_MARK = 'BROUILLON — sans valeur';

export function registerFonts(doc: Pdf): void {
  const fonts = documentFonts();
  doc.registerFont(FONT.regular, fonts.regular as never);
  doc.registerFont(FONT.bold, fonts.bold as never);
  doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.text);
}

/** Starts a new page when `height` points do not fit below the cursor; answers whether it did. */
export function ensureSpace(doc: Pdf, height: number): boolean {
  if (doc.y + height <= CONTENT_BOTTOM) return false;
  doc.addPage();
  doc.y = MARGIN.top;
  return true;
}

export function rule(doc: Pdf, y = doc.y, color: string = COLOR.rule): void {
  doc.save().moveTo(MARGIN.left, y).lineTo(PAGE.width - MARGIN.right, y).lineWidth(0.5).strokeColor(color).stroke().restore();
}

export interface Frame {
  /** « Facture F-2026-0000042 », repeated at the top of pages 2, 3… */
  running: string;
  /** the company's legal line, at the bottom of every page */
  footer: string;
}

/** Writes outside the content box without pdfkit breaking the page (its overflow follows the margins). */
function outsideMargins(doc: Pdf, draw: () => void): void {
  const { margins } = doc.page;
  const saved = { ...margins };
  doc.page.margins = { top: 0, bottom: 0, left: margins.left, right: margins.right };
  try { draw(); } finally { doc.page.margins = saved; }
}

/**
 * The draft mark, drawn first on each page (under the content): a light grey diagonal rather than
 * a transparency, so nothing is hidden and the page stays plain.
 */
export function drawDraftMark(doc: Pdf): void {
  const { x, y } = doc;
  outsideMargins(doc, () => {
    doc.save();
    doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
    doc.font(FONT.bold).fontSize(40).fillColor(COLOR.draft)
      .text(DRAFT_MARK, 0, PAGE.height / 2 - 24, { width: PAGE.width, align: 'center', lineBreak: false });
    doc.restore();
  });
  doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.text);
  doc.x = x;
  doc.y = y;
}

/** Every page of a draft carries the mark, the first one and those the content adds. */
export function markDraftPages(doc: Pdf): void {
  drawDraftMark(doc);
  doc.on('pageAdded', () => drawDraftMark(doc));
}

/** Header, footer and page numbers on every buffered page. */
export function drawFrames(doc: Pdf, frame: Frame): void {
  const range = doc.bufferedPageRange();
  const total = range.count;
  for (let i = 0; i < total; i++) {
    doc.switchToPage(range.start + i);
    outsideMargins(doc, () => {
      if (i > 0) {
        doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.muted)
          .text(frame.running, MARGIN.left, 24, { width: CONTENT_WIDTH, align: 'left', lineBreak: false });
        rule(doc, 38);
      }
      rule(doc, PAGE.height - 48);
      doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.muted)
        .text(frame.footer, MARGIN.left, PAGE.height - 42, { width: CONTENT_WIDTH - 70, align: 'left', height: 24, ellipsis: true });
      doc.text(`Page ${i + 1}/${total}`, PAGE.width - MARGIN.right - 70, PAGE.height - 42, { width: 70, align: 'right', lineBreak: false });
    });
  }
}
