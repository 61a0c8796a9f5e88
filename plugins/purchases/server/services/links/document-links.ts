/**
 * The purchases bought for a sale, shown on that invoice's screen (« Achats liés »): the other
 * side of `fk.linkedSales`, which the purchase holds (an emitted invoice is frozen and its `fk` is
 * hashed, so the invoice never lists them). Contributed to the platform's `kernel.record-links`
 * (sdk/src/record-links.ts): invoicing knows nothing of it (README « Links »).
 */
import { Decimal } from 'decimal.js';
import { contribute, MAX_LINKED_RECORDS, recordLinks, type CallContext, type LinkedRecord, type RecordLinks } from '@comptoir/sdk';
import { PURCHASE_STATUS_LABELS, type Purchase } from '../../../schemas/index.ts';
import { Purchases } from '../../entities.ts';
import { PURCHASES_READ } from '../../permissions.ts';

/** the shell path of a purchase (package.json menu « Achats ») */
const PURCHASE_SCREEN = '/achats';

/** How a purchase reads in another plugin's screen: its number and its provider. */
export function purchaseLink(p: Purchase): LinkedRecord {
  const provider = p.providerName ? ` — ${p.providerName}` : '';
  return {
    _id: p._id,
    label: `Achat ${p.numberFull}${provider}`,
    date: p.date,
    amount: new Decimal(p.inclTaxesPrice ?? 0).toFixed(2),
    status: PURCHASE_STATUS_LABELS[p.status],
    path: `${PURCHASE_SCREEN}/${p._id}`,
  };
}

/** The company's purchases whose `fk.linkedSales` names the invoice, oldest first. */
export async function purchasesOfSale(ctx: CallContext, invoiceId: string): Promise<LinkedRecord[]> {
  const found = await ctx.repo(Purchases).findReferencing('fk.linkedSales', invoiceId, { limit: MAX_LINKED_RECORDS + 1 });
  return (found as Purchase[]).map(purchaseLink);
}

export const SALE_PURCHASES: RecordLinks = {
  key: 'sale-purchases',
  target: 'invoicing.invoices',
  label: 'Achats liés',
  permission: PURCHASES_READ,
  order: 120,
  find: purchasesOfSale,
};

export const documentLinkContributions = [contribute(recordLinks, SALE_PURCHASES)];
