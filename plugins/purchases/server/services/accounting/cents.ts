/**
 * Splitting an amount already rounded to the cent into parts that each round to the cent and add
 * up to it exactly: the deductible VAT of a purchase over its rates, the VAT it cannot deduct over
 * goods and services.
 */
import { Decimal } from 'decimal.js';

const CENT = new Decimal('0.01');

/**
 * `exact` are the unrounded parts (e.g. each rate's VAT × 50 %). Each part is rounded down to the
 * cent, then the cents still missing to reach `target` go one by one to the parts that lost the
 * most (the larger part first on a tie), so every part is within a cent of its exact value.
 */
export function distributeCents(target: Decimal, exact: readonly Decimal[]): Decimal[] {
  if (exact.length === 0) return [];
  // a credit note is split as its invoice, sides swapped: the same cents move
  if (target.isNegative()) return distributeCents(target.negated(), exact.map((x) => x.negated())).map((x) => x.negated());
  const parts = exact.map((x) => x.toDecimalPlaces(2, Decimal.ROUND_FLOOR));
  const missing = target.minus(parts.reduce((s, p) => s.plus(p), new Decimal(0))).dividedBy(CENT).round().toNumber();
  const ranked = exact
    .map((x, i) => ({ i, lost: x.minus(parts[i]), size: x.abs() }))
    .sort((a, b) => b.lost.comparedTo(a.lost) || b.size.comparedTo(a.size) || a.i - b.i);
  // a target out of line with its parts (never from stored totals) takes cents back from the parts that lost the least
  const order = missing >= 0 ? ranked : ranked.reverse();
  const step = missing >= 0 ? CENT : CENT.negated();
  for (let n = 0; n < Math.abs(missing); n++) {
    const { i } = order[n % order.length];
    parts[i] = parts[i].plus(step);
  }
  return parts;
}
