/** What the screens know of the API of « Caisse » (mounted under /api/pos). */

/** The collections, as the shell's API client and useList take them (without /api). */
export const REGISTERS = '/pos/cash-registers';
export const VERIFICATIONS = '/pos/verifications';
export const RECEIPTS = '/pos/receipts';
export const CHANGE = '/pos/change';
/** the catalogue plugin's articles (the till sells them) */
export const ITEMS = '/catalogue/items';
export const READ = 'pos.cash-registers.read';
export const OPERATE = 'pos.cash-registers.operate';
export const MANAGE = 'pos.cash-registers.manage';

/** Types only: the remote bundles no schema. */
export type { CashDetails, CashRegister, CashRegisterChange, CashRegisterVerification, Receipt, VerificationInput } from '../../schemas/index.ts';

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}
