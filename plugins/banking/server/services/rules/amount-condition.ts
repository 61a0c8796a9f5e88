/**
 * Spec §5, amount modes: eq, neq, lt, gt, lte, gte, between (both bounds required, both included).
 * A missing value (in the rule or on the operation) never matches. Compared exactly (decimal.js).
 */
import { Decimal } from 'decimal.js';
import type { AmountCondition } from '../../../schemas/index.ts';

const present = (v: unknown): v is number | string => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)));

export function amountMatches(condition: AmountCondition, amount: unknown): boolean {
  if (!present(amount)) return false;
  const a = new Decimal(amount);
  if (condition.mode === 'between') {
    if (!present(condition.min) || !present(condition.max)) return false;
    return a.gte(condition.min) && a.lte(condition.max);
  }
  if (!present(condition.value)) return false;
  const cmp = a.cmp(condition.value);
  switch (condition.mode) {
    case 'eq': return cmp === 0;
    case 'neq': return cmp !== 0;
    case 'lt': return cmp < 0;
    case 'gt': return cmp > 0;
    case 'lte': return cmp <= 0;
    case 'gte': return cmp >= 0;
    default: return false;
  }
}

/** Why a condition can never match, for the rule editor (null: fine). */
export function amountConditionProblem(condition: AmountCondition): string | null {
  if (condition.mode === 'between') {
    if (!present(condition.min) || !present(condition.max)) return 'Le mode « entre » demande les deux bornes (min et max).';
    if (new Decimal(condition.min).gt(condition.max)) return 'La borne min est plus grande que la borne max : aucune opération ne peut correspondre.';
    return null;
  }
  return present(condition.value) ? null : 'Indiquez le montant à comparer.';
}
