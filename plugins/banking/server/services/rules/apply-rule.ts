/**
 * One rule on one operation (spec §4): it applies only when every detection condition matches;
 * then it sets category and sub-category, label, location and transaction mode, and says whether
 * anything changed. Plain data in, plain data out: the callers write.
 */
import type { Operation, OperationRule, RuleActions, RuleDetection } from '../../../schemas/index.ts';
import { amountMatches } from './amount-condition.ts';
import { labelMatch, substituteGroups } from './label-condition.ts';

/** what a rule reads and may change of an operation */
export type RuleTarget = Pick<Operation, 'amount' | 'label' | 'originalLabel' | 'location' | 'transactionMode'> & {
  fk: Pick<Operation['fk'], 'account' | 'category' | 'subCategory'>;
};

export type RuleLike = Pick<OperationRule, 'detection' | 'actions'> & { _id?: string; name?: string };

export interface RuleOutcome {
  matched: boolean;
  changed: boolean;
  operation: RuleTarget;
  /** field → [before, after] of what changed */
  changes: Record<string, [unknown, unknown]>;
}

/** The groups the rule's label condition captured ([] without one), or null when a condition fails. */
export function detect(detection: RuleDetection, op: RuleTarget): string[] | null {
  if (detection.accounts && detection.accounts.length > 0 && !detection.accounts.includes(op.fk.account)) return null;
  if (detection.amount && !amountMatches(detection.amount, op.amount)) return null;
  if (detection.label) return labelMatch(detection.label, op);
  return [];
}

/** A rule with no condition at all would classify everything: refused when saved, never matching here. */
export const hasCondition = (d: RuleDetection) => Boolean(d.amount || d.label || (d.accounts && d.accounts.length));

export function applyRule(rule: RuleLike, op: RuleTarget): RuleOutcome {
  const groups = hasCondition(rule.detection) ? detect(rule.detection, op) : null;
  if (!groups) return { matched: false, changed: false, operation: op, changes: {} };
  const next: RuleTarget = { ...op, fk: { ...op.fk } };
  const changes: RuleOutcome['changes'] = {};
  const set = (field: string, before: unknown, after: unknown, write: () => void) => {
    if (before === after) return;
    changes[field] = [before ?? null, after];
    write();
  };
  const a: RuleActions = rule.actions;
  if (a.category) {
    set('fk.category', op.fk.category, a.category, () => { next.fk.category = a.category; });
    set('fk.subCategory', op.fk.subCategory, a.subCategory ?? null, () => { next.fk.subCategory = a.subCategory ?? null; });
  }
  if (a.label) {
    const label = substituteGroups(a.label, groups).trim().slice(0, 255);
    if (label) set('label', op.label, label, () => { next.label = label; });
  }
  if (a.location) {
    const location = substituteGroups(a.location, groups).trim().slice(0, 255);
    if (location) set('location', op.location, location, () => { next.location = location; });
  }
  if (a.transactionMode) set('transactionMode', op.transactionMode, a.transactionMode, () => { next.transactionMode = a.transactionMode!; });
  const changed = Object.keys(changes).length > 0;
  return { matched: true, changed, operation: changed ? next : op, changes };
}

export interface RulesOutcome {
  changed: boolean;
  operation: RuleTarget;
  changes: Record<string, [unknown, unknown]>;
  ruleIds: string[];
  warnings: { ruleId: string | null; name: string; message: string }[];
}

/**
 * The rules in order, each on the result of the previous ones (a later rule wins). A rule that
 * throws is a warning and counts as having changed nothing (spec §8).
 */
export function applyRules(rules: RuleLike[], op: RuleTarget): RulesOutcome {
  let current = op;
  const changes: RulesOutcome['changes'] = {};
  const ruleIds: string[] = [];
  const warnings: RulesOutcome['warnings'] = [];
  for (const rule of rules) {
    let outcome: RuleOutcome;
    try {
      outcome = applyRule(rule, current);
    } catch (e) {
      warnings.push({ ruleId: rule._id ?? null, name: rule.name ?? '', message: `La règle « ${rule.name ?? ''} » n’a pas pu s’appliquer : ${(e as Error).message}` });
      continue;
    }
    if (!outcome.changed) continue;
    current = outcome.operation;
    if (rule._id) ruleIds.push(rule._id);
    for (const [field, [before, after]] of Object.entries(outcome.changes)) changes[field] = [field in changes ? changes[field][0] : before, after];
  }
  // a field changed and changed back is no change
  for (const [field, [before, after]] of Object.entries(changes)) if (before === after) delete changes[field];
  return { changed: Object.keys(changes).length > 0, operation: current, changes, ruleIds, warnings };
}
