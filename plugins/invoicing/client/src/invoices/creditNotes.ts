/**
 * Credit notes in the screens (issue 11): a credit note draft is one with its reason
 * (`creditReason`); a standalone one starts with a line of quantity −1; what the notification says
 * once a document is emitted.
 */
import type { DocumentDraft } from '../common/documentDraft.ts';
import type { Invoice } from '../types.ts';

export const isCreditNoteDraft = (invoice: Pick<Invoice, 'creditReason'>): boolean => !!invoice.creditReason?.trim();

/** A new standalone credit note: its lines are amounts given back, typed as negative quantities. */
export function creditNoteDraft(draft: DocumentDraft): DocumentDraft {
  return { ...draft, lines: draft.lines.map((l) => ({ ...l, quantity: -1 })) };
}

/** « La facture F-0000012 est émise. », « L’avoir F-0000013 est émis. » */
export function emittedMessage(doc: Pick<Invoice, 'numberFull' | 'inclTaxesPrice'>): string {
  const number = doc.numberFull ? ` ${doc.numberFull}` : '';
  return doc.inclTaxesPrice < 0 ? `L’avoir${number} est émis.` : `La facture${number} est émise.`;
}
