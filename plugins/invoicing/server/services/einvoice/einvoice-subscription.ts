/**
 * Emission freezes the e-invoice, after its commit: on `invoicing.invoice.emitted` (published once
 * the emitting transaction, and its numbering lock, are over) the e-invoice is rendered and stored
 * in a transaction of its own — a background subscription, run after the emitting request has
 * answered, one at a time per process (README « Frozen e-invoice », When). A failure is logged, not
 * thrown: the invoice is emitted whatever happens here, its e-invoice stays « à produire » and is
 * produced on first use (download, sending, `POST /invoices/:id/einvoice`).
 */
import type { BusEvent, CallContext } from '@comptoir/sdk';
import { produceEInvoice } from './einvoice-store.ts';

export async function freezeEmittedInvoice(event: BusEvent, ctx: CallContext): Promise<void> {
  const id = (event.payload as { _id?: string } | null)?._id;
  if (!id) return;
  try {
    await produceEInvoice(ctx, id);
  } catch (err) {
    ctx.log.warn({ err, invoice: id }, 'e-invoice not produced at emission: it will be on first use');
  }
}
