/**
 * The steps of an emission shared by `emit` (a draft) and `createAndEmit` (emit-new.ts): the
 * refusals, what emission sets on the document, and what happens under the counter once the
 * number is taken (README « Emission under the counter »).
 */
import { conflict, writeChained, type CallContext, type TakenNumber } from '@comptoir/sdk';
import {
  missingInvoicingFields, missingReceiverFields, replaceInvoiceMentions, senderFromCompany, settleInvoice, vatCategoryEmissionProblems,
} from '@comptoir/sdk/commerce';
import { isCreditNote, type Invoice } from '../../../schemas/index.ts';
import type { Company, LineItem, Sender } from '@comptoir/schemas';
import { INVOICE_EMITTED, INVOICE_PAID } from '../../events.ts';
import { NO_LINES, missingCompanyFields, missingReceiverFieldsMessage } from '../../messages.ts';
import { computeLines } from '../documents/compute.ts';
import { invoiceHash } from './hash-chain.ts';
import { previousInvoice } from './chain-heads.ts';
import { ChainHeads } from '../../entities.ts';
import { recordSales } from './sales.ts';
import { adjustCustomerBalance } from '../documents/balances.ts';
import { compensateCreditNote } from '../credit/credit.ts';
import { replaceSource, type Replacement } from '../credit/replacement.ts';
import { assertTotalSign } from '../documents/totals.ts';
import { saleParties } from '../documents/vat-categories.ts';

/** 409 naming, in the eligibility order (commerce README « Rules »), what the company lacks to issue invoices. */
export function assertCanInvoice(company: Company): void {
  const missing = missingInvoicingFields(company);
  if (missing.length > 0) {
    throw conflict(missingCompanyFields(missing), missing.map((label) => ({ field: 'company', message: label })));
  }
}

/**
 * 409 naming what the invoice's receiver lacks (commerce README « Rules », Eligibility): its name
 * and address, which L441-9 requires on every invoice, to a private customer too.
 */
export function assertCanInvoiceReceiver(receiver: Invoice['receiver']): void {
  const missing = missingReceiverFields(receiver);
  if (missing.length > 0) {
    throw conflict(missingReceiverFieldsMessage(missing.map((m) => m.label)), missing.map((m) => ({ field: m.field, message: m.label })));
  }
}

/**
 * 409 naming what the invoice's VAT categories lack or break (commerce README « VAT categories »,
 * Checks): the buyer's VAT number for K and AE, a reason for E, AE, K, G and O, no Z, no O beside
 * other categories.
 */
export function assertVatCategories(doc: Pick<Invoice, 'items' | 'receiver' | 'inclTaxesPrice'>): void {
  const problems = vatCategoryEmissionProblems(doc.items, { buyerVatNumber: doc.receiver?.vatNumber, creditNote: isCreditNote(doc) });
  if (problems.length > 0) {
    throw conflict(`Impossible d’émettre la facture : ${problems.map((p) => p.message).join(' ; ')}.`, problems);
  }
}

/** Invoice mentions of a recurring template (commerce README « Rules », Mentions) are replaced in both labels at emission. */
export function withMentions(items: LineItem[], date: string): LineItem[] {
  return items.map((line) => {
    const out = { ...line, labelPrimary: replaceInvoiceMentions(line.labelPrimary, date) };
    if (line.labelSecondary !== undefined) out.labelSecondary = replaceInvoiceMentions(line.labelSecondary, date);
    return out;
  });
}

/**
 * What emission sets on a draft besides its number and hash, computed before the counter is taken
 * (README « Emission under the counter »). The date becomes the emission date: numbers and dates
 * of a company's invoices then grow together (« numérotation chronologique »).
 */
export function emissionFigures(draft: Invoice, company: Company, now: Date) {
  const date = now.toISOString();
  const items = draft.fk.invoiceTemplateId ? withMentions(draft.items, date) : draft.items;
  const sender = senderFromCompany(company) as Sender;
  // every line gets its category, frozen with the invoice: the one chosen by hand, else its customer's
  const totals = computeLines(items, { subjectToVAT: draft.subjectToVAT, vatCalculationMethod: draft.vatCalculationMethod }, saleParties(sender, draft.receiver));
  return { date, ...totals, ...settleInvoice(totals, []), sender };
}

/** What emission changes on a draft, without the hash. */
export function emissionChanges(draft: Invoice, company: Company, taken: TakenNumber, now: Date) {
  return { ...emissionFigures(draft, company, now), number: taken.number, numberFull: taken.numberFull };
}

/**
 * The refusals of an emission that depend on the document and the company only (409 each): the
 * company able to invoice, lines, the sign of the total, the receiver, the VAT categories.
 */
export function assertEmittable(doc: Invoice, company: Company): void {
  assertCanInvoice(company);
  if (doc.items.length === 0) throw conflict(NO_LINES);
  assertTotalSign(doc, 'emission');
  assertCanInvoiceReceiver(doc.receiver);
  assertVatCategories(doc);
}

/**
 * Under the counter, once the invoice numbered `taken` is ready to be written (`stored`: as it will
 * be stored, schema defaults filled, without its hash): the customer's balance, the previous
 * hash, the write (`write` stores the document with its hash and answers it), the chain's head
 * (`writeChained` of the SDK, which the till's receipts share), then what every emission changes
 * elsewhere in the same transaction — catalogue sales, the source of a corrective invoice — and
 * the events, published after the commit.
 */
export async function chainAndRecord(
  ctx: CallContext, taken: TakenNumber, stored: Invoice, write: (hash: string) => Promise<Invoice>, replacement: Replacement | null,
): Promise<Invoice> {
  // the customer's balance first: its row, locked for that, is then known to the write's
  // reference check, which asks the database nothing more about it (server/src/db/README.md)
  await adjustCustomerBalance(ctx, stored.fk.receiverCustomer, stored.inclTaxesPrice);
  const emitted = await writeChained(ctx.repo(ChainHeads), 'invoice', taken, () => previousInvoice(ctx, taken.number), (previousHash) => invoiceHash(previousHash, stored), write);
  ctx.emit(INVOICE_EMITTED, {
    _id: emitted._id, numberFull: emitted.numberFull, inclTaxesPrice: emitted.inclTaxesPrice, creditNote: isCreditNote(emitted),
  });
  // a zero total is paid from the start; a compensated credit note announces it when settled
  if (emitted.status === 'paid') ctx.emit(INVOICE_PAID, { _id: emitted._id, numberFull: emitted.numberFull });

  // a corrective's lines replace its source's in the sales counts
  await recordSales(ctx, [...emitted.items, ...(replacement?.unsold ?? [])]);
  if (replacement) await replaceSource(ctx, emitted, replacement);
  if (isCreditNote(emitted) && emitted.fk.sourceInvoice) return compensateCreditNote(ctx, emitted);
  return emitted;
}

