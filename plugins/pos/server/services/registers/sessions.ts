/**
 * Opening, cash movements and closing of a register (README « Opening and closing »). Each action
 * locks the company's counters first (the event it logs takes a number), then the register
 * (`getForUpdate`: on MariaDB two openings at once would otherwise both see it closed), decides,
 * and writes the verification or movement, the register and the event in the route's transaction.
 */
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type {
  CashMovement, CashRegister, CashRegisterVerification, ClosingTicket, MovementInput, Receipt, VerificationInput,
} from '../../../schemas/index.ts';
import { CashMovements, CashRegisters, Verifications } from '../../entities.ts';
import { receiptFlows } from '../receipts/cash-flows.ts';
import { REGISTER_CLOSED, REGISTER_OPENED } from '../../events.ts';
import { ALREADY_OPEN, LOCKED, MORE_THAN_COUNTED, NOT_ENOUGH_CASH, NOT_OPEN, ZERO_MOVEMENT } from '../../messages.ts';
import { addCash, cashCents, cashTotal } from '../cash/cash-details.ts';
import { numbering } from '../deps.ts';
import { EVENT_COUNTER, recordEvent } from '../events/event-log.ts';
import { checkCash, normalCash } from './cash-input.ts';
import { verificationFigures, type CashFlow } from './verification.ts';
import { sessionReceipts, writeZTicket } from '../closings/tickets.ts';

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const euros = (n: number) => EUROS.format(n).replace(/[\u202f\u00a0]/g, ' ');

/** The first lock of every action: the company's counters (`take` of an existing number changes nothing). */
const lockCounters = (ctx: CallContext) => numbering(ctx).take(EVENT_COUNTER, 1);

export function sessionsService(ctx: CallContext) {
  const registers = () => ctx.repo(CashRegisters);

  async function lockedRegister(id: string): Promise<CashRegister> {
    await lockCounters(ctx);
    return registers().getForUpdate(id);
  }

  /** The movements of the current opening, oldest first, then its receipts' cash, as cash flows. */
  async function flowsOf(openingId: string, receipts: readonly Pick<Receipt, 'refund' | 'payments'>[]): Promise<CashFlow[]> {
    const movements = await ctx.repo(CashMovements).findMany({ 'fk.opening': openingId }, { orderBy: 'date' }) as CashMovement[];
    return [
      ...movements.map((m) => ({ type: m.type, amount: m.amount, reason: m.reason, date: m.date, ...(m.userName ? { userName: m.userName } : {}) })),
      ...receiptFlows(receipts, ctx.now.toISOString()),
    ];
  }

  return {
    /** Opens a closed, unlocked register with the cash counted in its drawer. */
    async open(id: string, input: VerificationInput): Promise<{ cashRegister: CashRegister; verification: CashRegisterVerification }> {
      checkCash(input.cash, 'cash');
      if (input.newAmountDetails !== undefined) throw badRequest('« newAmountDetails » ne se donne qu’à la clôture.', [{ field: 'newAmountDetails', message: 'à la clôture seulement' }]);
      const register = await lockedRegister(id);
      if (register.locked) throw conflict(LOCKED);
      if (register.status === 'opened') throw conflict(ALREADY_OPEN);
      checkCash(input.cash, 'cash', register.useCashDetails);
      const cash = normalCash(input.cash);
      const figures = verificationFigures(cashTotal(register.cash), [], cash);
      const verification = await ctx.repo(Verifications).create({
        date: ctx.now.toISOString(), cash, status: 'opening', ...(input.comment ? { comment: input.comment } : {}), ...figures,
        ...(input.userName ? { userName: input.userName } : {}),
        fk: { cashRegister: id, ...(ctx.caller.userId ? { user: ctx.caller.userId } : {}) },
      }) as CashRegisterVerification;
      const cashRegister = await registers().update(id, {
        status: 'opened', cash, openedAt: ctx.now.toISOString(), fk: { ...register.fk, openingVerification: verification._id },
      }) as CashRegister;
      await recordEvent(ctx, {
        code: 'register.opened', label: `Ouverture de la caisse ${register.numberFull} (${register.name}) : ${euros(figures.realAmount)} comptés, écart ${euros(figures.difference)}`,
        cashRegister: id, object: { _id: verification._id, type: 'pos.verifications' },
        data: { expectedAmount: figures.expectedAmount, realAmount: figures.realAmount, difference: figures.difference },
      });
      ctx.emit(REGISTER_OPENED, { _id: id, verification: verification._id });
      return { cashRegister, verification };
    },

    /** A cash entry or withdrawal with its reason, while the register is open. */
    async move(id: string, input: MovementInput): Promise<{ cashRegister: CashRegister; movement: CashMovement }> {
      checkCash(input.cash, 'cash');
      if (cashCents(input.cash) <= 0) throw badRequest(ZERO_MOVEMENT, [{ field: 'cash', message: 'montant nul' }]);
      const register = await lockedRegister(id);
      if (register.locked) throw conflict(LOCKED);
      if (register.status !== 'opened' || !register.fk.openingVerification) throw conflict(NOT_OPEN);
      checkCash(input.cash, 'cash', register.useCashDetails);
      const cash = normalCash(input.cash);
      const after = addCash(register.cash, cash, input.type === 'in' ? 1 : -1);
      if (!after) throw conflict(NOT_ENOUGH_CASH, [{ field: 'cash', message: `au plus ${cashTotal(register.cash)} €` }]);
      const movement = await ctx.repo(CashMovements).create({
        type: input.type, amount: cashTotal(cash), cash, reason: input.reason, date: ctx.now.toISOString(),
        fk: { cashRegister: id, opening: register.fk.openingVerification, ...(ctx.caller.userId ? { user: ctx.caller.userId } : {}) },
      }) as CashMovement;
      const cashRegister = await registers().update(id, { cash: after }) as CashRegister;
      await recordEvent(ctx, {
        code: 'register.cash-moved',
        label: `${input.type === 'in' ? 'Entrée' : 'Sortie'} d’espèces de ${euros(movement.amount)} (caisse ${register.numberFull}) : ${input.reason}`,
        cashRegister: id, object: { _id: movement._id, type: 'pos.cash-movements' }, data: { type: input.type, amount: movement.amount, reason: input.reason },
      });
      return { cashRegister, movement };
    },

    /**
     * Closes an open register: expected = counted at opening + entries − withdrawals, against the
     * cash counted now; `newAmountDetails` (default: everything counted) stays for the next opening.
     */
    async close(id: string, input: VerificationInput): Promise<{ cashRegister: CashRegister; verification: CashRegisterVerification; zTicket: ClosingTicket }> {
      checkCash(input.cash, 'cash');
      if (input.newAmountDetails) checkCash(input.newAmountDetails, 'newAmountDetails');
      const register = await lockedRegister(id);
      if (register.status !== 'opened' || !register.fk.openingVerification) throw conflict(NOT_OPEN);
      checkCash(input.cash, 'cash', register.useCashDetails);
      if (input.newAmountDetails) checkCash(input.newAmountDetails, 'newAmountDetails', register.useCashDetails);
      const counted = normalCash(input.cash);
      const kept = input.newAmountDetails ? normalCash(input.newAmountDetails) : counted;
      if (!addCash(counted, kept, -1)) throw conflict(MORE_THAN_COUNTED, [{ field: 'newAmountDetails', message: `au plus ${cashTotal(counted)} €` }]);
      const opening = await ctx.repo(Verifications).get(register.fk.openingVerification);
      // the session's receipts read once, only the columns the cash and the Z need (a day may hold thousands)
      const receipts = await sessionReceipts(ctx, opening._id);
      const figures = verificationFigures(opening.realAmount, await flowsOf(opening._id, receipts), counted);
      const verification = await ctx.repo(Verifications).create({
        date: ctx.now.toISOString(), cash: counted, status: 'closing', ...(input.comment ? { comment: input.comment } : {}), ...figures,
        newAmountDetails: kept, ...(input.userName ? { userName: input.userName } : {}),
        fk: { cashRegister: id, opening: opening._id, ...(ctx.caller.userId ? { user: ctx.caller.userId } : {}) },
      }) as CashRegisterVerification;
      // every closing makes its Z ticket (README « Closings »), in the same transaction
      const zTicket = await writeZTicket(ctx, { register, opening, closing: verification, receipts });
      const cashRegister = await registers().update(id, {
        status: 'closed', cash: kept, openedAt: null, fk: { ...register.fk, openingVerification: null },
      }) as CashRegister;
      await recordEvent(ctx, {
        code: 'register.closed',
        label: `Clôture de la caisse ${register.numberFull} (${register.name}) : ${euros(figures.expectedAmount)} attendus, ${euros(figures.realAmount)} comptés, écart ${euros(figures.difference)} ; ticket Z ${zTicket.numberFull}`,
        cashRegister: id, object: { _id: verification._id, type: 'pos.verifications' },
        data: { expectedAmount: figures.expectedAmount, realAmount: figures.realAmount, difference: figures.difference, zTicket: zTicket._id, zTicketNumber: zTicket.numberFull },
      });
      ctx.emit(REGISTER_CLOSED, { _id: id, verification: verification._id, difference: figures.difference, zTicket: zTicket._id });
      return { cashRegister, verification, zTicket };
    },
  };
}

export type SessionsService = ReturnType<typeof sessionsService>;
