/**
 * A purchase as its editor holds it, and the body it sends. Lines are typed excl. taxes (as
 * suppliers' invoices give them); the server's engine computes the rest. Inputs hold what the
 * person typed (a number, or a string while incomplete).
 */
import { toDecimal } from '@comptoir/sdk/commerce';
import { dayOf, noonOf, today } from '@comptoir/sdk/react';
import { emptyLine, lineFromStored, vatCategoryInput, type LineDraft, type LineField as Field } from '@comptoir/sdk/ui';
import type { Purchase } from '../common/types.ts';

// the line drafts are the UI kit's (`LinesEditor`), shared with invoicing; a purchase's are goods by default
export const emptyPurchaseLine = (): LineDraft => emptyLine('good');

export interface PurchaseDraft {
  providerId: string | null;
  date: string;
  dueDate: string | null;
  invoiceNumber: string;
  commandOrder: string;
  forResale: boolean;
  vatRecoveryPercent: Field;
  comment: string;
  lines: LineDraft[];
}


export function newPurchaseDraft(): PurchaseDraft {
  return {
    providerId: null, date: today(), dueDate: null, invoiceNumber: '', commandOrder: '', forResale: false, vatRecoveryPercent: 100, comment: '',
    lines: [emptyPurchaseLine()],
  };
}

export function draftFromPurchase(p: Purchase): PurchaseDraft {
  return {
    providerId: p.fk.provider ?? null,
    date: dayOf(p.date) ?? today(),
    dueDate: dayOf(p.dueDate),
    invoiceNumber: p.invoiceNumber ?? '',
    commandOrder: p.commandOrder ?? '',
    forResale: p.forResale,
    vatRecoveryPercent: p.vatRecoveryPercent,
    comment: p.comment ?? '',
    lines: p.items.map(lineFromStored),
  };
}

/** Lines without a designation nor a price are left out: an empty row is not a line. */
export const filledLines = (lines: LineDraft[]) => lines.filter((l) => l.labelPrimary.trim() || l.exclTaxesPrice !== '');

const num = (v: Field): number | undefined => toDecimal(v)?.toNumber();

/** The line as the API takes it: numbers, no empty texts; the price incl. taxes is the engine's. */
export function lineInput(line: LineDraft): Record<string, unknown> {
  const out: Record<string, unknown> = {
    uuid: line.uuid, type: line.type, labelPrimary: line.labelPrimary.trim(),
    quantity: num(line.quantity), vat: num(line.vat), exclTaxesPrice: num(line.exclTaxesPrice) ?? null,
  };
  if (line.labelSecondary.trim()) out.labelSecondary = line.labelSecondary.trim();
  if (line.reference.trim()) out.reference = line.reference.trim();
  // a category a purchase was stored with (API, import) is kept as given (invoicing README « VAT categories »)
  Object.assign(out, vatCategoryInput(line));
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

/** The body of POST / PUT; links to orders and sales are edited apart (PurchaseLinks). */
export function purchaseBody(draft: PurchaseDraft, original?: Pick<Purchase, 'date'>): Record<string, unknown> {
  // an unchanged day keeps the stored instant
  const date = original && dayOf(original.date) === draft.date ? original.date : noonOf(draft.date);
  const body: Record<string, unknown> = {
    date,
    dueDate: draft.dueDate ? noonOf(draft.dueDate) : null,
    invoiceNumber: draft.invoiceNumber.trim(),
    commandOrder: draft.commandOrder.trim(),
    forResale: draft.forResale,
    vatRecoveryPercent: num(draft.vatRecoveryPercent) ?? 100,
    comment: draft.comment,
    items: filledLines(draft.lines).map(lineInput),
    fk: { provider: draft.providerId },
  };
  if (!original && body.dueDate === null) delete body.dueDate;
  return body;
}

/** What is missing before the purchase can be saved, in French; null when nothing. */
export function draftProblem(draft: PurchaseDraft): string | null {
  if (!draft.providerId) return 'Choisissez un fournisseur.';
  if (filledLines(draft.lines).length === 0) return 'Ajoutez au moins une ligne.';
  const percent = toDecimal(draft.vatRecoveryPercent);
  if (percent === null || percent.lt(0) || percent.gt(100)) return 'La part de TVA récupérable va de 0 à 100 %.';
  return null;
}
