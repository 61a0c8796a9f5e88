/** What the screens know of the API of « Facturation » (mounted under /api/invoicing). */

/** The collection, as the shell's API client and useList take it (without /api). */
export const ITEMS = '/invoicing/items';
export const READ = 'invoicing.items.read';
export const MANAGE = 'invoicing.items.manage';

/** An item as the API answers it (see server/entities.ts). */
export interface Item {
  _id: string;
  name: string;
  description?: string;
  /** euros, exact to the cent */
  price: number;
  archived: boolean;
  archivedAt?: string;
  metadata: { creationDate: string; lastModificationDate: string };
}

export interface ItemInput {
  name: string;
  description?: string;
  price: number;
}

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}
