/**
 * The editable part of an invoice or a quotation, as the editors hold it, and the body they send.
 * The server fills the receiver from `fk.receiverCustomer` and recomputes every total with the
 * engine: the editor sends lines and choices, never amounts it computed itself.
 */
import { dayOf, noonOf, today } from './days.ts';
import { emptyLine, lineFromStored, toLineInput, type LineDraft } from '@comptoir/sdk/ui';
import type { CommercialDocument } from '../types.ts';

export interface DocumentDraft {
  customerId: string | null;
  date: string;
  lines: LineDraft[];
  comment: string;
  freeData: string;
}

export function newDraft(): DocumentDraft {
  return { customerId: null, date: today(), lines: [emptyLine()], comment: '', freeData: '' };
}

export function draftFromDocument(doc: CommercialDocument & { fk: { receiverCustomer?: string | null } }): DocumentDraft {
  return {
    customerId: doc.fk.receiverCustomer ?? null,
    date: dayOf(doc.date) ?? today(),
    lines: doc.items.map(lineFromStored),
    comment: doc.comment ?? '',
    freeData: doc.freeData ?? '',
  };
}

/** Lines without a designation nor a price are left out: an empty row is not a line. */
export function filledLines(lines: LineDraft[]): LineDraft[] {
  return lines.filter((l) => l.labelPrimary.trim() || l.exclTaxesPrice !== '' || l.inclTaxesPrice !== '');
}

export function documentBody(draft: DocumentDraft, original?: Pick<CommercialDocument, 'date'>): Record<string, unknown> {
  // an unchanged day keeps the stored instant (a duplicate's date is « now », not noon)
  const date = original && dayOf(original.date) === draft.date ? original.date : noonOf(draft.date);
  const body: Record<string, unknown> = {
    date,
    items: filledLines(draft.lines).map(toLineInput),
    comment: draft.comment,
    freeData: draft.freeData,
    fk: { receiverCustomer: draft.customerId },
  };
  // a new document without free text takes the company's (invoiceFreeData), filled by the server
  if (!original && !draft.freeData.trim()) delete body.freeData;
  if (!original && !draft.comment.trim()) delete body.comment;
  return body;
}

/** What is missing before the draft can be saved, in French; null when nothing. */
export function draftProblem(draft: DocumentDraft): string | null {
  if (!draft.customerId) return 'Choisissez un client.';
  if (filledLines(draft.lines).length === 0) return 'Ajoutez au moins une ligne.';
  return null;
}

/** `items.<i>.<field>` errors as `{ <line uuid>: { <field>: message } }`. */
export function lineErrorsOf(errors: Record<string, string>, filled: readonly { uuid: string }[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const m = /^items\.(\d+)\.(.+)$/.exec(path);
    const line = m ? filled[Number(m[1])] : undefined;
    if (!m || !line) continue;
    (out[line.uuid] ??= {})[m[2]] = message;
  }
  return out;
}
