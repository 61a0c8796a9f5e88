/**
 * The Factur-X of a stored invoice: what the XML needs around the frozen invoice (the credited or
 * corrected invoice, the company's current e-mail and trade name, the customer's e-mail, the
 * payments) and the XML built from it. Emitted invoices only: a draft has no number yet (409).
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import { isDraftInvoice, type Invoice } from '../../../schemas/index.ts';
import { customerEmail } from '../deps.ts';
import { loadInvoiceRecords, type InvoiceRecords } from '../invoice-records.ts';
import { buildFacturX, tryFacturX, type FacturXOutcome } from './build.ts';
import type { FacturXContext } from './types.ts';

export const DRAFT_NO_FACTURX = 'Une facture brouillon n’a pas de facture électronique : émettez-la d’abord.';

export function facturXContext(records: InvoiceRecords, buyerEmail: string | undefined): FacturXContext {
  const { source, company, payments } = records;
  return {
    sourceInvoice: source?.numberFull ? { numberFull: source.numberFull, date: source.date } : null,
    seller: { email: company.email, brandName: company.brandName },
    buyer: { email: buyerEmail },
    payments: payments.map((p) => ({ mode: p.mode, amount: p.amount, date: p.date })),
  };
}

async function contextOf(ctx: CallContext, records: InvoiceRecords): Promise<FacturXContext> {
  if (isDraftInvoice(records.invoice)) throw conflict(DRAFT_NO_FACTURX);
  return facturXContext(records, await customerEmail(ctx, records.invoice.fk.receiverCustomer));
}

/** The XML of an emitted invoice, or what it lacks; 409 for a draft. */
export async function facturXOf(ctx: CallContext, records: InvoiceRecords): Promise<FacturXOutcome> {
  return tryFacturX(records.invoice, await contextOf(ctx, records));
}

/** The XML, the document type and the conformance level of an emitted invoice; 409 for a draft or what is missing. */
export async function loadFacturX(ctx: CallContext, id: string): Promise<{ invoice: Invoice } & ReturnType<typeof buildFacturX>> {
  const records = await loadInvoiceRecords(ctx, id);
  return { invoice: records.invoice, ...buildFacturX(records.invoice, await contextOf(ctx, records)) };
}
