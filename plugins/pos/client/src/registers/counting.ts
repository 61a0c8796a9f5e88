/**
 * Counting the drawer on screen (README « Client »): a quantity per euro denomination, its running
 * total in cents (integers: no float sums), and the body the API takes. The server checks again.
 */
import type { CashDetails } from '../api.ts';

/** spec §9, largest first; the labels as printed on notes and coins */
export const DENOMINATIONS: { unit: number; label: string; note: boolean }[] = [
  500, 200, 100, 50, 20, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01,
].map((unit) => ({ unit, note: unit >= 5, label: unit >= 1 ? `${unit} €` : `${Math.round(unit * 100)} c` }));

export type Quantities = Record<string, number>;

const centsOf = (unit: number) => Math.round(unit * 100);

/** The total counted, in cents. */
export function countedCents(quantities: Quantities): number {
  return DENOMINATIONS.reduce((sum, d) => sum + centsOf(d.unit) * (quantities[String(d.unit)] ?? 0), 0);
}

/** The CashDetails of a count: by denomination (zeros left out), or the custom amount typed. */
export function cashOf(quantities: Quantities, custom: number | null): CashDetails {
  if (custom !== null) return { currency: 'euro', customAmount: custom };
  return {
    currency: 'euro',
    details: DENOMINATIONS.filter((d) => (quantities[String(d.unit)] ?? 0) > 0).map((d) => ({ unit: d.unit, quantity: quantities[String(d.unit)] })),
  };
}
