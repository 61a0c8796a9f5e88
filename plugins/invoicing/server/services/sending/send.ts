/**
 * Sending an emitted invoice (credit note, corrective invoice) or a quotation by e-mail: to the
 * addresses given, else to the customer's receivers (send-recipients.ts), with the attachments of
 * send-attachments.ts (an invoice's Factur-X PDF and XML), through `kernel.mailer` — queued in this
 * transaction, delivered after the commit; the delivery writes the `emailSent` Activity on the
 * document (`about`). An invoice sent without its Factur-X answers a French `warning`.
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import { isDraftInvoice, type Invoice, type Quotation } from '../../../schemas/index.ts';
import { Invoices, PLUGIN_ID, Quotations } from '../../entities.ts';
import { INVOICE_SENT, QUOTATION_SENT } from '../../events.ts';
import { SEND_DRAFT, SEND_NO_SMTP, sendNoRecipient } from '../../messages.ts';
import { companies, mailer } from '../deps.ts';
import { documentMail } from './send-mail.ts';
import { replacingNumber } from '../documents/replacement.ts';
import { invoiceAttachments, quotationAttachments, type Attachments } from './send-attachments.ts';
import { recipientsOf, uniqueAddresses, type ReceiverKind } from './send-recipients.ts';

export interface SendInput { to?: string[]; message?: string }
export interface SendResult {
  _id: string;
  mail: string;
  to: string[];
  /** an invoice sent as a plain PDF: why its Factur-X is not attached */
  warning?: string;
}

export function sendingService(ctx: CallContext) {

  async function send(
    kind: ReceiverKind, id: string, customerId: string | null | undefined, attach: () => Promise<Attachments>, input: SendInput,
    replacedBy?: string,
  ): Promise<SendResult> {
    if (!(await mailer(ctx).configured())) throw conflict(SEND_NO_SMTP);
    const to = input.to?.length ? uniqueAddresses(input.to) : await recipientsOf(ctx, customerId, kind);
    if (!to.length) throw conflict(sendNoRecipient(kind), [{ field: 'to', message: 'aucun destinataire' }]);
    const [company, { document, attachments, warning }] = await Promise.all([companies(ctx).current(), attach()]);
    const mail = documentMail(document, { companyName: company.name, message: input.message, replacedBy });
    const queued = await mailer(ctx).send({ to, ...mail, attachments, about: { object: id, objectType: `${PLUGIN_ID}.${kind}` } });
    ctx.emit(kind === 'invoices' ? INVOICE_SENT : QUOTATION_SENT, { _id: id, mail: queued._id, to });
    return { _id: id, mail: queued._id, to, ...(warning ? { warning } : {}) };
  }

  return {
    async sendInvoice(id: string, input: SendInput = {}): Promise<SendResult> {
      const invoice = await ctx.repo(Invoices).get(id) as Invoice;
      if (isDraftInvoice(invoice)) throw conflict(SEND_DRAFT);
      // a replaced invoice may still be sent (a copy): its mail says it is owed no more
      const replacedBy = invoice.replacedBy ? await replacingNumber(ctx, invoice) : undefined;
      return send('invoices', id, invoice.fk.receiverCustomer, () => invoiceAttachments(ctx, id), input, replacedBy);
    },
    async sendQuotation(id: string, input: SendInput = {}): Promise<SendResult> {
      const quotation = await ctx.repo(Quotations).get(id) as Quotation;
      return send('quotations', id, quotation.fk.receiverCustomer, () => quotationAttachments(ctx, id), input);
    },
  };
}
export type SendingService = ReturnType<typeof sendingService>;
