/** `POST /api/pos/change`: the change of a cash payment, previewed from a register's drawer (nothing written). */
import { badRequest, type CallContext } from '@comptoir/sdk';
import { Decimal } from 'decimal.js';
import type { CashDetails, CashRegisterChange } from '../../../schemas/index.ts';
import { CashRegisters } from '../../entities.ts';
import { cashProblem } from './cash-details.ts';
import { computeChange } from './change.ts';

export interface ChangeInput { cashRegisterId: string; amount: number; paid: CashDetails }

export function changeService(ctx: CallContext) {
  return {
    async preview(input: ChangeInput): Promise<CashRegisterChange> {
      if (new Decimal(input.amount).decimalPlaces() > 2) throw badRequest('Le montant dû doit être en euros et centimes (2 décimales au plus).', [{ field: 'amount', message: '2 décimales au plus' }]);
      const problem = cashProblem(input.paid, 'paid');
      if (problem) throw badRequest(problem.message, [problem]);
      const register = await ctx.repo(CashRegisters).get(input.cashRegisterId);
      return computeChange(input.amount, input.paid, register.cash);
    },
  };
}
export type ChangeService = ReturnType<typeof changeService>;
