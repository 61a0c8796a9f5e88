/**
 * The register a sale or a refund happens on, locked after the company's counters (one lock order
 * everywhere: counters → receipt refunded → register; README « Concurrency »): it must be open and
 * unlocked.
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import type { CashRegister } from '../../../schemas/index.ts';
import { CashRegisters } from '../../entities.ts';
import { LOCKED, NOT_OPEN } from '../../messages.ts';

export async function openRegisterForUpdate(ctx: CallContext, id: string): Promise<CashRegister & { fk: { openingVerification: string } }> {
  const register = await ctx.repo(CashRegisters).getForUpdate(id);
  if (register.locked) throw conflict(LOCKED, [{ field: 'cashRegisterId', message: 'caisse verrouillée' }]);
  if (register.status !== 'opened' || !register.fk.openingVerification) throw conflict(NOT_OPEN, [{ field: 'cashRegisterId', message: 'caisse fermée' }]);
  return register as CashRegister & { fk: { openingVerification: string } };
}
