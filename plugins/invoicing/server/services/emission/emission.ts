/**
 * Emission of an invoice draft (or of a credit note, or of a corrective invoice): the company must
 * be able to invoice (commerce README « Rules », Eligibility), the totals are recomputed, the sender is snapshotted, the number is
 * taken from the company's invoice counter, the hash chains it to the previously emitted invoice,
 * and the document is frozen from then on (entities.ts). A corrective invoice replaces its source
 * in the same transaction (credit/replacement.ts, README « Corrective invoice »).
 */
import { Value } from '@sinclair/typebox/value';
import { conflict, type CallContext, type TakenNumber } from '@comptoir/sdk';
import {
  missingInvoicingFields, missingReceiverFields, replaceInvoiceMentions, senderFromCompany, settleInvoice, vatCategoryEmissionProblems,
} from '@comptoir/sdk/commerce';
import { Invoice, isCreditNote, isDraftInvoice } from '../../../schemas/index.ts';
import type { Company, LineItem, Sender } from '@comptoir/schemas';
import { Invoices } from '../../entities.ts';
import { INVOICE_EMITTED, INVOICE_PAID } from '../../events.ts';
import { ALREADY_EMITTED, NO_LINES, missingCompanyFields, missingReceiverFieldsMessage } from '../../messages.ts';
import { computeLines } from '../documents/compute.ts';
import { companies, numbering } from '../deps.ts';
import { invoiceHash } from './hash-chain.ts';
import { previousInvoice, recordChainHead } from './chain-heads.ts';
import { recordSales } from './sales.ts';
import { adjustCustomerBalance } from '../documents/balances.ts';
import { assertWithinCreditable, compensateCreditNote } from '../credit/credit.ts';
import { prepareReplacement, replaceSource } from '../credit/replacement.ts';
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
 * What emission changes on a draft, without the hash. The date becomes the emission date: numbers
 * and dates of a company's invoices then grow together (« numérotation chronologique »).
 */
export function emissionChanges(draft: Invoice, company: Company, taken: TakenNumber, now: Date) {
  const date = now.toISOString();
  const items = draft.fk.invoiceTemplateId ? withMentions(draft.items, date) : draft.items;
  const sender = senderFromCompany(company) as Sender;
  // every line gets its category, frozen with the invoice: the one chosen by hand, else its customer's
  const totals = computeLines(items, { subjectToVAT: draft.subjectToVAT, vatCalculationMethod: draft.vatCalculationMethod }, saleParties(sender, draft.receiver));
  return {
    date,
    ...totals,
    ...settleInvoice(totals, []),
    sender,
    number: taken.number,
    numberFull: taken.numberFull,
  };
}

export function emissionService(ctx: CallContext) {
  const repo = () => ctx.repo(Invoices);
  return {
    /**
     * `taken`: the invoice number, when the caller had to take it before making the draft in the
     * same transaction (a recurring run: the counter before the draft's references are read, see
     * recurring.ts); otherwise taken here, first.
     */
    async emit(id: string, taken?: TakenNumber): Promise<Invoice> {
      // The counter is locked before anything is read: InnoDB shows a transaction the data as of its
      // first plain read, so reading after the lock is what lets the chain head below be the last
      // invoice emitted by any concurrent request (they all queue on this lock).
      taken ??= await numbering(ctx).take('invoice');
      // then the draft, locked: a deletion or an edit of it runs wholly before or after this emission
      const draft = await repo().getForUpdate(id) as Invoice;
      if (!isDraftInvoice(draft)) throw conflict(ALREADY_EMITTED);
      const company = await companies(ctx).current();
      assertCanInvoice(company);
      if (draft.items.length === 0) throw conflict(NO_LINES);

      const changes = emissionChanges(draft, company, taken, ctx.now);
      assertTotalSign({ ...draft, ...changes }, 'emission');
      assertCanInvoiceReceiver(draft.receiver);
      assertVatCategories({ ...draft, ...changes });
      // counter → draft → its source invoice: what is left to credit is decided on the locked source
      await assertWithinCreditable(ctx, { ...draft, ...changes }, 'emission');
      // a corrective invoice: its source, locked the same way, is replaced (credit/replacement.ts)
      const replacement = await prepareReplacement(ctx, { ...draft, ...changes });
      const previous = await previousInvoice(ctx, taken.number);
      // hashed as it will be stored: schema defaults filled as the repository fills them
      const stored = Value.Default(Invoice, structuredClone({ ...draft, ...changes })) as Invoice;
      const hash = invoiceHash(previous?.hash ?? null, stored);
      const emitted = await repo().update(id, { ...changes, ...replacement?.totals, hash }) as Invoice;
      await recordChainHead(ctx, 'invoice', emitted);
      ctx.emit(INVOICE_EMITTED, {
        _id: id, numberFull: emitted.numberFull, inclTaxesPrice: emitted.inclTaxesPrice, creditNote: isCreditNote(emitted),
      });
      // a zero total is paid from the start; a compensated credit note announces it when settled
      if (emitted.status === 'paid') ctx.emit(INVOICE_PAID, { _id: id, numberFull: emitted.numberFull });

      // a corrective's lines replace its source's in the sales counts
      await recordSales(ctx, [...emitted.items, ...(replacement?.unsold ?? [])]);
      await adjustCustomerBalance(ctx, emitted.fk.receiverCustomer, emitted.inclTaxesPrice);
      if (replacement) await replaceSource(ctx, emitted, replacement);
      if (isCreditNote(emitted) && emitted.fk.sourceInvoice) return compensateCreditNote(ctx, emitted);
      return emitted;
    },
  };
}

export type EmissionService = ReturnType<typeof emissionService>;
