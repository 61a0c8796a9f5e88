/**
 * What a rule must be to be saved (README « Rules »): at least one condition and one action, a
 * readable amount condition, a valid regex (RE2 syntax), a category given with its sub-category.
 * Plain: the problems in French, with their field.
 */
import type { RuleActions, RuleDetection } from '../../../schemas/index.ts';
import { RULE_NEEDS_SUB, RULE_NO_ACTION, RULE_NO_CONDITION } from '../../messages.ts';
import { amountConditionProblem } from './amount-condition.ts';
import { hasCondition } from './apply-rule.ts';
import { regexProblem } from './safe-regex.ts';

export type Problem = { field: string; message: string };

export function ruleProblems(detection: RuleDetection, actions: RuleActions): Problem[] {
  const out: Problem[] = [];
  if (!hasCondition(detection)) out.push({ field: 'detection', message: RULE_NO_CONDITION });
  if (detection.amount) {
    const p = amountConditionProblem(detection.amount);
    if (p) out.push({ field: 'detection.amount', message: p });
  }
  if (detection.label) {
    if (!detection.label.value) out.push({ field: 'detection.label.value', message: 'Indiquez le texte à chercher dans le libellé.' });
    else if (detection.label.mode === 'regex') {
      const p = regexProblem(detection.label.value);
      if (p) out.push({ field: 'detection.label.value', message: p });
    }
  }
  if (!actions.category && !actions.label && !actions.location && !actions.transactionMode) out.push({ field: 'actions', message: RULE_NO_ACTION });
  if ((actions.category && !actions.subCategory) || (!actions.category && actions.subCategory)) out.push({ field: 'actions.subCategory', message: RULE_NEEDS_SUB });
  return out;
}
