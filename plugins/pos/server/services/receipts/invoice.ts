/**
 * A receipt made an invoice on request (README « Receipt to invoice »), for a customer of the
 * directory: through invoicing's one-request create + emit (`invoicing.emission.createAndEmit`,
 * same refusals as any invoice: the company's §5 fields, the buyer's name and address…), the
 * invoice naming the receipt (`fk.receipt`), then the receipt's payments recorded on it (it was
 * paid at the till: `invoicing.payments`), and the receipt marked (`fk.invoice`, not hashed). Once
 * only: the receipt's row is locked after the company's counters, the mark read after the lock.
 * A refunded receipt (even in part) stays a receipt. The sale and its payments are in the books
 * once, through the till's journal: invoicing's FEC leaves out an invoice made from a receipt.
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import type { Receipt, ReceiptInvoiceInput } from '../../../schemas/index.ts';
import { Receipts } from '../../entities.ts';
import { ALREADY_INVOICED, REFUNDED_NOT_INVOICED, REFUND_NOT_INVOICED } from '../../messages.ts';
import { emission, invoicePayments, invoices, numbering, type Invoice } from '../deps.ts';
import { RECEIPT_COUNTER } from './hash.ts';

export async function invoiceReceipt(ctx: CallContext, id: string, input: ReceiptInvoiceInput): Promise<{ receipt: Receipt; invoice: Invoice }> {
  const repo = ctx.repo(Receipts);
  // the counters first (the invoice's number is taken under the same company lock), then the receipt
  await numbering(ctx).take(RECEIPT_COUNTER, 1);
  const receipt = await repo.getForUpdate(id);
  if (receipt.refund) throw conflict(REFUND_NOT_INVOICED);
  if (receipt.fk.invoice) {
    const [invoice] = await invoices(ctx).findByIds([receipt.fk.invoice]);
    throw conflict(ALREADY_INVOICED(invoice?.numberFull ?? receipt.fk.invoice), [{ field: 'fk.invoice', message: 'déjà facturé' }]);
  }
  if ((await repo.count({ 'fk.sourceReceipt': id })) > 0) throw conflict(REFUNDED_NOT_INVOICED);
  const created = await emission(ctx).createAndEmit({
    subjectToVAT: receipt.subjectToVAT, vatCalculationMethod: receipt.vatCalculationMethod,
    items: receipt.items.map(({ vatCategory: _c, vatExemptionReason: _r, ...line }) => line),
    ...(input.invoiceComment ? { invoiceComment: input.invoiceComment } : {}),
    ...(receipt.userName ? { userName: receipt.userName } : {}),
    fk: { receiverCustomer: input.customerId },
  }, { receipt: id });
  let invoice = created;
  for (const p of receipt.payments) {
    if (p.amount === 0) continue;
    invoice = await invoicePayments(ctx).recordForInvoice(created._id, {
      mode: p.mode === 'credit-compensation' ? 'credit' : p.mode, amount: p.amount, date: p.date,
      ...(p.cashPaid !== undefined ? { cashPaid: p.cashPaid } : {}), ...(p.cashChange !== undefined ? { cashChange: p.cashChange } : {}),
    });
  }
  const marked = await repo.update(id, { fk: { ...receipt.fk, invoice: created._id } }, { existing: receipt }) as Receipt;
  return { receipt: marked, invoice };
}
