/**
 * Printing an X or Z ticket on its register's printer, and its preview (README « Printing »). As
 * for receipts, the first print is the original and every later one « DUPLICATA n° N » (N = prints
 * logged before); each is logged `ticket.printed` with its kind and duplicate number, after the
 * printer accepted it (the company's counters are not held while it answers).
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import type { ClosingTicket, PrintServer } from '../../../schemas/index.ts';
import { CashRegisters, Events, PrintServers, XTickets, ZTickets } from '../../entities.ts';
import { companies } from '../deps.ts';
import { recordEvent } from '../events/event-log.ts';
import { closingTicket, ticketText } from './closing-ticket.ts';
import { encodeTicket } from './escpos.ts';
import { PrintFailed, sendToPrintServer } from './print-client.ts';
import { NO_PRINTER } from './printing.ts';
import { VERSION } from './receipt-printing.ts';

export type ClosingKind = 'x' | 'z';

export function closingPrintingService(ctx: CallContext) {
  async function load(kind: ClosingKind, id: string) {
    const ticket = await ctx.repo(kind === 'x' ? XTickets : ZTickets).get(id) as ClosingTicket;
    const register = await ctx.repo(CashRegisters).get(ticket.fk.cashRegister);
    const server = register.posPrinterId ? await ctx.repo(PrintServers).getRaw(register.posPrinterId) as PrintServer : null;
    const duplicate = await ctx.repo(Events).count({ 'fk.object': ticket._id, code: 'ticket.printed' });
    return { ticket, server, duplicate, blocks: closingTicket(ticket, { duplicate, version: VERSION }) };
  }

  return {
    /** The ticket as its next print will read, one string a line, in its printer's width. */
    async preview(kind: ClosingKind, id: string): Promise<{ lines: string[]; columns: number; duplicate: number; printer: string | null }> {
      const { blocks, server, duplicate } = await load(kind, id);
      const columns = server?.columns ?? 42;
      return { lines: ticketText(blocks, columns), columns, duplicate, printer: server?.name ?? null };
    },

    async print(kind: ClosingKind, id: string): Promise<{ printed: true; bytes: number; duplicate: number }> {
      const { ticket, server, duplicate, blocks } = await load(kind, id);
      if (!server) throw conflict(NO_PRINTER, [{ field: 'posPrinterId', message: 'aucun' }]);
      const bytes = await encodeTicket(blocks, { codepage: server.codepage ?? 'windows1252', columns: server.columns ?? 42 }, await companies(ctx).logo());
      try {
        await sendToPrintServer(server, bytes);
      } catch (e) {
        if (e instanceof PrintFailed) throw conflict(e.message);
        throw e;
      }
      const name = kind === 'x' ? 'ticket X' : 'ticket Z';
      await recordEvent(ctx, {
        code: 'ticket.printed', label: `Impression du ${name} n° ${ticket.numberFull}${duplicate ? ` : duplicata n° ${duplicate}` : ''} sur « ${server.name} »`,
        cashRegister: ticket.fk.cashRegister, object: { _id: ticket._id, type: kind === 'x' ? 'pos.x-tickets' : 'pos.z-tickets' },
        data: { kind, duplicate, printServer: server._id, bytes: bytes.length },
      });
      return { printed: true, bytes: bytes.length, duplicate };
    },
  };
}
export type ClosingPrintingService = ReturnType<typeof closingPrintingService>;
