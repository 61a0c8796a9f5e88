/**
 * Structural address shape (schemas README « Address »), compatible with the Address schema of
 * @comptoir/schemas without importing it: the engine also runs in the browser, schema-free.
 */
export interface AddressLike {
  name?: string;
  address?: string;
  address2?: string;
  zipCode?: string;
  city?: string;
  country?: string;
  latitude?: number;
  longitude?: number;
  delivery?: boolean;
  invoicing?: boolean;
}

/**
 * The only address flagged for that use, or undefined when none or several are (schemas README « Address »
 * "Quotation": copied only when exactly one is flagged). A flag left undefined counts as set: the
 * Address default is true.
 */
export function singleFlaggedAddress<A extends { delivery?: boolean; invoicing?: boolean }>(
  addresses: A[] | undefined,
  use: 'delivery' | 'invoicing',
): A | undefined {
  const flagged = (addresses ?? []).filter((a) => a && a[use] !== false);
  return flagged.length === 1 ? flagged[0] : undefined;
}
