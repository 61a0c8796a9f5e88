/**
 * A recurring template with `autoSendByEmail` sends each invoice it generates: on
 * `invoicing.invoice.generated` (`{ _id, templateId, autoSendByEmail }`), an emitted invoice is sent
 * as « Envoyer » would send it. A draft (`saveAsDraft`) waits for a person. What prevents sending —
 * no mail server, no address — is logged, not thrown: the invoice exists, and a person can send it;
 * so is an invoice sent as a plain PDF because its Factur-X lacks data.
 */
import { isHttpError, type BusEvent, type CallContext } from '@comptoir/sdk';
import { isDraftInvoice, type Invoice } from '../../../schemas/index.ts';
import { Invoices } from '../../entities.ts';
import { sendingService } from './send.ts';

export interface InvoiceGenerated { _id: string; templateId?: string | null; autoSendByEmail?: boolean }

export async function sendGeneratedInvoice(event: BusEvent, ctx: CallContext): Promise<void> {
  const payload = event.payload as InvoiceGenerated;
  if (!payload?.autoSendByEmail || !payload._id) return;
  const invoice = await ctx.repo(Invoices).find(payload._id) as Invoice | null;
  if (!invoice || isDraftInvoice(invoice)) return;
  try {
    const sent = await sendingService(ctx).sendInvoice(invoice._id);
    if (sent.warning) ctx.log.warn({ invoice: invoice._id, template: payload.templateId, reason: sent.warning }, 'recurring invoice sent without its Factur-X');
  } catch (e) {
    if (!isHttpError(e) || e.status >= 500) throw e;
    ctx.log.warn({ invoice: invoice._id, template: payload.templateId, reason: e.message }, 'recurring invoice not sent');
  }
}
