/** What the screens know of the API of « Réservations » (mounted under /api/booking). */

/** The collection, as the shell's API client and useList take it (without /api). */
export const ITEMS = '/booking/items';
export const READ = 'booking.items.read';
export const MANAGE = 'booking.items.manage';

/** An item as the API answers it, and the body the API takes (types only: the remote bundles no schema). */
export type { Item, ItemInput } from '../../schemas/index.ts';

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}
