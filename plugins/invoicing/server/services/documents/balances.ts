/**
 * The customer's balance (contacts README « Entities », `balance`): what they owe. An emitted invoice
 * adds its total (a credit note, negative, lowers it), every payment subtracts its amount (a
 * refund, negative, raises it back). Kept by the contacts plugin, in this transaction.
 */
import type { CallContext } from '@comptoir/sdk';
import { customers } from '../deps.ts';

export async function adjustCustomerBalance(ctx: CallContext, customerId: string | null | undefined, delta: number): Promise<void> {
  if (customerId && delta !== 0) await customers(ctx).adjustBalance(customerId, delta);
}
