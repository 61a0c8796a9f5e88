/**
 * Credit notes (« avoirs »): an invoice whose lines are lines of an emitted invoice with their
 * quantities negated. The source invoice records in `itemsCredit` which of its lines were credited,
 * by which credit note and for how much; a line is credited once. The credit note is a draft until
 * it is emitted with the same counter and chain as invoices; when it is, and its source invoice
 * still has an amount to pay, the credit settles it (« compensation d'avoir »):
 *  - on the source invoice, a payment `credit-compensation` of +X (fk.invoiceCredit = the credit note);
 *  - on the credit note, the matching payment of −X (fk.sourceInvoice = the source invoice);
 *  X = the smaller of the source's unpaid amount and the credit note's total (in absolute value).
 * Whatever remains of the credit note is paid back to the customer by recording a refund (a
 * negative payment) on it.
 */
import { badRequest, canonicalJson, conflict, type CallContext } from '@comptoir/sdk';
import { frenchDate, money, prepareInvoiceFromExisting, toDecimal, toNumber } from '@comptoir/sdk/commerce';
import { deliveryDayOf } from '../documents/operation.ts';
import {
  isCreditNote, isCreditNoteDraft, isDraftInvoice, type Invoice, type InvoiceDraftInput, type ItemCredit,
} from '../../../schemas/index.ts';
import type { LineItem } from '@comptoir/schemas';
import { Invoices } from '../../entities.ts';
import { INVOICE_CREDITED } from '../../events.ts';
import {
  CORRECTIVE_NOT_CREDIT, CREDIT_DRAFT_PARTIES, CREDIT_DRAFT_STAYS_CREDIT, CREDIT_NOTE_TITLE, CREDIT_OF_CREDIT, CREDIT_ONLY_EMITTED,
  NOTHING_LEFT_TO_CREDIT, alreadyCredited, creditAboveRemainder, unknownLine,
} from '../../messages.ts';
import { computeLines } from '../documents/compute.ts';
import { draftFigures } from '../documents/totals.ts';
import { numbering } from '../deps.ts';
import { settle, writeInvoicePayment } from '../payments/payments.ts';
import { assertNotReplaced, withoutReplacement } from '../documents/replacement.ts';
import { saleParties, withLegacyCategories } from '../documents/vat-categories.ts';

/** The lines to credit: the chosen ones (each once), or all those not credited yet. */
export function linesToCredit(source: Invoice, uuids?: string[]): LineItem[] {
  if (isDraftInvoice(source)) throw conflict(CREDIT_ONLY_EMITTED);
  if (isCreditNote(source)) throw conflict(CREDIT_OF_CREDIT);
  const credited = new Set((source.itemsCredit ?? []).map((c) => c.uuid));
  if (!uuids) {
    const left = source.items.filter((l) => !credited.has(l.uuid));
    if (left.length === 0) throw conflict(NOTHING_LEFT_TO_CREDIT);
    return left;
  }
  const chosen = [...new Set(uuids)];
  const lines = chosen.map((uuid) => {
    const line = source.items.find((l) => l.uuid === uuid);
    if (!line) throw badRequest(unknownLine(uuid), [{ field: 'items', message: `ligne inconnue : ${uuid}` }]);
    return line;
  });
  const again = lines.find((l) => credited.has(l.uuid));
  if (again) throw conflict(alreadyCredited(again.labelPrimary || again.uuid));
  return lines;
}

/** A line with its quantity negated: same unit prices, same uuid (the line it credits). */
export const negated = (line: LineItem): LineItem => ({ ...line, quantity: toNumber(toDecimal(line.quantity)!.negated()) });

const settingsOf = (source: Invoice) => ({ subjectToVAT: source.subjectToVAT, vatCalculationMethod: source.vatCalculationMethod });

/** The credit note draft of these lines: the source's parties and settings, negated lines. */
export function creditNoteDraft(source: Invoice, lines: LineItem[], now: Date, reason?: string): Record<string, unknown> {
  const base = withoutReplacement(prepareInvoiceFromExisting(source, now)) as Partial<Invoice>;
  delete base.metadata;
  // the invoice's conditions (payment terms, late penalties) say nothing of a credit note
  delete base.freeData;
  const headerMessage = `Avoir sur la facture n° ${source.numberFull} du ${frenchDate(source.date)}.`;
  // the credit note says what the invoice said: its categories, or those it was written with before issue 13
  const credited = withLegacyCategories(lines.map(negated), source.subjectToVAT);
  return {
    ...base,
    ...draftFigures(credited, settingsOf(source), saleParties(source.sender, source.receiver)),
    headerTitle: CREDIT_NOTE_TITLE,
    headerMessage,
    creditReason: reason?.trim() || headerMessage,
    // it credits the operation the invoice billed: its delivery day (BT-72)
    deliveryDate: deliveryDayOf(source),
    fk: { ...base.fk, sourceInvoice: source._id, invoiceTemplateId: null },
  };
}

/** What the source records about each credited line: the amount incl. taxes the line weighs alone. */
export function creditEntries(source: Invoice, lines: LineItem[], creditInvoiceId: string): ItemCredit[] {
  return lines.map((line) => ({
    inclTaxesAmount: computeLines([line], settingsOf(source)).inclTaxesPrice,
    uuid: line.uuid,
    creditInvoiceId,
  }));
}

/** Prepares a credit note of an emitted invoice (201: the draft); 409 on a line credited twice. */
export async function createCreditNote(ctx: CallContext, sourceId: string, uuids?: string[], reason?: string): Promise<Invoice> {
  const repo = ctx.repo(Invoices);
  // locked: parallel requests decide one after the other on the lines still creditable
  const source = await repo.getForUpdate(sourceId) as Invoice;
  // a replaced invoice is owed no more: its corrective is what a credit note credits
  await assertNotReplaced(ctx, source, 'credit');
  const lines = linesToCredit(source, uuids);
  const credit = await repo.create(creditNoteDraft(source, lines, ctx.now, reason)) as Invoice;
  const credits = creditEntries(source, lines, credit._id);
  await repo.update(sourceId, { itemsCredit: [...(source.itemsCredit ?? []), ...credits] });
  ctx.emit(INVOICE_CREDITED, { _id: sourceId, creditInvoiceId: credit._id, items: credits.map((c) => c.uuid) });
  return credit;
}

/** A credit note draft made from an invoice (`POST /invoices/:id/credit`): it carries its source and its reason. */
export const isCreditOfInvoice = (doc: Pick<Invoice, 'fk' | 'creditReason'>): boolean => !!doc.fk.sourceInvoice && isCreditNoteDraft(doc);

/**
 * What an edit of a draft with a source invoice may not do (409): a credit note made from an
 * invoice keeps that invoice's customer and receiver (its lines, compensation and Factur-X refer to
 * that invoice) and stays a credit note (`creditReasonProblem`); a corrective invoice does not
 * become a credit note (that would credit its source without `POST /credit`). The source itself is
 * never in a body.
 */
export function creditDraftEditProblem(existing: Pick<Invoice, 'fk' | 'creditReason' | 'receiver'>, input: InvoiceDraftInput): { message: string; field: string } | null {
  if (!existing.fk.sourceInvoice) return null;
  if (!isCreditNoteDraft(existing)) {
    return input.creditReason !== undefined && isCreditNoteDraft(input) ? { message: CORRECTIVE_NOT_CREDIT, field: 'creditReason' } : null;
  }
  const customer = input.fk?.receiverCustomer;
  if (customer !== undefined && (customer ?? null) !== (existing.fk.receiverCustomer ?? null)) return { message: CREDIT_DRAFT_PARTIES, field: 'fk.receiverCustomer' };
  if (input.receiver !== undefined && canonicalJson(input.receiver) !== canonicalJson(existing.receiver ?? null)) return { message: CREDIT_DRAFT_PARTIES, field: 'receiver' };
  return null;
}

/**
 * A credit note made from an invoice whose edit blanks its reason (409): it would become an
 * invoice pointing at the source, whose customer could then change. Asked after the sign rule, so
 * that a negative total keeps its own answer (400: an invoice is never negative); this one is for
 * what the sign rule lets through, a total of 0.
 */
export function creditReasonProblem(existing: Pick<Invoice, 'fk' | 'creditReason'>, input: InvoiceDraftInput): { message: string; field: string } | null {
  if (!isCreditOfInvoice(existing) || input.creditReason === undefined || isCreditNoteDraft(input)) return null;
  return { message: CREDIT_DRAFT_STAYS_CREDIT, field: 'creditReason' };
}

/**
 * What may still be credited on an invoice: its total less the totals of its credit notes already
 * emitted (positive euros, never below 0). Drafts reserve lines (`itemsCredit`), not money: of
 * several drafts, the first ones emitted take the room.
 */
export function creditableRemainder(source: Pick<Invoice, 'inclTaxesPrice'>, emittedCredits: Pick<Invoice, 'inclTaxesPrice'>[]): number {
  const credited = emittedCredits.reduce((sum, c) => sum.plus(toDecimal(c.inclTaxesPrice ?? 0)!.abs()), toDecimal(0)!);
  const left = toDecimal(source.inclTaxesPrice ?? 0)!.minus(credited);
  return money(left.lt(0) ? 0 : left);
}

/**
 * 400 at save, 409 at emission, when a credit note made from an invoice credits more than what
 * remains creditable on it; at emission also 409 when it names another customer than the invoice
 * (a draft edited before the rule). The source is read locked (after the draft: the document
 * decided on, then what it points to), so two emissions decide one after the other on the credit
 * notes emitted so far.
 */
export async function assertWithinCreditable(ctx: CallContext, draft: Pick<Invoice, '_id' | 'fk' | 'creditReason' | 'inclTaxesPrice'>, at: 'save' | 'emission'): Promise<void> {
  if (!isCreditOfInvoice(draft)) return;
  const repo = ctx.repo(Invoices);
  const sourceId = draft.fk.sourceInvoice!;
  if (!await repo.find(sourceId)) return;
  const source = await repo.getForUpdate(sourceId) as Invoice;
  // replaced since the draft was made (its corrective emitted): the credit note has no invoice left to credit
  await assertNotReplaced(ctx, source, 'credit');
  if (at === 'emission' && (draft.fk.receiverCustomer ?? null) !== (source.fk.receiverCustomer ?? null)) {
    throw conflict(CREDIT_DRAFT_PARTIES, [{ field: 'fk.receiverCustomer', message: 'celui de la facture' }]);
  }
  const others = (await repo.findMany({ 'fk.sourceInvoice': sourceId }) as Invoice[])
    .filter((c) => c._id !== draft._id && !isDraftInvoice(c) && isCreditNote(c));
  const remainder = creditableRemainder(source, others);
  if (toDecimal(draft.inclTaxesPrice ?? 0)!.abs().lte(remainder)) return;
  const message = creditAboveRemainder(draft.inclTaxesPrice ?? 0, remainder, source.numberFull);
  const details = [{ field: 'items', message: `au plus ${remainder} € à créditer` }];
  throw at === 'save' ? badRequest(message, details) : conflict(message, details);
}

/** A deleted credit note draft gives its lines back: they may be credited again. */
export async function releaseCreditedLines(ctx: CallContext, sourceId: string, creditId: string): Promise<void> {
  const repo = ctx.repo(Invoices);
  if (!await repo.find(sourceId)) return;
  const source = await repo.getForUpdate(sourceId) as Invoice;
  if (!source.itemsCredit?.some((c) => c.creditInvoiceId === creditId)) return;
  await repo.update(sourceId, { itemsCredit: source.itemsCredit.filter((c) => c.creditInvoiceId !== creditId) });
}

/** The compensation amount X (see above), 0 when there is nothing to settle. */
export function compensationAmount(source: Pick<Invoice, 'unpaidAmount'>, credit: Pick<Invoice, 'inclTaxesPrice'>): number {
  const unpaid = toDecimal(source.unpaidAmount ?? 0)!;
  const available = toDecimal(credit.inclTaxesPrice ?? 0)!.abs();
  if (unpaid.lte(0) || available.isZero()) return 0;
  return toNumber(unpaid.lt(available) ? unpaid : available);
}

/** At the emission of a credit note (inside its transaction, counters locked). Answers the settled credit note. */
export async function compensateCreditNote(ctx: CallContext, credit: Invoice): Promise<Invoice> {
  const sourceId = credit.fk.sourceInvoice!;
  if (!await ctx.repo(Invoices).find(sourceId)) return credit;
  // the counter is already locked (emission): the source is locked after it, as payments do
  const source = await ctx.repo(Invoices).getForUpdate(sourceId) as Invoice;
  const amount = compensationAmount(source, credit);
  if (amount === 0) return credit;
  const date = ctx.now.toISOString();
  const customer = source.fk.receiverCustomer ?? null;
  const counter = numbering(ctx);
  await writeInvoicePayment(ctx, await counter.take('paymentInvoice'), {
    mode: 'credit-compensation', amount, date, fk: { invoice: sourceId, customer, invoiceCredit: credit._id },
  });
  await writeInvoicePayment(ctx, await counter.take('paymentInvoice'), {
    mode: 'credit-compensation', amount: -amount, date, fk: { invoice: credit._id, customer, invoiceCredit: credit._id, sourceInvoice: sourceId },
  });
  await settle(ctx, sourceId);
  return settle(ctx, credit._id);
}
