/**
 * What an invoice's documents are made from, read once: the invoice, the active company (a
 * draft's sender, the contact e-mail, the trade name), its payments in number order, and the
 * invoice a credit note or corrective invoice refers to. The PDF and the Factur-X XML both start here.
 */
import type { CallContext } from '@comptoir/sdk';
import type { Company, Payment } from '@comptoir/schemas';
import type { Invoice } from '../../schemas/index.ts';
import { Invoices, Payments } from '../entities.ts';
import { companies } from './deps.ts';

export interface InvoiceRecords {
  invoice: Invoice;
  company: Company;
  payments: Payment[];
  source: Invoice | null;
}

export async function loadInvoiceRecords(ctx: CallContext, id: string): Promise<InvoiceRecords> {
  const invoice = await ctx.repo(Invoices).get(id) as Invoice;
  const [company, payments, source] = await Promise.all([
    companies(ctx).current(),
    ctx.repo(Payments).findMany({ 'fk.invoice': id }) as Promise<Payment[]>,
    invoice.fk.sourceInvoice ? ctx.repo(Invoices).find(invoice.fk.sourceInvoice) as Promise<Invoice | null> : null,
  ]);
  return { invoice, company, payments: payments.sort((a, b) => (a.number ?? 0) - (b.number ?? 0)), source };
}
