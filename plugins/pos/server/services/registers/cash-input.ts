/**
 * The checks of cash a person sent (400 naming the field, before anything is locked or written) and
 * its normal form (details merged by denomination, largest first).
 */
import { badRequest } from '@comptoir/sdk';
import type { CashDetails } from '../../../schemas/index.ts';
import { cashCents, cashProblem, customCash, detailsOf, quantitiesOf } from '../cash/cash-details.ts';

export function checkCash(cash: CashDetails, field: string, requireDetails = false): void {
  const problem = cashProblem(cash, field, requireDetails);
  if (problem) throw badRequest(problem.message, [problem]);
}

/** The count as stored: by denomination, largest first, zeros left out; or one amount. */
export const normalCash = (cash: CashDetails): CashDetails =>
  cash.details !== undefined ? detailsOf(quantitiesOf(cash)) : customCash(cashCents(cash));
