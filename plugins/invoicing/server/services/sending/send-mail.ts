/**
 * The French e-mail that carries a document to the customer: subject « Facture F-2026-0000042 —
 * Boulangerie Martin SARL », the amount, what is still due and by when (invoices), the validity
 * (quotations), the sender's own message. Plain function; the body is text and simple HTML.
 */
import type { PdfDocument } from '../pdf/model.ts';
import { day, euros } from '../pdf/format.ts';

export interface DocumentMail { subject: string; text: string; html: string }

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** « notre facture », « notre avoir », « notre facture corrective », « notre devis » */
const NOUNS: Record<PdfDocument['kind'], string> = {
  invoice: 'notre facture', creditNote: 'notre avoir', corrective: 'notre facture corrective', quotation: 'notre devis',
};

function amountLines(doc: PdfDocument, replacedBy?: string): string[] {
  const lines: string[] = [];
  // a copy of an invoice a corrective replaced: owed no more (its settlement is the compensation)
  if (replacedBy) return [`Cette facture est annulée et remplacée par la facture corrective ${replacedBy} : elle n’est plus due.`];
  if (doc.kind === 'quotation') {
    if (doc.expirationDate) lines.push(`Ce devis est valable jusqu’au ${day(doc.expirationDate)}.`);
    return lines;
  }
  const due = doc.settlement?.unpaidAmount ?? doc.inclTaxesPrice;
  if (doc.kind === 'creditNote') {
    if (due < 0) lines.push(`Montant restant à vous rembourser : ${euros(-due)}.`);
    return lines;
  }
  if (due > 0) lines.push(`Montant restant dû : ${euros(due)}${doc.dueDate ? `, à régler au plus tard le ${day(doc.dueDate)}` : ''}.`);
  else lines.push('Cette facture est entièrement réglée : merci.');
  return lines;
}

/** `replacedBy`: the full number of the corrective invoice that replaced this invoice (invoicing README « Corrective invoice »). */
export function documentMail(doc: PdfDocument, input: { companyName: string; message?: string | null; replacedBy?: string }): DocumentMail {
  const label = `${doc.title} ${doc.numberFull ?? ''}`.trim();
  const subject = `${label} — ${input.companyName}`.slice(0, 255);
  const total = doc.subjectToVAT ? `${euros(Math.abs(doc.inclTaxesPrice))} TTC` : euros(Math.abs(doc.inclTaxesPrice));
  const message = input.message?.trim();
  const paragraphs = [
    'Bonjour,',
    `Veuillez trouver ci-joint ${NOUNS[doc.kind]} n° ${doc.numberFull} du ${day(doc.date)}, d’un montant de ${total}.`,
    ...amountLines(doc, input.replacedBy),
    ...(message ? [message] : []),
    'Cordialement,',
    input.companyName,
  ];
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'),
  };
}
