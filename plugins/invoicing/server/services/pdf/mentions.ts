/**
 * The legal mentions printed on a document, from the rules and wording of `document-terms.ts` and
 * `documents/operation.ts` (the ones the Factur-X XML writes too), plus what only paper has: the
 * validity of a quotation, the reference of a credited or replaced invoice, the « Bon pour accord »
 * box.
 *
 * An invoice, a corrective invoice and a credit note print every mention their XML writes as a
 * note (BR-FR-05 wants them on credit notes too), in the same words: the legal mentions are
 * computed for the document and always printed; the company's own « Mentions des factures » come
 * before them without the sentences that say otherwise (`companyConditions`, README « Document
 * rules »), so paper and XML never disagree.
 */
import type { PdfDocument } from './model.ts';
import { day } from './format.ts';
import { creditNoteTermText, invoiceMentions } from '../document-terms.ts';
import { categoryWordings } from '../documents/vat-categories.ts';

export const QUOTATION_AGREEMENT = 'Bon pour accord — date, signature et cachet du client :';

/**
 * The mentions printed after the company's conditions, in reading order: on an invoice, a
 * corrective invoice or a credit note all of them (a credit note's term says it is deducted or
 * refunded, its XML's BT-20); on a quotation only the VAT franchise, and its validity.
 */
export function legalMentions(doc: PdfDocument): string[] {
  const all = invoiceMentions({
    subjectToVAT: doc.subjectToVAT, dueDate: doc.dueDate, professional: doc.professional, paymentTermsDays: doc.paymentTermsDays, vatOnDebits: doc.vatOnDebits,
  });
  if (doc.kind === 'quotation') {
    const out = all.filter((m) => m.kind === 'vatFranchise').map((m) => m.text);
    if (doc.expirationDate) out.push(`Devis valable jusqu’au ${day(doc.expirationDate)}.`);
    return out;
  }
  // a credit note has no due date: where an invoice states its term, it says it is deducted or refunded
  const term = all.findIndex((m) => m.kind === 'discount');
  if (doc.kind === 'creditNote') all.splice(term, 0, { kind: 'term', text: creditNoteTermText(doc.sourceInvoice?.numberFull) });
  return all.map((m) => m.text);
}

/**
 * The legal wording of each category without French VAT on the document (README « VAT
 * categories »), printed under the VAT details — « K – Exonération de TVA, art. 262 ter I du CGI »,
 * « AE – Autoliquidation : … » —, the same text as the XML's BT-120. Not subject to VAT: none here,
 * the franchise is a condition (« Conditions »), as before.
 */
export function vatCategoryWordings(doc: Pick<PdfDocument, 'subjectToVAT' | 'categories'>): string[] {
  if (!doc.subjectToVAT) return [];
  return categoryWordings(doc.categories).filter((w) => w.reason).map((w) => `${w.category} – ${w.reason!.text}`);
}

/** The reference line of a credit note or corrective invoice. */
export function sourceReference(doc: PdfDocument): string | null {
  if (!doc.sourceInvoice) return null;
  const ref = `facture n° ${doc.sourceInvoice.numberFull} du ${day(doc.sourceInvoice.date)}`;
  if (doc.kind === 'creditNote') return `Avoir sur la ${ref}`;
  if (doc.kind === 'corrective') return `Annule et remplace la ${ref}`;
  return null;
}
