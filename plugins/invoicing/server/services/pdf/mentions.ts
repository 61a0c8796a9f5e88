/**
 * The legal mentions printed on a document, from the rules and wording of `document-terms.ts` (the
 * ones the Factur-X XML writes too), plus what only paper has: the validity of a quotation, the
 * reference of a credited or replaced invoice, the « Bon pour accord » box.
 *
 * The company's own « Mentions des factures » (`invoiceFreeData`, copied into each document's
 * `freeData`) are printed as written; a default mention is added only when that text does not
 * already say it, so a company that wrote its own conditions never sees them twice, and a company
 * that wrote none still issues compliant invoices.
 */
import type { PdfDocument } from './model.ts';
import { day } from './format.ts';
import { invoiceMentions, isProfessionalCustomer, type MentionKind } from '../document-terms.ts';
import { categoryWordings } from '../documents/vat-categories.ts';

export const QUOTATION_AGREEMENT = 'Bon pour accord — date, signature et cachet du client :';

/** What the company's free text already says, so that the default is not printed twice. */
const SAYS: Record<MentionKind, RegExp> = {
  vatFranchise: /293\s*B/i,
  discount: /escompte/i,
  penalties: /p[ée]nalit[ée]s?|int[ée]r[êe]ts?\s+(?:de\s+retard|au\s+taux)/i,
  recoveryIndemnity: /indemnit[ée]\s+forfaitaire|frais\s+de\s+recouvrement/i,
  term: /paiement\s+(?:à|a)\s+\d+\s+jours|[ée]ch[ée]ance/i,
};

const says = (doc: PdfDocument, what: MentionKind) => !!doc.freeData && SAYS[what].test(doc.freeData);

/**
 * The mentions printed after the company's free text, in reading order: an invoice or a corrective
 * invoice carries them all; a credit note (nothing to pay) and a quotation only the VAT franchise.
 */
export function legalMentions(doc: PdfDocument): string[] {
  const all = invoiceMentions({
    subjectToVAT: doc.subjectToVAT, dueDate: doc.dueDate, professional: isProfessionalCustomer(doc.receiver), paymentTermsDays: doc.paymentTermsDays,
  });
  const printed = doc.kind === 'invoice' || doc.kind === 'corrective' ? all : all.filter((m) => m.kind === 'vatFranchise');
  const out = printed.filter((m) => !says(doc, m.kind)).map((m) => m.text);
  if (doc.kind === 'quotation' && doc.expirationDate) out.push(`Devis valable jusqu’au ${day(doc.expirationDate)}.`);
  return out;
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
