/**
 * The top of the first page: who issues (name, legal form and capital, address, contact, SIRET,
 * SIREN, NAF, RM, VAT number), what it is (title, number, dates, reference of the credited or
 * replaced invoice), and to whom, under the company's logo when it has one. Plain drawing
 * functions over a `PdfDocument`.
 */
import { customerDisplayName, type Address, type Receiver } from '@comptoir/schemas';
import type { PdfDocument } from './model.ts';
import { day } from './format.ts';
import { sourceReference } from './mentions.ts';
import { buyerSiren, legalForm, registrations } from '../document-terms.ts';
import { COLOR, CONTENT_WIDTH, FONT, MARGIN, SIZE, type Pdf } from './layout.ts';

const RIGHT_X = MARGIN.left + CONTENT_WIDTH * 0.55;
const RIGHT_WIDTH = CONTENT_WIDTH * 0.45;
const LEFT_WIDTH = CONTENT_WIDTH * 0.5;

/** Street lines, « 69002 Lyon », and the country when it is not France. */
export function addressLines(address: Partial<Address> | undefined | null): string[] {
  if (!address) return [];
  const lines = [address.address, address.address2, [address.zipCode, address.city].filter((v) => v?.trim()).join(' ')];
  if (address.country?.trim() && !/^france$/i.test(address.country.trim())) lines.push(address.country);
  return lines.map((l) => l?.trim() ?? '').filter(Boolean);
}

/**
 * What the receiver block prints, line by line (the first one in bold): names, the invoicing
 * address (else the delivery address: the one emission requires and the XML carries as BT-50…),
 * the buyer's SIREN (a 2026 mention, `buyerSiren`) and VAT number.
 */
export function receiverLines(receiver: Receiver | null): string[] {
  if (!receiver) return [];
  const person = [receiver.civ, receiver.firstname, receiver.name].filter((v) => v?.trim()).join(' ');
  const lines = receiver.company?.trim() ? [receiver.company.trim(), ...(person ? [person] : [])] : [person || customerDisplayName(receiver)];
  lines.push(...addressLines(receiver.invoicingAddress ?? receiver.deliveryAddress));
  const siren = buyerSiren(receiver);
  if (siren) lines.push(`SIREN : ${siren}`);
  if (receiver.vatNumber?.trim()) lines.push(`TVA intracommunautaire : ${receiver.vatNumber.trim()}`);
  return lines.filter(Boolean);
}

/** The « label : value » rows under the title. */
export function infoRows(doc: PdfDocument): [string, string][] {
  const rows: [string, string][] = [];
  rows.push(['Numéro', doc.numberFull ?? 'brouillon, non numéroté']);
  rows.push(['Date', day(doc.date)]);
  if (doc.dueDate) rows.push(['Échéance', day(doc.dueDate)]);
  if (doc.expirationDate) rows.push(['Valable jusqu’au', day(doc.expirationDate)]);
  return rows;
}

function drawSender(doc: Pdf, data: PdfDocument, top: number): number {
  const s = data.sender;
  doc.font(FONT.bold).fontSize(13).fillColor(COLOR.accent).text(s.name ?? '', MARGIN.left, top, { width: LEFT_WIDTH });
  doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.text);
  const form = legalForm(s);
  const lines = [
    ...(form ? [form] : []),
    ...addressLines(s.address),
    ...[s.telBusiness, s.telMobile].filter((t) => t?.trim()).map((t) => `Tél. ${t!.trim()}`),
    ...(data.senderEmail ? [data.senderEmail] : []),
  ];
  if (lines.length) doc.text(lines.join('\n'), { width: LEFT_WIDTH });
  const regs = registrations(s).map((r) => r.text);
  if (regs.length) {
    doc.moveDown(0.3).font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.muted).text(regs.join('\n'), { width: LEFT_WIDTH });
  }
  return doc.y;
}

function drawTitle(doc: Pdf, data: PdfDocument, top: number): number {
  const title = data.title.toLocaleUpperCase('fr-FR');
  // a long title (« FACTURE CORRECTIVE ») is made smaller rather than broken over two lines
  const natural = doc.font(FONT.bold).fontSize(SIZE.title).widthOfString(title);
  doc.fontSize(Math.max(12, Math.min(SIZE.title, (SIZE.title * RIGHT_WIDTH) / natural))).fillColor(COLOR.accent)
    .text(title, RIGHT_X, top, { width: RIGHT_WIDTH, align: 'right' });
  doc.moveDown(0.2);
  for (const [label, value] of infoRows(data)) {
    const y = doc.y;
    doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.muted).text(`${label} :`, RIGHT_X, y, { width: RIGHT_WIDTH * 0.45 });
    doc.font(FONT.bold).fillColor(COLOR.text).text(value, RIGHT_X + RIGHT_WIDTH * 0.45, y, { width: RIGHT_WIDTH * 0.55, align: 'right' });
  }
  const reference = sourceReference(data);
  if (reference) {
    doc.moveDown(0.2).font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.text).text(reference, RIGHT_X, doc.y, { width: RIGHT_WIDTH, align: 'right' });
  }
  return doc.y;
}

function drawReceiver(doc: Pdf, data: PdfDocument, top: number): number {
  const lines = receiverLines(data.receiver);
  if (!lines.length) return top;
  const padding = 8;
  const width = RIGHT_WIDTH;
  doc.font(FONT.bold).fontSize(SIZE.body);
  const body = lines.slice(1).join('\n');
  const height = padding * 2 + 12 + doc.heightOfString(lines[0], { width: width - padding * 2 })
    + (body ? doc.font(FONT.regular).heightOfString(body, { width: width - padding * 2 }) : 0);
  doc.save().roundedRect(RIGHT_X, top, width, height, 4).lineWidth(0.5).strokeColor(COLOR.rule).stroke().restore();
  doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.muted).text('Destinataire', RIGHT_X + padding, top + padding, { width: width - padding * 2 });
  doc.font(FONT.bold).fontSize(SIZE.body).fillColor(COLOR.text).text(lines[0], { width: width - padding * 2 });
  if (body) doc.font(FONT.regular).text(body, { width: width - padding * 2 });
  return top + height;
}

/** The box the logo is scaled into (points), top-left above the sender: as large as its aspect ratio allows. */
export const LOGO_BOX = { width: 160, height: 64 } as const;

/** The logo's printed size in points: fitted into LOGO_BOX. */
export function logoSize(logo: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height);
  return { width: logo.width * scale, height: logo.height * scale };
}

/** Draws the logo top-left; answers the y below it (top without a logo). */
function drawLogo(doc: Pdf, data: PdfDocument, top: number): number {
  if (!data.logo) return top;
  const size = logoSize(data.logo);
  doc.image(data.logo.data, MARGIN.left, top, size);
  return top + size.height + 10;
}

/** Draws the whole header of page 1; answers the y below it. */
export function drawHeader(doc: Pdf, data: PdfDocument): number {
  const top = MARGIN.top;
  const senderBottom = drawSender(doc, data, drawLogo(doc, data, top));
  const titleBottom = drawTitle(doc, data, top);
  const receiverBottom = drawReceiver(doc, data, Math.max(titleBottom, top + 70) + 14);
  doc.x = MARGIN.left;
  doc.y = Math.max(senderBottom, receiverBottom) + 20;
  return doc.y;
}
