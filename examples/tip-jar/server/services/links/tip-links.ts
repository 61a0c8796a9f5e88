/**
 * « Pourboires » on an invoice's screen: the tips left with that sale (`fk.invoice`), through the
 * platform's `kernel.record-links` — invoicing is not a dependency, and knows nothing of tips.
 * Without invoicing the contribution waits: no invoice can be asked about.
 */
import { Decimal } from 'decimal.js';
import type { CallContext, LinkedRecord, RecordLinks } from '@comptoir/sdk';
import { Tips, type Tip } from '../../entities.ts';
import { READ } from '../../permissions.ts';

/** no `path`: this plugin has no screen of its own, the tip is shown, not opened */
export function tipLink(t: Tip): LinkedRecord {
  return { _id: t._id, label: `Pourboire${t.note ? ` — ${t.note}` : ''}`, date: t.date, amount: new Decimal(t.amount).toFixed(2) };
}

export const tipLinks: RecordLinks = {
  key: 'invoice-tips',
  target: 'invoicing.invoices',
  label: 'Pourboires',
  permission: READ,
  order: 200,
  find: async (ctx: CallContext, invoiceId: string) => (await ctx.repo(Tips).findReferencing('fk.invoice', invoiceId)).map(tipLink),
};
