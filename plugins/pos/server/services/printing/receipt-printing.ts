/**
 * Printing a receipt on its register's printer and sending it as a PDF (README « Printing »). The
 * first copy is the original; every later one — printed again or sent — is « DUPLICATA n° … »,
 * numbered by the copies logged before it, and logged in the event log (`ticket.printed` for the
 * original, `receipt.reprinted` for a duplicate, with its number and how it left). As for
 * verifications, the bytes are sent before the event is written, so that the company's counters
 * are not held while the printer answers; two reprints at the same instant may then carry the same
 * duplicate number, and both are logged.
 */
import { readFileSync } from 'node:fs';
import { conflict, type CallContext } from '@comptoir/sdk';
import type { PrintServer, Receipt } from '../../../schemas/index.ts';
import { CashRegisters, Events, PrintServers, Receipts } from '../../entities.ts';
import { SEND_NO_SMTP } from '../../messages.ts';
import { companies, mailer } from '../deps.ts';
import { recordEvent } from '../events/event-log.ts';
import { refundable } from '../receipts/refund-rules.ts';
import { encodeTicket } from './escpos.ts';
import { PrintFailed, sendToPrintServer } from './print-client.ts';
import { NO_PRINTER } from './printing.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { receiptTicket, type ReceiptPrintContext } from './receipt-ticket.ts';
import { money } from './verification-ticket.ts';

/** the version printed on tickets (REQUIREMENTS.md §6): this plugin's */
export const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export function receiptPrintingService(ctx: CallContext) {
  /** What the print of a receipt says besides the receipt itself. */
  async function printContext(r: Receipt): Promise<ReceiptPrintContext> {
    const copies = await ctx.repo(Events).count({ 'fk.object': r._id, code: ['ticket.printed', 'receipt.reprinted'] });
    let source: ReceiptPrintContext['source'] = null;
    if (r.fk.sourceReceipt) {
      const original = await ctx.repo(Receipts).get(r.fk.sourceReceipt);
      const refunds = await ctx.repo(Receipts).findMany({ 'fk.sourceReceipt': original._id });
      const left = refundable(original.items, refunds.filter((x) => (x.number ?? 0) <= (r.number ?? 0)));
      source = { numberFull: original.numberFull!, whole: [...left.values()].every((q) => q.lessThanOrEqualTo(0)) };
    }
    const refundedBy = r.refund ? [] : (await ctx.repo(Receipts).findMany({ 'fk.sourceReceipt': r._id }, { orderBy: 'number' })).map((x) => ({ numberFull: x.numberFull! }));
    return { duplicate: copies, version: VERSION, source, refundedBy };
  }

  async function logCopy(r: Receipt, duplicate: number, channel: 'printer' | 'email', data: Record<string, unknown>) {
    await recordEvent(ctx, duplicate === 0
      ? { code: 'ticket.printed', label: `Impression du ticket n° ${r.numberFull} (${money(r.inclTaxesPrice)})`, cashRegister: r.fk.cashRegister, object: { _id: r._id, type: 'pos.receipts' }, data: { channel, ...data } }
      : {
        code: 'receipt.reprinted', label: `${channel === 'email' ? 'Envoi par e-mail' : 'Réimpression'} du ticket n° ${r.numberFull} : duplicata n° ${duplicate}`,
        cashRegister: r.fk.cashRegister, object: { _id: r._id, type: 'pos.receipts' }, data: { channel, duplicate, ...data },
      });
  }

  return {
    /** The ESC/POS bytes of a receipt as its register's printer takes them, and that printer. */
    async receiptBytes(id: string): Promise<{ receipt: Receipt; bytes: Uint8Array; server: PrintServer | null; duplicate: number }> {
      const receipt = await ctx.repo(Receipts).get(id);
      const register = await ctx.repo(CashRegisters).get(receipt.fk.cashRegister);
      const server = register.posPrinterId ? await ctx.repo(PrintServers).getRaw(register.posPrinterId) : null;
      const context = await printContext(receipt);
      const bytes = await encodeTicket(receiptTicket(receipt, context), { codepage: server?.codepage ?? 'windows1252', columns: server?.columns ?? 42 }, await companies(ctx).logo());
      return { receipt, bytes, server, duplicate: context.duplicate };
    },

    /** `POST /receipts/:id/print`: 200 `{ printed, bytes, duplicate }`; 409 without a printer or when it refuses. */
    async print(id: string): Promise<{ printed: true; bytes: number; duplicate: number }> {
      const { receipt, bytes, server, duplicate } = await this.receiptBytes(id);
      if (!server) throw conflict(NO_PRINTER, [{ field: 'posPrinterId', message: 'aucun' }]);
      try {
        await sendToPrintServer(server, bytes);
      } catch (e) {
        if (e instanceof PrintFailed) throw conflict(e.message);
        throw e;
      }
      await logCopy(receipt, duplicate, 'printer', { printServer: server._id, bytes: bytes.length });
      return { printed: true, bytes: bytes.length, duplicate };
    },

    /** The PDF of a receipt (as its next copy would print). */
    async pdf(id: string): Promise<{ receipt: Receipt; pdf: Buffer; duplicate: number }> {
      const receipt = await ctx.repo(Receipts).get(id);
      const context = await printContext(receipt);
      const pdf = await receiptPdf(receiptTicket(receipt, context), await companies(ctx).logo(), `Ticket ${receipt.numberFull}`);
      return { receipt, pdf, duplicate: context.duplicate };
    },

    /** `POST /receipts/:id/send`: the PDF by e-mail through the platform's mailer (delivered after the commit). */
    async send(id: string, input: { to: string }): Promise<{ sent: true; to: string; duplicate: number }> {
      // an unknown receipt is a 404 before anything else
      await ctx.repo(Receipts).get(id);
      if (!(await mailer(ctx).configured())) throw conflict(SEND_NO_SMTP);
      const { receipt, pdf, duplicate } = await this.pdf(id);
      const company = receipt.sender?.name ?? (await companies(ctx).current()).name;
      const what = receipt.refund ? 'ticket de remboursement' : 'ticket de caisse';
      const text = ['Bonjour,', `Veuillez trouver ci-joint votre ${what} n° ${receipt.numberFull} d’un montant de ${money(receipt.inclTaxesPrice)}.`, 'Merci de votre visite,', company].join('\n\n');
      await mailer(ctx).send({
        to: input.to, subject: `Ticket de caisse ${receipt.numberFull} — ${company}`.slice(0, 255), text,
        attachments: [{ filename: `ticket-${receipt.numberFull}.pdf`, content: pdf.toString('base64'), contentType: 'application/pdf' }],
        about: { object: receipt._id, objectType: 'pos.receipts' },
      });
      await logCopy(receipt, duplicate, 'email', { to: input.to });
      return { sent: true, to: input.to, duplicate };
    },
  };
}
export type ReceiptPrintingService = ReturnType<typeof receiptPrintingService>;
