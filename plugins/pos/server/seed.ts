/**
 * Examples of « Caisse » for the demo company (`npm start`, `npm run seed-demo`): one register,
 * closed, counting by denomination; only in a company that has none yet (every seed run calls it).
 */
import type { CallContext } from '@comptoir/sdk';
import { CashRegisters } from './entities.ts';
import { registersService } from './services/registers/registers.ts';

export async function seedDemo(ctx: CallContext): Promise<void> {
  if ((await ctx.repo(CashRegisters).count()) > 0) return;
  await registersService(ctx).create({ name: 'Comptoir', description: 'La caisse de la boutique', useCashDetails: true });
}
