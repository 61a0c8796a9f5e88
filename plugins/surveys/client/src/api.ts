/** What the screens know of the API of « Questionnaires » (mounted under /api/surveys). */

/** The collection, as the shell's API client and useList take it (without /api). */
export const ITEMS = '/surveys/items';
export const READ = 'surveys.items.read';
export const MANAGE = 'surveys.items.manage';

/** An item as the API answers it, and the body the API takes (types only: the remote bundles no schema). */
export type { Item, ItemInput } from '../../schemas/index.ts';

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}
