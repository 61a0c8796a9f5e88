/**
 * New drafts from an existing invoice (commerce README « Rules », Prepare from existing):
 * a duplicate, or a corrective invoice whose header says which emitted invoice it cancels and
 * replaces (the company's `correctiveInvoiceCustomMessage` when it has one). Only of an invoice
 * it may replace (documents/replacement.ts); its emission replaces it (credit/replacement.ts).
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import { correctiveInvoiceHeader, prepareInvoiceFromExisting } from '@comptoir/sdk/commerce';
import { isCreditNote, isDraftInvoice, type Invoice } from '../../../schemas/index.ts';
import { Invoices } from '../../entities.ts';
import { CORRECTIVE_ONLY_EMITTED } from '../../messages.ts';
import { companies } from '../deps.ts';
import { deliveryDayOf } from '../documents/operation.ts';
import { assertReplaceable, withoutReplacement } from '../documents/replacement.ts';
import { saleParties, withoutAutomaticCategories } from '../documents/vat-categories.ts';

/** A copy ready to be created: the clearing of « Prepare from existing », and the repository's own record fields removed. */
export function copyOf(source: Invoice, now: Date): Record<string, unknown> {
  const copy = withoutReplacement(prepareInvoiceFromExisting(source, now)) as Partial<Invoice>;
  delete copy.metadata;
  // a duplicate bills another delivery: its own date stands for it until one is given
  delete copy.deliveryDate;
  // a category chosen by hand is copied; the automatic ones follow the copy's customer
  copy.items = withoutAutomaticCategories(source.items, source.subjectToVAT, saleParties(source.sender, source.receiver));
  // a credit note emitted before credit notes carried their reason: its copy is one too
  if (isCreditNote(source) && !copy.creditReason?.trim()) copy.creditReason = source.headerMessage?.trim() || `Copie de l’avoir n° ${source.numberFull ?? ''}`.trim();
  return copy as Record<string, unknown>;
}

export function correctiveDraft(source: Invoice, now: Date, customMessage?: string): Record<string, unknown> {
  if (isDraftInvoice(source)) throw conflict(CORRECTIVE_ONLY_EMITTED);
  const copy = copyOf(source, now);
  return {
    ...copy,
    ...correctiveInvoiceHeader({ numberFull: source.numberFull!, date: source.date }, customMessage),
    // it corrects the same operation: the delivery day of the invoice it replaces
    deliveryDate: deliveryDayOf(source),
    fk: { ...(copy.fk as object), sourceInvoice: source._id },
  };
}

export function copiesService(ctx: CallContext) {
  const repo = () => ctx.repo(Invoices);
  return {
    async duplicate(id: string): Promise<Invoice> {
      const source = await repo().get(id) as Invoice;
      return repo().create(copyOf(source, ctx.now)) as Promise<Invoice>;
    },
    async corrective(id: string): Promise<Invoice> {
      // locked: decided on the source as it is now (a draft being emitted or deleted meanwhile)
      const source = await repo().getForUpdate(id) as Invoice;
      // an invoice already replaced, or paid in part, is not replaced (README « Corrective invoice »);
      // a copy of a credit note is a credit note, which replaces nothing
      if (!isCreditNote(source)) await assertReplaceable(ctx, source);
      const company = await companies(ctx).current();
      return repo().create(correctiveDraft(source, ctx.now, company.correctiveInvoiceCustomMessage)) as Promise<Invoice>;
    },
  };
}

export type CopiesService = ReturnType<typeof copiesService>;
