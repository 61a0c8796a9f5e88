/**
 * Quotations: numbered at creation (the `quotation` counter), valid 14 days after creation unless
 * told otherwise (invoicing README « Entities »), addressed to a customer (contacts) or to a company of this server
 * (kernel), and turned into an invoice draft by `invoice`, which marks them « invoiced ».
 */
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import { senderFromCompany } from '@comptoir/sdk/commerce';
import { QUOTATION_VALIDITY_DAYS, type Invoice, type Quotation, type QuotationInput } from '../../../schemas/index.ts';
import type { Company, Receiver, Sender } from '@comptoir/schemas';
import { Invoices, Quotations } from '../../entities.ts';
import { QUOTATION_INVOICED } from '../../events.ts';
import { FROZEN_QUOTATION, QUOTATION_ALREADY_INVOICED, QUOTATION_REFUSED, RECEIVER_BOTH } from '../../messages.ts';
import { computeSaleLines, settingsOf } from '../documents/compute.ts';
import { companies, numbering } from '../deps.ts';
import { assertReceiverCompany, receiverForCompany, receiverForCustomer } from '../documents/receivers.ts';
import { assertTotalSign, draftFigures } from '../documents/totals.ts';
import { assertInstant } from '../documents/limits.ts';
import { saleParties } from '../documents/vat-categories.ts';

const assertDates = (input: QuotationInput) => {
  assertInstant('date', input.date);
  assertInstant('expirationDate', input.expirationDate);
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Creation + 14 days. */
export function defaultExpiration(now: Date): string {
  return new Date(now.getTime() + QUOTATION_VALIDITY_DAYS * DAY_MS).toISOString();
}

/** The receiver of a quotation: the one written, else the customer's, else the company's. */
async function receiverOf(ctx: CallContext, fk: { receiverCustomer?: string | null; receiverCompany?: string | null }): Promise<Receiver | undefined> {
  if (fk.receiverCustomer && fk.receiverCompany) {
    throw badRequest(RECEIVER_BOTH, [{ field: 'fk.receiverCompany', message: 'un seul destinataire' }]);
  }
  if (fk.receiverCustomer) return receiverForCustomer(ctx, fk.receiverCustomer);
  if (fk.receiverCompany) return receiverForCompany(ctx, fk.receiverCompany);
  return undefined;
}

/** The invoice draft of a quotation: its lines, parties and settings, linked back to it. */
export function invoiceDraftFrom(quotation: Quotation, company: Company, now: Date): Record<string, unknown> {
  const settings = { subjectToVAT: quotation.subjectToVAT, vatCalculationMethod: quotation.vatCalculationMethod };
  const draft: Record<string, unknown> = {
    ...draftFigures(quotation.items, settings, saleParties(company, quotation.receiver)),
    date: now.toISOString(),
    fk: { receiverCustomer: quotation.fk.receiverCustomer ?? null, fromQuotation: quotation._id },
  };
  if (quotation.receiver) draft.receiver = quotation.receiver;
  if (quotation.comment) draft.comment = quotation.comment;
  if (company.invoiceFreeData) draft.freeData = company.invoiceFreeData;
  return draft;
}

export function quotationsService(ctx: CallContext) {
  const repo = () => ctx.repo(Quotations);
  return {
    async create(input: QuotationInput): Promise<Quotation> {
      assertDates(input);
      // the quotation counter first (see emission.ts)
      const taken = await numbering(ctx).take('quotation');
      if (input.fk?.receiverCompany) await assertReceiverCompany(ctx, input.fk.receiverCompany);
      const company = await companies(ctx).current();
      const now = ctx.now.toISOString();
      const settings = settingsOf(company, input);
      const receiver = input.receiver ?? await receiverOf(ctx, input.fk ?? {});
      const doc: Record<string, unknown> = {
        ...input,
        ...settings,
        ...computeSaleLines(input.items ?? [], settings, saleParties(company, receiver)),
        number: taken.number,
        numberFull: taken.numberFull,
        date: input.date ?? now,
        statusDate: now,
        expirationDate: input.expirationDate ?? defaultExpiration(ctx.now),
        sender: senderFromCompany(company) as Sender,
      };
      if (input.freeData === undefined && company.invoiceFreeData) doc.freeData = company.invoiceFreeData;
      if (input.receiver === undefined) {
        if (receiver) doc.receiver = receiver;
      } else if (input.fk?.receiverCustomer && input.fk?.receiverCompany) {
        throw badRequest(RECEIVER_BOTH, [{ field: 'fk.receiverCompany', message: 'un seul destinataire' }]);
      }
      return repo().create(doc) as Promise<Quotation>;
    },

    async update(id: string, input: QuotationInput): Promise<Quotation> {
      assertDates(input);
      // locked: a conversion running meanwhile must not copy lines this update replaces
      const existing = await repo().getForUpdate(id) as Quotation;
      if (existing.status === 'invoiced') throw conflict(FROZEN_QUOTATION);
      const receiverCompany = input.fk?.receiverCompany;
      if (receiverCompany && receiverCompany !== existing.fk.receiverCompany) await assertReceiverCompany(ctx, receiverCompany);
      const company = await companies(ctx).current();
      const settings = settingsOf(company, input, existing);
      const changes: Record<string, unknown> = { ...input, ...settings };
      if (input.status !== undefined && input.status !== existing.status) changes.statusDate = ctx.now.toISOString();
      const fk = { ...existing.fk, ...input.fk };
      const receiverChanged = (input.fk?.receiverCustomer !== undefined && input.fk.receiverCustomer !== existing.fk.receiverCustomer)
        || (input.fk?.receiverCompany !== undefined && input.fk.receiverCompany !== existing.fk.receiverCompany);
      if (input.receiver === undefined && receiverChanged) changes.receiver = await receiverOf(ctx, fk);
      else if (fk.receiverCustomer && fk.receiverCompany) {
        throw badRequest(RECEIVER_BOTH, [{ field: 'fk.receiverCompany', message: 'un seul destinataire' }]);
      }
      const receiver = 'receiver' in changes ? changes.receiver as Quotation['receiver'] : existing.receiver;
      Object.assign(changes, computeSaleLines(input.items ?? existing.items, settings, saleParties(company, receiver)));
      return repo().update(id, changes) as Promise<Quotation>;
    },

    async remove(id: string): Promise<void> {
      await repo().getForUpdate(id);
      await repo().remove(id);
    },

    /** 201: the invoice draft; the quotation becomes « invoiced ». */
    async invoice(id: string): Promise<Invoice> {
      // locked: of N parallel conversions, the first makes the invoice, the others see « invoiced »
      const quotation = await repo().getForUpdate(id) as Quotation;
      if (quotation.status === 'invoiced') throw conflict(QUOTATION_ALREADY_INVOICED);
      if (quotation.status === 'refused') throw conflict(QUOTATION_REFUSED);
      const company = await companies(ctx).current();
      const draft = invoiceDraftFrom(quotation, company, ctx.now);
      assertTotalSign(draft as Pick<Invoice, 'inclTaxesPrice'>, 'conversion');
      const invoice = await ctx.repo(Invoices).create(draft) as Invoice;
      await repo().update(id, { status: 'invoiced', statusDate: ctx.now.toISOString() });
      ctx.emit(QUOTATION_INVOICED, { _id: id, invoiceId: invoice._id });
      return invoice;
    },
  };
}

/**
 * The draft invoice of a quotation was deleted: the quotation is « accepted » again (it was, to
 * be invoiced), unless another invoice still comes from it.
 */
export async function releaseQuotation(ctx: CallContext, quotationId: string, deletedInvoiceId: string): Promise<void> {
  if (!await ctx.repo(Quotations).find(quotationId)) return;
  // locked after the draft (drafts.ts): a conversion waits, then sees « accepted » again
  const quotation = await ctx.repo(Quotations).getForUpdate(quotationId) as Quotation;
  if (quotation.status !== 'invoiced') return;
  const others = (await ctx.repo(Invoices).findMany({ 'fk.fromQuotation': quotationId })).filter((i) => i._id !== deletedInvoiceId);
  if (others.length > 0) return;
  await ctx.repo(Quotations).update(quotationId, { status: 'accepted', statusDate: ctx.now.toISOString() });
}

export type QuotationsService = ReturnType<typeof quotationsService>;
