/**
 * X and Z tickets (README « Closings »): the totals of a session's receipts (`closingTotals`),
 * numbered by their own counter, hashed in their own chain (`writeChained` of the SDK, as receipts),
 * frozen. An X is a reading while the register stays open; a Z is written by the closing itself
 * (sessions.ts), with the closing's difference and the perpetual grand totals.
 */
import { conflict, previousLink, readAllPages, writeChained, type CallContext } from '@comptoir/sdk';
import { senderFromCompany } from '@comptoir/sdk/commerce';
import type { CashRegister, CashRegisterVerification, ClosingTicket, GrandTotals, Receipt, XTicketInput } from '../../../schemas/index.ts';
import { ChainHeads, CashRegisters, Receipts, Verifications, XTickets, ZTickets } from '../../entities.ts';
import { LOCKED, X_NOT_OPEN } from '../../messages.ts';
import { companies, numbering } from '../deps.ts';
import { EVENT_COUNTER, recordEvent } from '../events/event-log.ts';
import { closingTotals, type ClosingReceipt } from './totals.ts';
import { nextGrandTotal } from './grand-totals.ts';
import { X_CHAIN, X_COUNTER, Z_CHAIN, Z_COUNTER, ticketHash } from './hash.ts';

/** What the totals (and the closing's cash flows: `refund`, `payments`) read of a receipt: only these columns are decoded. */
const RECEIPT_FIELDS = ['inclTaxesPrice', 'exclTaxesPrice', 'vatDetails', 'items', 'payments', 'refund'];

export type SessionReceipt = ClosingReceipt & Pick<Receipt, 'refund' | 'payments'>;

export const sessionReceipts = (ctx: CallContext, openingId: string) =>
  readAllPages(ctx.repo(Receipts), { 'fk.opening': { mode: 'eq', value: openingId } }, 'date', RECEIPT_FIELDS) as unknown as Promise<SessionReceipt[]>;

interface TicketContext {
  register: CashRegister;
  opening: CashRegisterVerification;
  /** the closing verification (Z only) */
  closing?: CashRegisterVerification;
  /** the session's receipts when the caller has read them already (the closing reads them once for its cash and its Z) */
  receipts?: SessionReceipt[];
  userName?: string;
}

/** Writes an X or Z ticket; the caller holds the company's counters and the register's row. */
async function writeTicket(ctx: CallContext, kind: 'x' | 'z', t: TicketContext): Promise<ClosingTicket> {
  const receipts = t.receipts ?? await sessionReceipts(ctx, t.opening._id);
  const totals = closingTotals(receipts, t.closing?.difference ?? 0);
  const repo = ctx.repo(kind === 'x' ? XTickets : ZTickets);
  const taken = await numbering(ctx).take(kind === 'x' ? X_COUNTER : Z_COUNTER);
  let grandTotals: GrandTotals | undefined;
  if (kind === 'z') {
    // GT(N) = GT(N−1) + the period: the previous Z of the company's chain, and of this register
    const previousOfCompany = await previousLink(repo, taken.number) as ClosingTicket | null;
    const previousOfRegister = (await repo.list({
      filters: { 'fk.cashRegister': { mode: 'eq', value: t.register._id } }, sort: { field: 'number', ascending: false }, pagination: { quantity: 1 },
    })).data[0] as ClosingTicket | undefined;
    grandTotals = { register: nextGrandTotal(previousOfRegister?.grandTotals?.register, totals), company: nextGrandTotal(previousOfCompany?.grandTotals?.company, totals) };
  }
  const userName = t.userName ?? t.closing?.userName;
  const prepared = await repo.prepareCreate({
    kind, number: taken.number, numberFull: taken.numberFull, date: ctx.now.toISOString(), startDate: t.opening.date, endDate: ctx.now.toISOString(),
    sender: senderFromCompany(await companies(ctx).current()), ...totals,
    cashRegisterNumber: t.register.numberFull, ...(userName ? { userName } : {}), receiptsCount: receipts.length,
    ...(grandTotals ? { grandTotals } : {}),
    fk: {
      cashRegister: t.register._id, opening: t.opening._id, ...(t.closing ? { verification: t.closing._id } : {}),
      ...(ctx.caller.userId ? { user: ctx.caller.userId } : {}),
    },
  }) as unknown as { doc: ClosingTicket; write(set: Record<string, unknown>): Promise<ClosingTicket> };
  return writeChained(ctx.repo(ChainHeads), kind === 'x' ? X_CHAIN : Z_CHAIN, taken,
    () => previousLink(repo, taken.number),
    (previousHash) => ticketHash(previousHash, prepared.doc),
    (hash) => prepared.write({ hash }));
}

/** The Z ticket of a closing, in the closing's transaction (sessions.ts `close`). */
export const writeZTicket = (ctx: CallContext, t: TicketContext & { closing: CashRegisterVerification }) => writeTicket(ctx, 'z', t);

export function closingTicketsService(ctx: CallContext) {
  return {
    /** An X ticket: the session's totals so far; the register stays open. */
    async xTicket(id: string, input: XTicketInput = {}): Promise<ClosingTicket> {
      // the first lock: the company's counters (as every action of the till), then the register
      await numbering(ctx).take(EVENT_COUNTER, 1);
      const register = await ctx.repo(CashRegisters).getForUpdate(id);
      if (register.locked) throw conflict(LOCKED);
      if (register.status !== 'opened' || !register.fk.openingVerification) throw conflict(X_NOT_OPEN);
      const opening = await ctx.repo(Verifications).get(register.fk.openingVerification);
      const ticket = await writeTicket(ctx, 'x', { register, opening, ...(input.userName ? { userName: input.userName } : {}) });
      await recordEvent(ctx, {
        code: 'x-ticket.made', label: `Ticket X ${ticket.numberFull} de la caisse ${register.numberFull} (${register.name}) : ${ticket.receiptsCount} tickets`,
        cashRegister: id, object: { _id: ticket._id, type: 'pos.x-tickets' },
        data: { number: ticket.number, totalInclTaxes: ticket.totalInclTaxes, refundTotalInclTaxes: ticket.refundTotalInclTaxes },
      });
      return ticket;
    },
  };
}
export type ClosingTicketsService = ReturnType<typeof closingTicketsService>;
