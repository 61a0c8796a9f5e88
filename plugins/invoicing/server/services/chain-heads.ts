/**
 * The last hashed document of each chain (hash-chain.ts), read inside the emitting transaction
 * after the kernel counter has been locked, so that two emissions never chain on the same one.
 *
 * Every number of a chain came from its counter, which only goes up: all numbers given so far are
 * below the one just taken. So the predecessor is number − 1 when it exists (one unique-index
 * look-up, the usual case); otherwise (the first document, or a counter raised by hand) the
 * greatest number below, by a sorted list.
 */
import type { CallContext } from '@comptoir/sdk';
import type { Invoice, Payment } from '@comptoir/schemas';
import { Invoices, Payments } from '../entities.ts';

export async function previousInvoice(ctx: CallContext, taken: number): Promise<Invoice | null> {
  const repo = ctx.repo(Invoices);
  const adjacent = taken > 1 ? await repo.findOne({ number: taken - 1 }) : null;
  if (adjacent) return adjacent as Invoice;
  const page = await repo.list({
    filters: { number: { mode: 'lt', value: taken } },
    sort: { field: 'number', ascending: false },
    pagination: { quantity: 1 },
  });
  return (page.data[0] as Invoice | undefined) ?? null;
}

export async function previousInvoicePayment(ctx: CallContext, taken: number): Promise<Payment | null> {
  const repo = ctx.repo(Payments);
  const adjacent = taken > 1 ? await repo.findOne({ source: 'invoice', number: taken - 1 }) : null;
  if (adjacent) return adjacent as Payment;
  const page = await repo.list({
    filters: { source: { mode: 'eq', value: 'invoice' }, number: { mode: 'lt', value: taken } },
    sort: { field: 'number', ascending: false },
    pagination: { quantity: 1 },
  });
  return (page.data[0] as Payment | undefined) ?? null;
}
