/**
 * A purchase as its editor holds it, and the body it sends. Lines are typed excl. taxes (as
 * suppliers' invoices give them); the server's engine computes the rest. Inputs hold what the
 * person typed (a number, or a string while incomplete).
 */
import { money, toDecimal } from '@comptoir/sdk/commerce';
import { dayOf, noonOf, today } from '@comptoir/sdk/react';
import type { LineItem, Purchase } from '../types.ts';

export type Field = number | string;

export interface LineDraft {
  uuid: string;
  labelPrimary: string;
  labelSecondary: string;
  reference: string;
  type: string;
  quantity: Field;
  exclTaxesPrice: Field;
  /** the Select's value: '20', '5.5'… */
  vat: string;
}

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

export const VAT_RATES = ['20', '10', '5.5', '2.1', '0'];
const vatOption = (v: string) => ({ value: v, label: `${v.replace('.', ',')} %` });

/** The usual French rates, plus the line's own when it is another (an imported line). */
export const vatOptions = (current: string) => (VAT_RATES.includes(current) ? VAT_RATES : [...VAT_RATES, current]).map(vatOption);

export const emptyLine = (): LineDraft => ({
  uuid: crypto.randomUUID(), labelPrimary: '', labelSecondary: '', reference: '', type: 'good', quantity: 1, exclTaxesPrice: '', vat: '20',
});

function lineFromStored(item: LineItem): LineDraft {
  return {
    uuid: item.uuid, labelPrimary: item.labelPrimary ?? '', labelSecondary: item.labelSecondary ?? '', reference: item.reference ?? '',
    type: item.type ?? 'service', quantity: item.quantity, exclTaxesPrice: item.exclTaxesPrice, vat: toDecimal(item.vat)?.toString() ?? '20',
  };
}

export function newPurchaseDraft(): PurchaseDraft {
  return {
    providerId: null, date: today(), dueDate: null, invoiceNumber: '', commandOrder: '', forResale: false, vatRecoveryPercent: 100, comment: '',
    lines: [emptyLine()],
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
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

/** quantity × unit price excl. taxes, to the cent: the line's « Total HT » cell (null while incomplete). */
export function lineTotal(line: Pick<LineDraft, 'quantity' | 'exclTaxesPrice'>): number | null {
  const q = toDecimal(line.quantity);
  const p = toDecimal(line.exclTaxesPrice);
  return q === null || p === null ? null : money(q.times(p));
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
