/** What the screens know of the API of « Caisse » (mounted under /api/pos). */

/** The collection, as the shell's API client and useList take it (without /api). */
export const ITEMS = '/pos/items';
export const READ = 'pos.items.read';
export const MANAGE = 'pos.items.manage';

/** An item as the API answers it, and the body the API takes (types only: the remote bundles no schema). */
export type { Item, ItemInput } from '../../schemas/index.ts';

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}
