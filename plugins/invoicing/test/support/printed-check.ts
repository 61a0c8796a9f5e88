/**
 * What a printed invoice must satisfy against itself and its e-invoice (README « Documents: PDF
 * and sending », Totals that add up; « Document rules »), read back from the PDF by position:
 * - the « Total HT » column of the lines, rounding adjustments included, adds up to « Total HT »;
 *   the « Total TTC » column to « Total TTC » (without VAT: the « Total » column to « Total »);
 * - the VAT details: base + VAT = total of each rate, and each column adds up to its total;
 *   « Total HT » + « Total TVA » = « Total TTC »;
 * - the same amounts as the XML: each line's excl. total (BT-131) and unit price with all its
 *   decimals (BT-146), each adjustment (BG-20/BG-21 per rate), each VAT detail (BG-23), the totals
 *   (BT-109, BT-110, BT-112) — a credit note's negated;
 * - the same mentions: the XML's penalty, indemnity, discount and tax notes (PMD, PMT, AAB, TXD)
 *   and payment terms (BT-20) are printed word for word, and no other wording of them; the nature
 *   of the operation (BT-23), the delivery day (BT-72), the delivery address (BG-13) and the
 *   option for VAT on debits (TXD, BT-8) are printed when and as the XML says.
 */
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { readCii, type CiiRead } from './cii-read.ts';
import { cellAt, euros, flatText, pdfPieces, rowText, rowsOf, type Row } from './pdf-layout.ts';
import { deliveryDayText, natureText, VAT_ON_DEBITS_MENTION, type OperationNature } from '../../server/services/documents/operation.ts';
import { ROUNDING_REASON } from '../../server/services/documents/printed-totals.ts';
import { printedIban } from '../../server/services/document-terms.ts';

const NATURE_OF: Record<string, OperationNature> = { B1: 'good', S1: 'service', M1: 'mixed' };
const FOOTER_Y = 50;
const sum = (values: Decimal[]) => values.reduce((s, v) => s.plus(v), new Decimal(0));
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

export interface PrintedSummary {
  lines: number;
  adjustments: number;
  pages: number;
  subjectToVAT: boolean;
  typeCode: string;
  professional: boolean;
  /** the VAT categories of its breakdown (BT-118) */
  categories: string[];
}

interface Table { header: Row; rows: Row[] }

/** The rows of the table whose header row holds `headerWord`, up to the first row matching `end`, headers repeated on later pages and footers left out. */
function table(rows: Row[], headerWord: string, end: RegExp): Table {
  const start = rows.findIndex((r) => r.some((p) => p.str === headerWord));
  expect(start, `en-tête « ${headerWord} »`).to.be.greaterThan(-1);
  const header = rows[start];
  const body: Row[] = [];
  let page = header[0].page;
  let inTable = true;
  for (const row of rows.slice(start + 1)) {
    if (end.test(rowText(row))) break;
    if (row[0].page !== page) { page = row[0].page; inTable = false; }
    if (row.some((p) => p.str === headerWord)) { inTable = true; continue; }
    if (!inTable || row[0].y < FOOTER_Y) continue;
    body.push(row);
  }
  return { header, rows: body };
}

const rightOf = (header: Row, name: string): number => {
  const piece = header.find((p) => p.str === name);
  expect(piece, `colonne « ${name} »`).to.not.equal(undefined);
  return piece!.right;
};

const amountAt = (row: Row, right: number): Decimal | null => euros(cellAt(row, right)?.str);

/** A VAT cell as printed for an XML category and rate: « 20 % », « 0 % K », « O » (no rate). */
const vatText = (category: string | undefined, rate: Decimal | undefined): string => {
  if (category === 'O') return 'O';
  const percent = `${rate!.toString().replace('.', ',')} %`;
  return category && category !== 'S' ? `${percent} ${category}` : percent;
};
const spaced = (s: string) => s.replace(/\s+/g, ' ');

/** Checks one printed document against itself and against its XML; answers what it saw. */
export async function checkPrinted(pdf: Buffer | Uint8Array, xml: string, what: string): Promise<PrintedSummary> {
  const cii: CiiRead = readCii(xml);
  const sign = cii.typeCode === '381' ? -1 : 1;
  const pieces = await pdfPieces(pdf);
  const rows = rowsOf(pieces);
  const flat = flatText(pieces);
  const xmlAmount = (d: Decimal | undefined) => d!.times(sign);

  // the totals block
  const totalsTable = table(rows, 'Totaux', /Règlements|CONDITIONS/);
  const totalsLabel = totalsTable.header.find((p) => p.str === 'Totaux')!.x;
  const totals = new Map<string, Decimal>();
  for (const row of totalsTable.rows) {
    const label = row.find((p) => Math.abs(p.x - totalsLabel) < 1);
    const value = amountAt(row, rightOf(totalsTable.header, 'Montant'));
    if (label && value) totals.set(label.str, value);
  }

  // the lines, and the rounding adjustments after them
  const linesTable = table(rows, 'Désignation', /DÉTAIL DE LA TVA|^Totaux/);
  // a company not subject to VAT prints neither VAT nor incl. totals (its XML: the franchise, E)
  const subjectToVAT = linesTable.header.some((p) => p.str === 'Total TTC');
  if (!subjectToVAT) expect(cii.taxes.map((t) => t.exemptionCode), `${what} : franchise`).to.deep.equal(['VATEX-FR-FRANCHISE']);
  const exclColumn = rightOf(linesTable.header, subjectToVAT ? 'Total HT' : 'Total');
  const priceColumn = rightOf(linesTable.header, subjectToVAT ? 'P.U. HT' : 'Prix unitaire');
  const quantityColumn = rightOf(linesTable.header, 'Qté');
  const vatColumn = subjectToVAT ? rightOf(linesTable.header, 'TVA') : 0;
  const lineRows = linesTable.rows.filter((r) => amountAt(r, exclColumn) !== null);
  const adjustments = lineRows.filter((r) => rowText(r).startsWith(ROUNDING_REASON.slice(0, 15)));
  const items = lineRows.filter((r) => !adjustments.includes(r));
  expect(items.length, `${what} : lignes`).to.equal(cii.lines.length);

  items.forEach((row, i) => {
    const line = cii.lines[i];
    expect(amountAt(row, exclColumn)!.toFixed(2), `${what} : total HT de la ligne ${i + 1} (BT-131)`).to.equal(xmlAmount(line.net).toFixed(2));
    const price = cellAt(row, priceColumn)!.str;
    const printed = euros(price)!;
    expect(printed.abs().toString(), `${what} : prix unitaire de la ligne ${i + 1} (BT-146)`).to.equal(line.price!.toString());
    expect(/,(\d+)/.exec(price)![1].length, `${what} : décimales du prix « ${price} »`).to.equal(Math.max(2, line.price!.decimalPlaces()));
    if (subjectToVAT) expect(spaced(cellAt(row, vatColumn)!.str), `${what} : TVA de la ligne ${i + 1} (BT-151, BT-152)`).to.equal(vatText(line.category, line.rate));
    // the quantity, every decimal (BT-129; a negative price is written positive with the quantity negated)
    const quantity = new Decimal(cellAt(row, quantityColumn)!.str.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.'));
    expect(quantity.toString(), `${what} : quantité de la ligne ${i + 1} (BT-129)`).to.equal(line.quantity!.times(sign).times(printed.isNegative() ? -1 : 1).toString());
  });

  if (!subjectToVAT) {
    expect(adjustments, `${what} : pas d’écart sans TVA`).to.have.length(0);
    const total = totals.get('Total')!;
    expect(sum(items.map((r) => amountAt(r, exclColumn)!)).toFixed(2), `${what} : colonne Total = Total`).to.equal(total.toFixed(2));
    expect(total.toFixed(2), `${what} : Total (BT-112)`).to.equal(xmlAmount(cii.totals.grand).toFixed(2));
  } else {
    const inclColumn = rightOf(linesTable.header, 'Total TTC');
    const [ht, tva, ttc] = ['Total HT', 'Total TVA', 'Total TTC'].map((k) => totals.get(k)!);
    expect(ht.plus(tva).toFixed(2), `${what} : HT + TVA = TTC`).to.equal(ttc.toFixed(2));
    const exclColumnSum = sum(lineRows.map((r) => amountAt(r, exclColumn)!));
    expect(exclColumnSum.toFixed(2), `${what} : Σ colonne Total HT (écarts compris) = Total HT`).to.equal(ht.toFixed(2));
    expect(sum(items.map((r) => amountAt(r, inclColumn)!)).toFixed(2), `${what} : Σ colonne Total TTC = Total TTC`).to.equal(ttc.toFixed(2));
    for (const row of adjustments) expect(cellAt(row, inclColumn), `${what} : un écart ne change pas le TTC`).to.equal(undefined);
    // the adjustments are the XML's allowances and charges, rate by rate, in the document's sign
    const printedAdjustments = adjustments.map((r) => `${spaced(cellAt(r, vatColumn)!.str)} ${amountAt(r, exclColumn)!.toFixed(2)}`);
    const xmlAdjustments = cii.allowanceCharges.map((a) => {
      expect(a.reason, `${what} : motif de l’écart`).to.equal(ROUNDING_REASON);
      return `${vatText(a.category, a.rate)} ${a.amount!.times(a.charge ? 1 : -1).times(sign).toFixed(2)}`;
    });
    expect(printedAdjustments.sort(), `${what} : écarts d’arrondi (BG-20/BG-21)`).to.deep.equal(xmlAdjustments.sort());

    // the VAT details
    const vatTable = table(rows, 'Base HT', /Règlements|CONDITIONS/);
    const [rate, base, tax, incl] = ['Taux', 'Base HT', 'TVA', 'Total TTC'].map((h) => rightOf(vatTable.header, h));
    const categoryAt = vatTable.header.find((p) => p.str === 'Cat.')!.x;
    const details = vatTable.rows.filter((r) => amountAt(r, base) !== null).map((r) => {
      const category = r.find((p) => Math.abs(p.x - categoryAt) < 6)!.str;
      const printedRate = spaced(cellAt(r, rate)!.str);
      return { rate: category === 'S' ? printedRate : category === 'O' ? 'O' : `${printedRate} ${category}`, base: amountAt(r, base)!, tax: amountAt(r, tax)!, incl: amountAt(r, incl)! };
    });
    for (const d of details) expect(d.base.plus(d.tax).toFixed(2), `${what} : base + TVA = TTC à ${d.rate}`).to.equal(d.incl.toFixed(2));
    expect(sum(details.map((d) => d.base)).toFixed(2), `${what} : Σ bases = Total HT`).to.equal(ht.toFixed(2));
    expect(sum(details.map((d) => d.tax)).toFixed(2), `${what} : Σ TVA = Total TVA`).to.equal(tva.toFixed(2));
    expect(sum(details.map((d) => d.incl)).toFixed(2), `${what} : Σ TTC = Total TTC`).to.equal(ttc.toFixed(2));
    expect(details.map((d) => [d.rate, d.base.toFixed(2), d.tax.toFixed(2)].join(' ')).sort(), `${what} : détail de la TVA (BG-23)`)
      .to.deep.equal(cii.taxes.map((t) => [vatText(t.category, t.rate), xmlAmount(t.basis).toFixed(2), xmlAmount(t.tax).toFixed(2)].join(' ')).sort());
    // the legal wording of each category without French VAT, as BT-120 says it
    for (const t of cii.taxes.filter((x) => x.exemptionReason)) expect(flat, `${what} : motif d’exonération ${t.category}`).to.contain(collapse(t.exemptionReason!));
    expect([ht, tva, ttc].map((v) => v.toFixed(2)), `${what} : totaux (BT-109, BT-110, BT-112)`)
      .to.deep.equal([cii.totals.taxBasis, cii.totals.tax, cii.totals.grand].map((v) => xmlAmount(v).toFixed(2)));
  }

  // the mentions: the XML's, word for word, and no other wording of them
  const notes = cii.notes.filter((n) => ['PMD', 'PMT', 'AAB', 'TXD'].includes(n.subject ?? ''));
  expect(notes.map((n) => n.subject).sort(), `${what} : notes obligatoires (BR-FR-05)`).to.include.members(['AAB', 'PMD', 'PMT']);
  for (const note of notes) expect(flat, `${what} : mention ${note.subject}`).to.contain(collapse(note.content));
  expect(flat, `${what} : conditions de paiement (BT-20)`).to.contain(collapse(cii.terms.description!));
  const pmd = notes.find((n) => n.subject === 'PMD')!.content;
  const pmt = notes.find((n) => n.subject === 'PMT')!.content;
  const professional = pmt.includes('40');
  expect(flat.includes('Banque centrale européenne'), `${what} : taux BCE + 10 points seulement si le XML le dit`).to.equal(pmd.includes('Banque centrale européenne'));
  expect(flat.includes('taux légal sont dus'), `${what} : intérêts au taux légal seulement si le XML le dit`).to.equal(pmd.includes('taux légal sont dus'));
  expect(/recouvrement de 40\s€/.test(flat), `${what} : 40 € seulement pour un professionnel`).to.equal(professional);
  expect(/trois fois|3 fois/.test(flat), `${what} : pas d’autre taux de pénalités`).to.equal(false);
  // the operation
  expect(flat, `${what} : nature de l’opération (BT-23)`).to.contain(natureText(NATURE_OF[cii.businessProcess!]));
  const d = cii.deliveryDate!;
  expect(flat, `${what} : date de livraison (BT-72)`).to.contain(deliveryDayText(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`));
  // BG-13: printed when it is another place than the buyer's address (an intra-community supply names the buyer's own)
  const elsewhere = !!cii.shipTo && [cii.shipTo.line1, cii.shipTo.postcode, cii.shipTo.city].join() !== [cii.buyer.line1, cii.buyer.postcode, cii.buyer.city].join();
  expect(flat.includes('Adresse de livraison'), `${what} : adresse de livraison (BG-13)`).to.equal(elsewhere);
  if (cii.shipTo) expect(flat).to.contain(cii.shipTo.line1!);
  // the seller's bank details: BG-16 on what is to be paid, printed as the XML has them
  const iban = cii.paymentMeans?.iban;
  if (cii.typeCode !== '381') {
    expect(flat.includes('IBAN'), `${what} : coordonnées bancaires (BG-16)`).to.equal(!!iban);
    if (iban) expect(flat).to.contain(`IBAN ${printedIban(iban)}`);
  }
  const onDebits = notes.some((n) => n.subject === 'TXD' && n.content === VAT_ON_DEBITS_MENTION);
  expect(flat.includes(VAT_ON_DEBITS_MENTION), `${what} : option pour les débits`).to.equal(onDebits);
  expect(cii.taxes.map((t) => t.vatPointCode ?? null), `${what} : BT-8`).to.deep.equal(cii.taxes.map(() => (onDebits ? '5' : null)));

  return {
    lines: items.length, adjustments: adjustments.length, pages: Math.max(...pieces.map((p) => p.page)), subjectToVAT, typeCode: cii.typeCode!, professional,
    categories: cii.taxes.map((t) => t.category!),
  };
}
