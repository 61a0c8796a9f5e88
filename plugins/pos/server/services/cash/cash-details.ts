/**
 * Cash counted by denomination or as one amount (README « Cash »): checks and totals, exact in cents
 * (decimal.js). Plain functions over plain data.
 */
import { Decimal } from 'decimal.js';
import { EURO_DENOMINATIONS, type CashDetails, type CashLine } from '../../../schemas/index.ts';

export { EURO_DENOMINATIONS };

const UNIT = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
/** « 0,5 € », « 20 € » */
const unitText = (unit: number) => `${UNIT.format(unit)} €`;

/** A denomination in cents (1 for 0.01 €). */
export const cents = (unit: number | string | Decimal): number => new Decimal(unit).times(100).toNumber();
const DENOMINATION_CENTS = new Set(EURO_DENOMINATIONS.map(cents));

/** Euros of a number of cents, exact (2 decimals). */
export const euros = (c: number | Decimal): number => new Decimal(c).dividedBy(100).toNumber();

/** A problem of a CashDetails, in French, with the field it names; null when it is fine. */
export type CashProblem = { field: string; message: string };

/**
 * Checks a count: each unit one of the 15 euro denominations, each at most once, exactly one of
 * `details` / `customAmount` given, a custom amount in cents. `requireDetails` (a register that
 * counts by denomination) refuses a custom amount.
 */
export function cashProblem(cash: CashDetails, field = 'cash', requireDetails = false): CashProblem | null {
  const hasDetails = cash.details !== undefined;
  const hasCustom = cash.customAmount !== undefined && cash.customAmount !== null;
  if (hasDetails && hasCustom) return { field, message: 'Donnez soit le détail par coupure, soit un montant, pas les deux.' };
  if (!hasDetails && !hasCustom) return { field, message: 'Indiquez le détail des espèces par coupure ou leur montant.' };
  if (hasCustom) {
    if (requireDetails) return { field: `${field}.customAmount`, message: 'Cette caisse compte les espèces par coupure : donnez le détail des billets et des pièces.' };
    if (new Decimal(cash.customAmount!).decimalPlaces() > 2) return { field: `${field}.customAmount`, message: 'Le montant doit être en euros et centimes (2 décimales au plus).' };
    return null;
  }
  const seen = new Set<number>();
  for (const [i, line] of cash.details!.entries()) {
    const c = cents(line.unit);
    if (!DENOMINATION_CENTS.has(c)) {
      return { field: `${field}.details.${i}.unit`, message: `« ${unitText(line.unit)} » n’est pas une coupure en euros (500, 200, 100, 50, 20, 10, 5, 2, 1, 0,50, 0,20, 0,10, 0,05, 0,02 ou 0,01).` };
    }
    if (seen.has(c)) return { field: `${field}.details.${i}.unit`, message: `La coupure de ${unitText(line.unit)} est donnée deux fois.` };
    seen.add(c);
  }
  return null;
}

/** Total of a count in cents: Σ unit × quantity, or the custom amount. */
export function cashCents(cash: CashDetails | undefined | null): number {
  if (!cash) return 0;
  if (cash.details === undefined) return cents(cash.customAmount ?? 0);
  return cash.details.reduce((sum, l) => sum + cents(l.unit) * l.quantity, 0);
}

/** Total of a count in euros. */
export const cashTotal = (cash: CashDetails | undefined | null): number => euros(cashCents(cash));

/** Quantities by denomination in cents (absent = 0); a custom amount has none. */
export function quantitiesOf(cash: CashDetails | undefined | null): Map<number, number> {
  const q = new Map<number, number>();
  for (const l of cash?.details ?? []) q.set(cents(l.unit), (q.get(cents(l.unit)) ?? 0) + l.quantity);
  return q;
}

/** A count by denomination from quantities in cents, largest first, denominations at 0 left out. */
export function detailsOf(quantities: Map<number, number>): CashDetails {
  const details: CashLine[] = [];
  for (const unit of EURO_DENOMINATIONS) {
    const quantity = quantities.get(cents(unit)) ?? 0;
    if (quantity > 0) details.push({ unit, quantity });
  }
  return { currency: 'euro', details };
}

/** A count of a custom amount. */
export const customCash = (amountCents: number): CashDetails => ({ currency: 'euro', customAmount: euros(amountCents) });

/**
 * `a` plus (`sign` 1) or minus (`sign` −1) `b`. By denomination when both are detailed; a custom
 * amount on either side makes the result a custom amount (no breakdown is known any more). Null
 * when a withdrawal takes more of a denomination, or more money, than there is.
 */
export function addCash(a: CashDetails, b: CashDetails, sign: 1 | -1): CashDetails | null {
  if (a.details !== undefined && b.details !== undefined) {
    const q = quantitiesOf(a);
    for (const [unit, n] of quantitiesOf(b)) {
      const next = (q.get(unit) ?? 0) + sign * n;
      if (next < 0) return null;
      q.set(unit, next);
    }
    return detailsOf(q);
  }
  const total = cashCents(a) + sign * cashCents(b);
  return total < 0 ? null : customCash(total);
}
