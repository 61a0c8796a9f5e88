/**
 * The body of a document: its lines, the VAT details per rate beside the totals (HT, TVA, TTC),
 * the payments received and the amount still due, then the texts — the header message, the
 * comment, the company's conditions and the legal mentions — and a quotation's agreement box.
 */
import type { LineItem } from '@comptoir/schemas';
import type { PdfDocument } from './model.ts';
import { day, euros, percent, quantity, unitPrice } from './format.ts';
import { QUOTATION_AGREEMENT, legalMentions, vatCategoryWordings } from './mentions.ts';
import { drawTable, type Cell, type Column } from './table.ts';
import { COLOR, CONTENT_WIDTH, FONT, MARGIN, SIZE, ensureSpace, type Pdf } from './layout.ts';
import { ROUNDING_REASON, printedLineTotals, roundingAdjustments } from '../documents/printed-totals.ts';

/** A line's printed totals (documents/printed-totals.ts): excl. as the XML's BT-131, incl. as the VAT method sums it. */
export const lineTotals = (line: LineItem, data: Pick<PdfDocument, 'vatCalculationMethod' | 'subjectToVAT'>) =>
  printedLineTotals(line, data.vatCalculationMethod, data.subjectToVAT);

function label(line: LineItem): Cell {
  const main = [line.reference?.trim() ? `[${line.reference.trim()}]` : '', line.labelPrimary].filter(Boolean).join(' ');
  return line.labelSecondary?.trim() ? { main, sub: line.labelSecondary } : main;
}

/** A VAT cell: the rate, and the category when it bears no French VAT (« 0 % K »; « O » has no rate). */
function vatCell(vat: number, category: string | undefined): string {
  if (category === 'O') return 'O';
  return category && category !== 'S' ? `${percent(vat)} ${category}` : percent(vat);
}


/**
 * The lines, each with its unit price as stored (every decimal, the XML's BT-146); with VAT, after
 * them the rounding adjustment of each rate `rounded-total` leaves (« Écart d’arrondi », the XML's
 * allowance or charge), so that the « Total HT » column adds up to the « Total HT » of the totals
 * and the « Total TTC » column to the « Total TTC » (documents/printed-totals.ts).
 */
export function drawLines(doc: Pdf, data: PdfDocument): void {
  if (data.subjectToVAT) {
    const columns: Column[] = [
      { header: 'Désignation' }, { header: 'Qté', width: 42, align: 'right' }, { header: 'P.U. HT', width: 70, align: 'right' },
      { header: 'TVA', width: 50, align: 'right' }, { header: 'Total HT', width: 76, align: 'right' }, { header: 'Total TTC', width: 76, align: 'right' },
    ];
    const rows: Cell[][] = data.items.map((l, i) => {
      const t = lineTotals(l, data);
      return [label(l), quantity(l.quantity), unitPrice(l.exclTaxesPrice), vatCell(l.vat, data.categories[i]?.vatCategory), euros(t.excl), euros(t.incl)];
    });
    const [title, why] = ROUNDING_REASON.split(' : ');
    for (const a of roundingAdjustments(data)) rows.push([{ main: title, sub: why }, '', '', vatCell(a.vat, a.vatCategory), euros(a.amount), '']);
    drawTable(doc, columns, rows);
  } else {
    const columns: Column[] = [
      { header: 'Désignation' }, { header: 'Qté', width: 50, align: 'right' }, { header: 'Prix unitaire', width: 84, align: 'right' },
      { header: 'Total', width: 90, align: 'right' },
    ];
    drawTable(doc, columns, data.items.map((l) => [label(l), quantity(l.quantity), unitPrice(l.exclTaxesPrice), euros(lineTotals(l, data).excl)]));
  }
}

/** The totals rows, label and amount; the last one is what the customer pays. */
export function totalRows(data: PdfDocument): [string, string][] {
  if (!data.subjectToVAT) return [['Total', euros(data.inclTaxesPrice)]];
  return [
    ['Total HT', euros(data.exclTaxesPrice)],
    ['Total TVA', euros(data.vatAmount)],
    ['Total TTC', euros(data.inclTaxesPrice)],
  ];
}

const GAP = 16;
const TOTALS_WIDTH = 230;
const AMOUNT_WIDTH = 90;

/**
 * The VAT details table (left: category, rate, base, tax, total) with the legal wording of each
 * category without French VAT under it, and the totals (right), kept together on one page.
 */
export function drawVatAndTotals(doc: Pdf, data: PdfDocument): void {
  const rows = data.subjectToVAT ? data.vatDetails.length : 0;
  const wordings = vatCategoryWordings(data);
  const leftWidth = CONTENT_WIDTH - TOTALS_WIDTH - GAP;
  doc.font(FONT.regular).fontSize(SIZE.small);
  const wordingsHeight = wordings.reduce((h, w) => h + doc.heightOfString(w, { width: leftWidth }) + 2, 0);
  ensureSpace(doc, 24 + Math.max(rows + 1, 3) * 20 + wordingsHeight);
  doc.y += 10;
  const top = doc.y;
  let leftBottom = top;
  if (data.subjectToVAT && data.vatDetails.length) {
    doc.font(FONT.bold).fontSize(SIZE.small).fillColor(COLOR.muted).text('DÉTAIL DE LA TVA', MARGIN.left, top);
    drawTable(doc, [
      { header: 'Cat.', width: 34 }, { header: 'Taux', align: 'right' }, { header: 'Base HT', align: 'right' }, { header: 'TVA', align: 'right' },
      { header: 'Total TTC', align: 'right' },
    ], data.vatDetails.map((d) => [
      d.vatCategory ?? '', d.vatCategory === 'O' ? '—' : percent(d.vat), euros(d.totalExclTaxes), euros(d.amount), euros(d.totalInclTaxes),
    ]), { width: leftWidth });
    doc.y += 4;
    for (const w of wordings) {
      doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.text).text(w, MARGIN.left, doc.y, { width: leftWidth });
      doc.y += 2;
    }
    leftBottom = doc.y;
  }
  doc.y = top;
  const rowsOfTotals = totalRows(data);
  drawTable(doc, [{ header: 'Totaux' }, { header: 'Montant', width: AMOUNT_WIDTH, align: 'right' }], rowsOfTotals, {
    x: MARGIN.left + CONTENT_WIDTH - TOTALS_WIDTH, width: TOTALS_WIDTH, strongRows: [rowsOfTotals.length - 1],
  });
  doc.x = MARGIN.left;
  doc.y = Math.max(leftBottom, doc.y) + 12;
}

/**
 * The amount due (emitted invoices and credit notes). An emitted invoice is printed as emitted
 * (services/einvoice/), before any payment: « Net à payer » (« Net à rembourser »), what its XML
 * says as BT-115. A document given payments lists them, « Total payé » and « Reste à payer ».
 */
export function drawSettlement(doc: Pdf, data: PdfDocument): void {
  const s = data.settlement;
  if (!s) return;
  const x = MARGIN.left + CONTENT_WIDTH - TOTALS_WIDTH;
  const rows: [string, string][] = s.payments.map((p) => [`${p.label} du ${day(p.date)}`, euros(p.amount)]);
  if (s.payments.length) rows.push(['Total payé', euros(s.paidAmount)]);
  const refund = data.kind === 'creditNote';
  const what = s.payments.length ? 'Reste' : 'Net';
  rows.push([refund ? `${what} à rembourser` : `${what} à payer`, euros(refund ? -s.unpaidAmount : s.unpaidAmount)]);
  ensureSpace(doc, 24 + rows.length * 18);
  drawTable(doc, [{ header: 'Règlements' }, { header: 'Montant', width: AMOUNT_WIDTH, align: 'right' }], rows, {
    x, width: TOTALS_WIDTH, strongRows: [rows.length - 1],
  });
  doc.x = MARGIN.left;
  doc.y += 12;
}

function paragraph(doc: Pdf, title: string | null, body: string, size: number = SIZE.body): void {
  doc.font(FONT.regular).fontSize(size);
  const height = doc.heightOfString(body, { width: CONTENT_WIDTH }) + (title ? 14 : 0);
  ensureSpace(doc, Math.min(height, 120));
  if (title) doc.font(FONT.bold).fontSize(SIZE.small).fillColor(COLOR.muted).text(title.toLocaleUpperCase('fr-FR'), MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.font(FONT.regular).fontSize(size).fillColor(COLOR.text).text(body, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.8);
}

/** The header message (corrective invoice, credit note), above the lines. */
export function drawHeaderMessage(doc: Pdf, data: PdfDocument): void {
  if (data.headerMessage) paragraph(doc, null, data.headerMessage);
  if (data.creditReason && data.creditReason !== data.headerMessage) paragraph(doc, null, `Motif : ${data.creditReason}`);
}

/** Comment, the company's conditions (`freeData`), the legal mentions, a quotation's agreement box. */
export function drawTexts(doc: Pdf, data: PdfDocument): void {
  if (data.comment) paragraph(doc, 'Commentaire', data.comment);
  const conditions = [data.freeData, ...legalMentions(data)].filter((t): t is string => !!t);
  if (conditions.length) paragraph(doc, 'Conditions', conditions.join('\n'), SIZE.small + 0.5);
  if (data.kind === 'quotation') {
    ensureSpace(doc, 90);
    const x = MARGIN.left + CONTENT_WIDTH - 240;
    const y = doc.y;
    doc.save().roundedRect(x, y, 240, 80, 4).lineWidth(0.5).strokeColor(COLOR.rule).stroke().restore();
    doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.muted).text(QUOTATION_AGREEMENT, x + 8, y + 8, { width: 224 });
    doc.x = MARGIN.left;
    doc.y = y + 90;
  }
}
