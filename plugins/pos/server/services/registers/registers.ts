/**
 * Cash registers (README « Cash registers »): created with a number from the `cashRegister` counter,
 * edited while closed, deleted only if never opened. Status, cash and number change only through
 * the actions of sessions.ts.
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import type { CashDetails, CashRegister, CashRegisterInput } from '../../../schemas/index.ts';
import { CashRegisters, Verifications } from '../../entities.ts';
import { OPEN_NOT_DELETABLE, OPEN_NO_COUNTING_CHANGE, USED_NOT_DELETABLE } from '../../messages.ts';
import { numbering } from '../deps.ts';

export const REGISTER_COUNTER = 'cashRegister';

/** The drawer of a new register: empty, in the way it counts. */
export const emptyCash = (useCashDetails: boolean): CashDetails =>
  (useCashDetails ? { currency: 'euro', details: [] } : { currency: 'euro', customAmount: 0 });

export function registersService(ctx: CallContext) {
  const repo = () => ctx.repo(CashRegisters);
  return {
    get: (id: string): Promise<CashRegister> => repo().get(id),

    async create(input: CashRegisterInput): Promise<CashRegister> {
      const taken = await numbering(ctx).take(REGISTER_COUNTER);
      return repo().create({
        ...input, number: taken.number, numberFull: taken.numberFull,
        status: 'closed', cash: emptyCash(input.useCashDetails ?? true),
      }) as Promise<CashRegister>;
    },

    /** Name, description, lock, printer, establishment and room; the counting mode only while closed. */
    async update(id: string, input: CashRegisterInput): Promise<CashRegister> {
      const register = await repo().getForUpdate(id);
      if (input.useCashDetails !== undefined && input.useCashDetails !== register.useCashDetails && register.status === 'opened') {
        throw conflict(OPEN_NO_COUNTING_CHANGE, [{ field: 'useCashDetails', message: 'caisse ouverte' }]);
      }
      const fk = input.fk ? { ...register.fk, ...input.fk } : undefined;
      return repo().update(id, { ...input, ...(fk ? { fk } : {}) }) as Promise<CashRegister>;
    },

    /** Only a closed register that was never opened: an opened one has a history the law keeps. */
    async remove(id: string): Promise<void> {
      const register = await repo().getForUpdate(id);
      if (register.status === 'opened') throw conflict(OPEN_NOT_DELETABLE);
      if ((await ctx.repo(Verifications).count({ 'fk.cashRegister': id })) > 0) throw conflict(USED_NOT_DELETABLE);
      await repo().remove(id);
    },
  };
}

export type RegistersService = ReturnType<typeof registersService>;
