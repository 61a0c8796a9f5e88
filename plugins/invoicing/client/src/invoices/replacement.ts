/**
 * What the screens say of a corrective invoice and of the invoice it cancels and replaces (the
 * plugin README « Corrective invoice »): the replaced invoice « Remplacée par la facture … », the
 * corrective « Remplace la facture … » (« Remplacera … » while a draft). A corrective of a
 * corrective says both. Pure, tested in client/test/replacement.test.ts.
 */
import type { Invoice } from '../types.ts';
import { isCreditNote, isDraft } from './invoiceStatus.ts';

export interface ReplacementLink {
  kind: 'replacedBy' | 'replaces';
  /** the other invoice's id */
  id: string;
}

/**
 * A corrective invoice proper: made from an invoice (`fk.sourceInvoice`), not a credit note — nor a
 * credit note draft (it has a reason), nor a zero credit note (its header « Avoir »).
 */
/** What the rules read of an invoice (its `fk` only for the source). */
export type ReplacementFields = Pick<Invoice, 'inclTaxesPrice' | 'creditReason' | 'headerTitle' | 'replacedBy'> & { fk: { sourceInvoice?: string | null } };

export function isCorrective(invoice: Omit<ReplacementFields, 'replacedBy'>): boolean {
  return !!invoice.fk.sourceInvoice && !isCreditNote(invoice) && !invoice.creditReason?.trim() && invoice.headerTitle !== 'Avoir';
}

export function replacementLinksOf(invoice: ReplacementFields): ReplacementLink[] {
  const links: ReplacementLink[] = [];
  if (invoice.replacedBy) links.push({ kind: 'replacedBy', id: invoice.replacedBy });
  if (isCorrective(invoice)) links.push({ kind: 'replaces', id: invoice.fk.sourceInvoice! });
  return links;
}

/** The words around the other invoice's number: `before` it, then `after` (a sentence of its own). */
export function replacementText(kind: ReplacementLink['kind'], invoice: Pick<Invoice, 'numberFull'>): { before: string; after: string } {
  if (kind === 'replacedBy') {
    return {
      before: 'Remplacée par la facture',
      after: 'Cette facture est annulée : ce qu’elle devait encore est compensé, seule la facture corrective est due.',
    };
  }
  return isDraft(invoice)
    ? { before: 'Remplacera la facture', after: 'À son émission, cette facture corrective annulera la facture remplacée : ce qu’elle doit encore sera compensé. Une facture déjà payée en partie ne peut pas être remplacée.' }
    : { before: 'Remplace la facture', after: 'Elle l’annule : seule cette facture corrective est due.' };
}
