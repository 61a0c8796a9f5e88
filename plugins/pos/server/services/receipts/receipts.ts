/** The receipts' service (README « Receipts »): what the routes call, each in the route's transaction. */
import type { CallContext } from '@comptoir/sdk';
import type { ReceiptInput, ReceiptInvoiceInput, RefundInput } from '../../../schemas/index.ts';
import { createReceipt } from './emit.ts';
import { invoiceReceipt } from './invoice.ts';
import { refundReceipt } from './refund.ts';

export function receiptsService(ctx: CallContext) {
  return {
    create: (input: ReceiptInput) => createReceipt(ctx, input),
    refund: (id: string, input: RefundInput) => refundReceipt(ctx, id, input),
    invoice: (id: string, input: ReceiptInvoiceInput) => invoiceReceipt(ctx, id, input),
  };
}
export type ReceiptsService = ReturnType<typeof receiptsService>;
