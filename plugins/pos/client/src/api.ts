/** What the screens know of the API of « Caisse » (mounted under /api/pos). */

/** The collections, as the shell's API client and useList take them (without /api). */
export const REGISTERS = '/pos/cash-registers';
export const VERIFICATIONS = '/pos/verifications';
export const RECEIPTS = '/pos/receipts';
export const CHANGE = '/pos/change';
export const X_TICKETS = '/pos/x-tickets';
export const Z_TICKETS = '/pos/z-tickets';
export const ARCHIVES = '/pos/archives';
export const INTEGRITY = '/pos/integrity';
export const EXPORT_VERIFY = '/pos/exports/verify';
/** the catalogue plugin's articles (the till sells them) */
export const ITEMS = '/catalogue/items';
export const READ = 'pos.cash-registers.read';
export const OPERATE = 'pos.cash-registers.operate';
export const MANAGE = 'pos.cash-registers.manage';

/** Types only: the remote bundles no schema. */
export type { Archive, CashDetails, CashRegister, CashRegisterChange, CashRegisterVerification, ClosingTicket, Receipt, VerificationInput } from '../../schemas/index.ts';

/** `GET /pos/{x,z}-tickets/:id/preview`: the ticket as it will print */
export interface TicketPreviewAnswer { lines: string[]; columns: number; duplicate: number; printer: string | null }
/** `GET /pos/integrity` */
export interface IntegrityAnswer { valid: boolean; checked: number; firstBroken: { kind: string; _id: string; number?: number } | null }

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}
