/**
 * What « Pourboires » puts in the books, through invoicing's extension point
 * `invoicing.accounting-entries` (the FEC export): one cash entry per tip, debit the cash account,
 * credit 758800 « Pourboires reçus » (an example: a real shop asks its accountant, tips meant for
 * the staff go to a third-party account instead). The plugin does not depend on invoicing: without
 * it, this contribution is left aside.
 */
import type { AccountingPeriod, CallContext, JournalEntry } from '@comptoir/sdk';
import { frenchDate } from '@comptoir/sdk/commerce';
import { tipsService } from '../tips.ts';

export async function tipEntries(ctx: CallContext, period: AccountingPeriod): Promise<JournalEntry[]> {
  const tips = await tipsService(ctx).inPeriod(period.start, period.end);
  return tips.map((tip) => ({
    journal: 'cash',
    date: tip.date,
    pieceRef: `PB-${tip._id.slice(-6).toUpperCase()}`,
    pieceDate: tip.date,
    label: `Pourboire du ${frenchDate(tip.date)}`,
    lines: [
      { account: 'cash', debit: tip.amount.toFixed(2) },
      { account: '758800', accountLabel: 'Pourboires reçus', credit: tip.amount.toFixed(2) },
    ],
  }));
}
