/**
 * Change-making (spec §5, README « Change »): the change owed is given from the notes and coins in
 * the register, largest denomination first; when that cannot give it exactly, `missingCash` says so.
 * With a custom cash amount (the register's or the customer's) no breakdown is given. Cents only:
 * every amount is converted once, the search runs on integers.
 */
import { Decimal } from 'decimal.js';
import type { CashDetails, CashRegisterChange } from '../../../schemas/index.ts';
import { EURO_DENOMINATIONS, addCash, cashCents, cents, detailsOf, euros, quantitiesOf } from './cash-details.ts';

const UNITS = EURO_DENOMINATIONS.map(cents);

/**
 * Quantities making exactly `target` cents from what is `available`, trying the largest denomination
 * first with as many of it as possible (so the answer is the greedy one whenever greedy works, and
 * still found when it does not: 0,06 € from one 0,05 and three 0,02). Null when impossible.
 * Failed (denomination, remainder) pairs are remembered, which bounds the search by 15 × target.
 */
export function exactChange(target: number, available: Map<number, number>): Map<number, number> | null {
  const failed = new Set<string>();
  const taken = new Map<number, number>();
  const search = (i: number, rest: number): boolean => {
    if (rest === 0) return true;
    if (i >= UNITS.length) return false;
    const key = `${i}:${rest}`;
    if (failed.has(key)) return false;
    const unit = UNITS[i];
    for (let n = Math.min(available.get(unit) ?? 0, Math.floor(rest / unit)); n >= 0; n--) {
      if (n > 0) taken.set(unit, n); else taken.delete(unit);
      if (search(i + 1, rest - n * unit)) return true;
    }
    taken.delete(unit);
    failed.add(key);
    return false;
  };
  return search(0, target) ? taken : null;
}

/** As much of `target` as the register can give, largest first, never more than `target`. */
function greedyChange(target: number, available: Map<number, number>): { taken: Map<number, number>; rest: number } {
  const taken = new Map<number, number>();
  let rest = target;
  for (const unit of UNITS) {
    const n = Math.min(available.get(unit) ?? 0, Math.floor(rest / unit));
    if (n > 0) { taken.set(unit, n); rest -= n * unit; }
  }
  return { taken, rest };
}

/**
 * The change of a cash payment of `amount` due with `paid` given, from the `register`'s cash.
 * The customer's notes and coins go into the drawer first, then the change is taken out (so they
 * can be given back as change). Paid less than due: a negative difference, nothing to give back
 * (the rest is paid another way or refused by the caller).
 */
export function computeChange(amount: number | string, paid: CashDetails, register: CashDetails): CashRegisterChange {
  const due = cents(new Decimal(amount));
  const paidCents = cashCents(paid);
  const owed = paidCents - due;
  const base = { amount: euros(due), paid: euros(paidCents), difference: euros(owed) };
  if (owed <= 0) return { ...base, missingCash: false, missingAmount: 0 };
  if (paid.details === undefined || register.details === undefined) {
    return { ...base, missingCash: false, missingAmount: 0 };
  }
  const drawer = quantitiesOf(addCash(register, paid, 1)!);
  const exact = exactChange(owed, drawer);
  if (exact) return { ...base, cashDetails: detailsOf(exact), missingCash: false, missingAmount: 0 };
  const partial = greedyChange(owed, drawer);
  return { ...base, cashDetails: detailsOf(partial.taken), missingCash: true, missingAmount: euros(partial.rest) };
}
