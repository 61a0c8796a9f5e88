/**
 * The documents an operation may pay (README « Matching »), read through their owners' services:
 * emitted invoices and credit notes with something left to pay (« Facturation »), purchases and
 * external purchases with something left to pay (« Achats »; an external purchase whose
 * `hideBankOpsSuggestions` is set is left out, spec §3). Never their tables.
 */
import { Decimal } from 'decimal.js';
import { loadByIds, readAllPages, type CallContext, type FilterSpec } from '@comptoir/sdk';
import { customers, externalPurchases, invoices, purchases, type ExternalPurchase, type Invoice, type Purchase } from '../deps.ts';
import type { MatchDocument } from './score.ts';

const UNPAID: Record<string, FilterSpec> = { unpaidAmount: { mode: 'neq', value: 0 } };
const FIELDS_INVOICE = ['numberFull', 'date', 'receiverName', 'inclTaxesPrice', 'unpaidAmount', 'fk'];

export function invoiceDocument(i: Invoice, labels: string[]): MatchDocument {
  return {
    type: 'invoice', id: i._id, number: i.numberFull ?? '', references: i.numberFull ? [i.numberFull] : [],
    name: i.receiverName ?? '', labels, date: i.date ?? null, total: i.inclTaxesPrice, unpaid: i.unpaidAmount,
    bankAmount: new Decimal(i.unpaidAmount).toString(),
  };
}

export function purchaseDocument(p: Purchase): MatchDocument {
  return {
    type: 'purchase', id: p._id, number: p.invoiceNumber || p.numberFull || '',
    references: [p.invoiceNumber, p.numberFull].filter((x): x is string => !!x),
    name: p.providerName ?? '', labels: [], date: p.date ?? null, total: p.inclTaxesPrice, unpaid: p.unpaidAmount,
    bankAmount: new Decimal(p.unpaidAmount).negated().toString(),
  };
}

export function externalPurchaseDocument(e: ExternalPurchase): MatchDocument {
  return {
    type: 'externalPurchase', id: e._id, number: e.orderNumber || e.shop, references: e.orderNumber ? [e.orderNumber] : [],
    name: e.shop, labels: [], date: e.orderDate ?? null, total: e.totals.inclTaxesPrice, unpaid: e.unpaidAmount,
    bankAmount: new Decimal(e.unpaidAmount).negated().toString(),
  };
}

/** every document of the active company with something left to pay */
export async function unpaidDocuments(ctx: CallContext): Promise<MatchDocument[]> {
  const open = await readAllPages<Invoice>(invoices(ctx), { ...UNPAID, numberFull: { mode: 'exists', value: true } }, 'date', FIELDS_INVOICE);
  const directory = await loadByIds(open.map((i) => i.fk.receiverCustomer), (ids) => customers(ctx).findByIds(ids));
  const docs = open.map((i) => invoiceDocument(i, directory.get(i.fk.receiverCustomer ?? '')?.bankTransferLabels ?? []));
  for (const p of await readAllPages<Purchase>(purchases(ctx), UNPAID)) docs.push(purchaseDocument(p));
  for (const e of await readAllPages<ExternalPurchase>(externalPurchases(ctx), UNPAID, 'orderDate')) {
    if (!e.hideBankOpsSuggestions) docs.push(externalPurchaseDocument(e));
  }
  return docs;
}

/** one document, read again (after its payment, or before deciding on it) */
export async function documentOf(ctx: CallContext, type: MatchDocument['type'], id: string): Promise<MatchDocument | null> {
  if (type === 'invoice') {
    const [i] = await invoices(ctx).findByIds([id]);
    if (!i) return null;
    const [c] = i.fk.receiverCustomer ? await customers(ctx).findByIds([i.fk.receiverCustomer]) : [];
    return invoiceDocument(i, c?.bankTransferLabels ?? []);
  }
  if (type === 'purchase') return purchaseDocument(await purchases(ctx).get(id));
  return externalPurchaseDocument(await externalPurchases(ctx).get(id));
}
