/**
 * A corrective invoice « annule et remplace » its source (README « Corrective invoice »): the rules
 * as plain functions of the documents, and the refusals they lead to. Emission of the corrective
 * applies them (credit/replacement.ts); preparing a corrective, paying and crediting an invoice ask
 * them. Kept here, below credit/ and payments/, which both import it.
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import { toDecimal, toNumber } from '@comptoir/sdk/commerce';
import type { LineItem, Payment } from '@comptoir/schemas';
import { REPLACEMENT_FIELDS, isDraftInvoice, type Invoice } from '../../../schemas/index.ts';
import { Invoices, Payments } from '../../entities.ts';
import { CORRECTIVE_ONLY_EMITTED, alreadyReplaced, correctiveOfPaidInvoice, replacedNoCredit, replacedNoPayment } from '../../messages.ts';
import { documentKind } from '../facturx/lines.ts';

/**
 * A corrective invoice proper — made from an invoice, not a credit note: the document the e-invoice
 * types 384 and the FEC books as a reversal of its source plus itself (`documentKind`). A copy of a
 * credit note, or a corrective with a negative total, is a credit note and replaces nothing.
 */
export const replacesItsSource = (doc: Invoice): boolean => !!doc.fk.sourceInvoice && documentKind(doc) === 'corrective';

/**
 * The money the customer has on an invoice: its payments net of refunds, except the compensations
 * (`credit-compensation`: a credit note or a corrective settling it), which move no money.
 */
export function moneyReceived(payments: Pick<Payment, 'mode' | 'amount'>[]): number {
  const net = payments.filter((p) => p.mode !== 'credit-compensation').reduce((sum, p) => sum.plus(toDecimal(p.amount) ?? 0), toDecimal(0)!);
  return toNumber(net);
}

export interface Refusal { message: string; details: { field: string; message: string }[] }

/**
 * Why `source` may not be cancelled and replaced by a corrective invoice now, or null: a draft
 * (nothing to replace), an invoice already replaced (its corrective is what is corrected now:
 * `replacedByNumber`), an invoice the customer has paid something on (Dolibarr's rule for a
 * replacement invoice: a credit note and a new invoice then, see the README for why).
 */
export function replacementRefusal(source: Invoice, payments: Pick<Payment, 'mode' | 'amount'>[], replacedByNumber?: string): Refusal | null {
  if (isDraftInvoice(source)) return { message: CORRECTIVE_ONLY_EMITTED, details: [{ field: 'fk.sourceInvoice', message: 'facture brouillon' }] };
  if (source.replacedBy) {
    const by = replacedByNumber ?? source.replacedBy;
    return { message: alreadyReplaced(source.numberFull!, by), details: [{ field: 'fk.sourceInvoice', message: `déjà remplacée par la facture ${by}` }] };
  }
  const received = moneyReceived(payments);
  if (received !== 0) {
    return { message: correctiveOfPaidInvoice(source.numberFull!, Math.abs(received)), details: [{ field: 'fk.sourceInvoice', message: 'facture déjà payée' }] };
  }
  return null;
}

/**
 * What remains of the source in the books when its corrective is emitted, positive: its totals less
 * its credit notes already emitted (their totals are negative). The corrective's FEC entry reverses
 * exactly this (`remainingLines` of accounting-entries.ts); the revenue figures deduct it.
 */
export function remainingTotals(source: Pick<Invoice, 'exclTaxesPrice' | 'inclTaxesPrice'>, creditNotes: Pick<Invoice, 'exclTaxesPrice' | 'inclTaxesPrice'>[]) {
  const sum = (pick: (d: Pick<Invoice, 'exclTaxesPrice' | 'inclTaxesPrice'>) => number) =>
    toNumber(creditNotes.reduce((s, c) => s.plus(toDecimal(pick(c)) ?? 0), toDecimal(pick(source)) ?? toDecimal(0)!));
  return { reversedExclTaxesPrice: sum((d) => d.exclTaxesPrice), reversedInclTaxesPrice: sum((d) => d.inclTaxesPrice) };
}

/**
 * The catalogue sales the source still counts, taken back: its lines and its credit notes' lines
 * (negative quantities), each quantity negated. Added to the corrective's own lines at its
 * emission, the corrective's lines replace the source's in « Vendus ».
 */
export function unsoldLines(source: Pick<Invoice, 'items'>, creditNotes: Pick<Invoice, 'items'>[]): LineItem[] {
  return [source, ...creditNotes].flatMap((d) => d.items).filter((l) => l.itemId)
    .map((l) => ({ ...l, quantity: toNumber(toDecimal(l.quantity)!.negated()) }));
}

/** A copy (duplicate, corrective, credit note) never carries what the server wrote about a replacement. */
export function withoutReplacement<T extends object>(copy: T): T {
  const out = { ...copy } as Record<string, unknown>;
  for (const field of REPLACEMENT_FIELDS) delete out[field];
  return out as T;
}

/** The full number of the corrective invoice that replaced `invoice` (its id when unreadable). */
export async function replacingNumber(ctx: CallContext, invoice: Pick<Invoice, 'replacedBy'>): Promise<string> {
  const corrective = invoice.replacedBy ? await ctx.repo(Invoices).find(invoice.replacedBy) as Invoice | null : null;
  return corrective?.numberFull ?? invoice.replacedBy ?? '';
}

/**
 * 409 when `source` (read locked by the caller) may not be replaced by a corrective invoice now
 * (`replacementRefusal`): its payments are read after the lock, so a payment recorded meanwhile is
 * seen — a payment locks the invoice too.
 */
export async function assertReplaceable(ctx: CallContext, source: Invoice): Promise<void> {
  const payments = isDraftInvoice(source) ? [] : await ctx.repo(Payments).findMany({ 'fk.invoice': source._id }) as Payment[];
  const refusal = replacementRefusal(source, payments, source.replacedBy ? await replacingNumber(ctx, source) : undefined);
  if (refusal) throw conflict(refusal.message, refusal.details);
}

/**
 * 409 for a payment (or refund) or a credit note on an invoice a corrective replaced: it is owed no
 * more; its corrective is. The caller has read `invoice` locked.
 */
export async function assertNotReplaced(ctx: CallContext, invoice: Invoice, what: 'payment' | 'credit'): Promise<void> {
  if (!invoice.replacedBy) return;
  const by = await replacingNumber(ctx, invoice);
  const message = what === 'payment' ? replacedNoPayment(invoice.numberFull!, by) : replacedNoCredit(invoice.numberFull!, by);
  throw conflict(message);
}
