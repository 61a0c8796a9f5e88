/**
 * Invoice drafts: what a person writes becomes a document with computed totals, the company's
 * defaults and the customer's receiver. A draft has no number; it may be edited and deleted until
 * it is emitted (`../emission/emission.ts`).
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import { isCreditNoteDraft, isDraftInvoice, type Invoice, type InvoiceDraftInput } from '../../../schemas/index.ts';
import type { Company, LineItemInput } from '@comptoir/schemas';
import { Invoices } from '../../entities.ts';
import { FROZEN_INVOICE, NOT_AN_INVOICE_DRAFT, OTHER_CUSTOMER_DRAFT } from '../../messages.ts';
import { settingsOf } from './compute.ts';
import { assertTotalSign, draftFigures } from './totals.ts';
import { companies } from '../deps.ts';
import { receiverForCustomer } from './receivers.ts';
import { assertWithinCreditable, creditDraftEditProblem, creditReasonProblem, releaseCreditedLines } from '../credit/credit.ts';
import { releaseQuotation } from '../quotations/quotations.ts';
import { assertDeliveryDate, assertInstant } from './limits.ts';
import { saleParties } from './vat-categories.ts';

/**
 * The fields of a new draft from a body and the company's defaults. `figures: false`: without its
 * lines' totals (only its VAT settings), for a caller that computes them itself (emit-new.ts).
 */
export async function newDraft(ctx: CallContext, input: InvoiceDraftInput, company: Company, options: { figures?: boolean } = {}): Promise<Record<string, unknown>> {
  const settings = settingsOf(company, input);
  const receiver = input.receiver === undefined && input.fk?.receiverCustomer
    ? await receiverForCustomer(ctx, input.fk.receiverCustomer)
    : input.receiver;
  const doc: Record<string, unknown> = {
    ...input,
    ...(options.figures === false ? settings : draftFigures(input.items, settings, saleParties(company, receiver))),
    date: input.date ?? ctx.now.toISOString(),
    // null: no delivery day of its own (the invoice's date stands for it)
    deliveryDate: input.deliveryDate ?? undefined,
  };
  // the company's « Mentions des factures » are an invoice's conditions (payment terms…), not a credit note's
  if (input.freeData === undefined && company.invoiceFreeData && !isCreditNoteDraft(input)) doc.freeData = company.invoiceFreeData;
  if (receiver !== undefined) doc.receiver = receiver;
  return doc;
}

export function draftsService(ctx: CallContext) {
  const repo = () => ctx.repo(Invoices);

  /** The draft, locked: an emission of it waits until this change or deletion is committed, then sees it. */
  async function editable(id: string): Promise<Invoice> {
    const invoice = await repo().getForUpdate(id) as Invoice;
    if (!isDraftInvoice(invoice)) throw conflict(FROZEN_INVOICE);
    return invoice;
  }

  const service = {
    async create(input: InvoiceDraftInput): Promise<Invoice> {
      assertInstant('date', input.date);
      assertDeliveryDate(input.deliveryDate);
      const company = await companies(ctx).current();
      const doc = await newDraft(ctx, input, company);
      assertTotalSign(doc as Pick<Invoice, 'inclTaxesPrice' | 'creditReason'>, 'save');
      return repo().create(doc) as Promise<Invoice>;
    },

    /** The given fields replace the stored ones; totals are recomputed from the resulting lines. */
    async update(id: string, input: InvoiceDraftInput): Promise<Invoice> {
      assertInstant('date', input.date);
      assertDeliveryDate(input.deliveryDate);
      const existing = await editable(id);
      const problem = creditDraftEditProblem(existing, input);
      if (problem) throw conflict(problem.message, [{ field: problem.field, message: 'non modifiable' }]);
      const company = await companies(ctx).current();
      const settings = settingsOf(company, input, existing);
      const changes: Record<string, unknown> = { ...input };
      if (input.deliveryDate === null) changes.deliveryDate = undefined;
      const customer = input.fk?.receiverCustomer;
      if (input.receiver === undefined && customer !== undefined && customer !== existing.fk.receiverCustomer) {
        // another customer: their receiver, or none when the customer is removed
        changes.receiver = customer ? await receiverForCustomer(ctx, customer) : undefined;
      }
      const receiver = 'receiver' in changes ? changes.receiver as Invoice['receiver'] : existing.receiver;
      Object.assign(changes, draftFigures(input.items ?? existing.items, settings, saleParties(company, receiver)));
      assertTotalSign({ ...existing, ...changes } as Invoice, 'save');
      const reason = creditReasonProblem(existing, input);
      if (reason) throw conflict(reason.message, [{ field: reason.field, message: 'non modifiable' }]);
      await assertWithinCreditable(ctx, { ...existing, ...changes } as Invoice, 'save');
      return repo().update(id, changes) as Promise<Invoice>;
    },

    /**
     * Lines added by another plugin (« Projets »: working time) at the end of a draft invoice of
     * `customer`: the draft locked first, then updated as a person's edit would be.
     */
    async appendLines(id: string, customer: string, items: LineItemInput[]): Promise<Invoice> {
      const existing = await editable(id);
      if (isCreditNoteDraft(existing) || existing.fk.sourceInvoice) throw conflict(NOT_AN_INVOICE_DRAFT);
      if (existing.fk.receiverCustomer !== customer) throw conflict(OTHER_CUSTOMER_DRAFT, [{ field: 'fk.receiverCustomer', message: 'autre client' }]);
      return service.update(id, { items: [...existing.items, ...items] as LineItemInput[] });
    },

    /**
     * Deleting a draft gives back what it held: the lines of the invoice it credits become
     * creditable again, the quotation it came from is no longer invoiced.
     */
    async remove(id: string): Promise<void> {
      const draft = await editable(id);
      await repo().remove(id);
      if (draft.fk.sourceInvoice) await releaseCreditedLines(ctx, draft.fk.sourceInvoice, id);
      if (draft.fk.fromQuotation) await releaseQuotation(ctx, draft.fk.fromQuotation, id);
    },
  };
  return service;
}

export type DraftsService = ReturnType<typeof draftsService>;
