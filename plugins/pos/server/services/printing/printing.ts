/**
 * Prints a verification on its register's printer (README « Printing »): the bytes are built and
 * sent first, then the print is logged (`ticket.printed`), so that the company's counters are not
 * held locked while the printer answers.
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import type { PrintServer } from '../../../schemas/index.ts';
import { CashRegisters, PrintServers, Verifications } from '../../entities.ts';
import { companies } from '../deps.ts';
import { recordEvent } from '../events/event-log.ts';
import { encodeTicket } from './escpos.ts';
import { PrintFailed, sendToPrintServer } from './print-client.ts';
import { verificationTicket } from './verification-ticket.ts';

export const NO_PRINTER = 'Aucun serveur d’impression n’est choisi pour cette caisse (« posPrinterId »).';

export function printingService(ctx: CallContext) {
  return {
    /** The ESC/POS bytes of a verification, as its register's printer takes them. */
    async verificationBytes(verificationId: string): Promise<{ bytes: Uint8Array; server: PrintServer | null; registerId: string }> {
      const verification = await ctx.repo(Verifications).get(verificationId);
      const register = await ctx.repo(CashRegisters).get(verification.fk.cashRegister);
      const server = register.posPrinterId ? await ctx.repo(PrintServers).getRaw(register.posPrinterId) : null;
      const company = await companies(ctx).current();
      const bytes = await encodeTicket(verificationTicket(company, register, verification),
        { codepage: server?.codepage ?? 'windows1252', columns: server?.columns ?? 42 }, await companies(ctx).logo());
      return { bytes, server, registerId: register._id };
    },

    async printVerification(verificationId: string): Promise<{ printed: true; bytes: number }> {
      const { bytes, server, registerId } = await this.verificationBytes(verificationId);
      if (!server) throw conflict(NO_PRINTER, [{ field: 'posPrinterId', message: 'aucun' }]);
      try {
        await sendToPrintServer(server, bytes);
      } catch (e) {
        if (e instanceof PrintFailed) throw conflict(e.message);
        throw e;
      }
      await recordEvent(ctx, {
        code: 'ticket.printed', label: `Impression de la vérification de caisse sur « ${server.name} »`,
        cashRegister: registerId, object: { _id: verificationId, type: 'pos.verifications' }, data: { printServer: server._id, bytes: bytes.length },
      });
      return { printed: true, bytes: bytes.length };
    },
  };
}
export type PrintingService = ReturnType<typeof printingService>;
