/**
 * The invoice notes (BG-1): the document's own texts (header, comments, free mentions) and the
 * legal mentions, each with its subject code (UNTDID 4451). CIUS-FR requires exactly one PMD
 * (late-payment penalties), one PMT (fixed recovery indemnity) and one AAB (discount) note
 * (BR-FR-05, BR-FR-06), and at most one TXD — on every invoice, credit notes included. The TXD
 * note is the VAT franchise of a company not subject to VAT, or the option for VAT on debits of
 * one that is: never both. The company's « Mentions des factures » are written as printed
 * (`companyConditions`: without what a legal mention says).
 *
 * The texts are the printed ones (`invoiceMentions`, `legalInformation` of document-terms.ts):
 * for a private customer, interest at the legal rate and an indemnity « sans objet ». The payment
 * term is not a note: it is BT-20 (payment.ts).
 */
import { companyConditions, invoiceMentions, legalInformation, type MentionKind } from '../document-terms.ts';
import { NOTE_SUBJECT } from './codes.ts';
import { joined, text } from './format.ts';
import type { CiiNote, FacturXInvoice } from './types.ts';

const SUBJECT_OF: Partial<Record<MentionKind, string>> = {
  vatFranchise: NOTE_SUBJECT.tax,
  vatOnDebits: NOTE_SUBJECT.tax,
  penalties: NOTE_SUBJECT.penalties,
  recoveryIndemnity: NOTE_SUBJECT.recoveryIndemnity,
  discount: NOTE_SUBJECT.discount,
};

export function notes(invoice: FacturXInvoice, who: { professional: boolean; vatOnDebits: boolean }): CiiNote[] {
  const out: CiiNote[] = [];
  const add = (content: string | undefined, subject: string) => { if (content) out.push({ content, subject }); };
  add(joined([text(invoice.headerTitle), text(invoice.headerMessage)], ' : '), NOTE_SUBJECT.general);
  add(text(invoice.comment), NOTE_SUBJECT.general);
  add(text(invoice.invoiceComment), NOTE_SUBJECT.general);
  add(companyConditions(invoice.freeData) ?? undefined, NOTE_SUBJECT.general);
  add(legalInformation(invoice.sender), NOTE_SUBJECT.regulatory);
  for (const mention of invoiceMentions({ subjectToVAT: invoice.subjectToVAT, dueDate: null, ...who })) {
    add(mention.text, SUBJECT_OF[mention.kind]!);
  }
  return out;
}
