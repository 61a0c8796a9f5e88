/**
 * The plugin's contribution to `invoicing.accounting-entries`: the purchases, external purchases and payments of the active
 * company dated in the period, as accounting-entries.ts writes them. Payments live in invoicing
 * (services/payments/payments.ts); the documents they pay may be dated in another period.
 */
import { loadByIds, periodFilter, readAllPages, type AccountingPeriod, type CallContext, type JournalEntry } from '@comptoir/sdk';
import type { ExternalPurchase } from '../../../schemas/index.ts';
import { ExternalPurchases, Purchases } from '../../entities.ts';
import { providers } from '../deps.ts';
import { purchasePayments } from '../payments/payments.ts';
import {
  MISCELLANEOUS_SUPPLIERS, externalPurchaseEntry, paidOrderLabel, paidPurchaseLabel, paymentEntry, purchaseEntry, supplierAuxiliary,
  treasuryOf, type Auxiliary,
} from './accounting-entries.ts';

export async function purchasesJournalEntries(ctx: CallContext, period: AccountingPeriod): Promise<JournalEntry[]> {
  const date = periodFilter(period);
  const purchases = await readAllPages(ctx.repo(Purchases), { date });
  const orders = await readAllPages(ctx.repo(ExternalPurchases), { orderDate: date }, 'orderDate');
  const payments = (await purchasePayments(ctx).listInPeriod(period)).filter((p) => treasuryOf(p.mode) !== null);

  const paidOrders = await loadByIds(payments.map((p) => p.fk.externalPurchase), (ids) => ctx.repo(ExternalPurchases).findByIds(ids));
  // an order's payments go to the provider of the purchase standing for it
  const firstPurchaseOf = (order: ExternalPurchase | undefined) => order?.fk.purchases[0];
  const known = new Map(purchases.map((p) => [p._id, p]));
  const missing = [...payments.map((p) => p.fk.purchase), ...[...paidOrders.values()].map(firstPurchaseOf)].filter((id) => id && !known.has(id));
  for (const [id, p] of await loadByIds(missing, (ids) => ctx.repo(Purchases).findByIds(ids))) known.set(id, p);

  const directory = await loadByIds([...[...known.values()].map((p) => p.fk.provider), ...payments.map((p) => p.fk.provider)], (ids) => providers(ctx).findByIds(ids));
  const supplierOf = (providerId: string | null | undefined, name: string | undefined): Auxiliary => (providerId
    ? supplierAuxiliary(providerId, directory.get(providerId)?.displayName || name || 'Fournisseur')
    : MISCELLANEOUS_SUPPLIERS);

  const entries: JournalEntry[] = [];
  const add = (entry: JournalEntry | null) => { if (entry) entries.push(entry); };
  for (const p of purchases) add(purchaseEntry(p, supplierOf(p.fk.provider, p.providerName)));
  for (const o of orders) add(externalPurchaseEntry(o));
  for (const payment of payments) {
    if (payment.fk.purchase) {
      // the purchase's provider of today, as its own entry has it (the payment kept the one of its day)
      const purchase = known.get(payment.fk.purchase);
      const supplier = purchase ? supplierOf(purchase.fk.provider, purchase.providerName) : supplierOf(payment.fk.provider, undefined);
      add(paymentEntry(payment, purchase ? paidPurchaseLabel(purchase) : 'facture fournisseur', supplier));
    } else {
      const order = paidOrders.get(payment.fk.externalPurchase ?? '');
      const purchase = known.get(firstPurchaseOf(order) ?? '');
      add(paymentEntry(payment, order ? paidOrderLabel(order) : 'achat en ligne', supplierOf(purchase?.fk.provider, purchase?.providerName)));
    }
  }
  return entries;
}
