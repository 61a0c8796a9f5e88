/**
 * The contract of « Caisse » for other plugins: import it as `@comptoir/plugin-pos/contract`
 * and resolve with `ctx.use(posServices.cashRegisters)` after declaring `"dependsOn": { "pos": … }`.
 * Types and ids only: importing it runs none of this plugin's code.
 */
import { defineServiceRef } from '@comptoir/sdk';
import type { CashRegister } from './schemas/index.ts';

export type { CashRegister, CashDetails, CashRegisterVerification, ClosingTotals, ReceiptPaymentInput } from './schemas/index.ts';

/** `pos.cashRegisters` */
export interface PosCashRegistersService {
  /** a register of the active company (404 otherwise) */
  get(id: string): Promise<CashRegister>;
}

export const posServices = {
  cashRegisters: defineServiceRef<PosCashRegistersService>('pos.cashRegisters'),
} as const;
