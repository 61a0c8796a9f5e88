/**
 * What « Facturation » puts in the books (its own contribution to `invoicing.accounting-entries`,
 * gathered with the other plugins' by the FEC export):
 * - each emitted invoice, in the sales journal: the customer (411, subsidiary account of the
 *   customer) debited with the total incl. taxes; per VAT rate, sales of goods (707) and of
 *   services (706) credited with the total excl. taxes, and collected VAT (44571, per rate) with its
 *   amount. A credit note (negative total) is the same entry reversed;
 * - each payment of an invoice, in the bank or cash journal: bank (512) or cash (530) debited, the
 *   customer credited (a refund reversed). A gift card settles against advances received (4191, in
 *   the miscellaneous journal); `credit` and `credit-compensation` move no money (the credit note
 *   already lowered what the customer owes): no entry.
 * Amounts come from the stored totals, split with decimal.js: every entry balances to the cent.
 */
import { Decimal } from 'decimal.js';
import {
  entryLine as line, goodsAndServices, paymentTreasury, periodFilter, readAllPages, loadByIds,
  type AccountingPeriod, type CallContext, type JournalEntry, type JournalEntryLine, type Treasury,
} from '@comptoir/sdk';
import { PAYMENT_MODE_LABELS, receiverNameOf, type Payment, type PaymentMode } from '@comptoir/schemas';
import { isCreditNote, type Invoice } from '../../../schemas/index.ts';
import { Invoices, Payments } from '../../entities.ts';
import { customers } from '../deps.ts';

export interface Auxiliary { number: string; label: string }

/** Invoices whose receiver is not a customer of the directory share the « Clients divers » account. */
export const MISCELLANEOUS_CUSTOMERS: Auxiliary = { number: 'CDIVERS', label: 'Clients divers' };

/** A customer's subsidiary account: its id, which never changes (customers have no account code). */
export const customerAuxiliary = (id: string, label: string): Auxiliary => ({ number: `C${id.toUpperCase()}`, label });

export function invoiceEntry(invoice: Invoice, customer: Auxiliary): JournalEntry {
  const credit = isCreditNote(invoice);
  const lines: JournalEntryLine[] = [line('customer', new Decimal(invoice.inclTaxesPrice), 'debit', { auxiliary: customer })];
  const rates = invoice.subjectToVAT && invoice.vatDetails.length > 0
    ? invoice.vatDetails.map((d) => ({ vat: d.vat as number | null, category: d.vatCategory, excl: new Decimal(d.totalExclTaxes), tax: new Decimal(d.amount) }))
    : [{ vat: null, category: undefined, excl: new Decimal(invoice.exclTaxesPrice), tax: new Decimal(0) }];
  for (const rate of rates) {
    // since issue 13 a detail is a VAT category and rate: K goods and AE services are both at 0 %
    const items = invoice.items.filter((i) => rate.vat === null || (i.vat === rate.vat && (!rate.category || i.vatCategory === rate.category)));
    const { goods, services } = goodsAndServices(items, rate.excl);
    if (!goods.isZero()) lines.push(line('salesGoods', goods, 'credit'));
    if (!services.isZero()) lines.push(line('salesServices', services, 'credit'));
    if (!rate.tax.isZero()) lines.push(line('vatCollected', rate.tax, 'credit', { vatRate: rate.vat! }));
  }
  return {
    journal: 'sales',
    date: invoice.date,
    pieceRef: invoice.numberFull!,
    pieceDate: invoice.date,
    label: `${credit ? 'Avoir' : 'Facture'} ${invoice.numberFull} ${invoice.receiverName || customer.label}`,
    lines,
    validatedAt: invoice.date,
  };
}

/**
 * Where a payment mode puts the money: none for credits, which settle without any money moving; a
 * gift card the customer bought earlier settles against the advances it received.
 */
export const treasuryOf = (mode: PaymentMode): Treasury | null => paymentTreasury(mode, { journal: 'miscellaneous', account: 'customerAdvances' });

/** `invoice`: the paid invoice's number and receiver, for the label. */
export function paymentEntry(payment: Payment, invoice: Pick<Invoice, 'numberFull' | 'receiverName'>, customer: Auxiliary): JournalEntry | null {
  const treasury = treasuryOf(payment.mode);
  if (!treasury || payment.amount === 0) return null;
  const value = new Decimal(payment.amount);
  const what = value.isNegative() ? 'Remboursement' : 'Règlement';
  return {
    journal: treasury.journal,
    date: payment.date,
    pieceRef: payment.numberFull ?? String(payment.number),
    pieceDate: payment.date,
    label: `${what} ${PAYMENT_MODE_LABELS[payment.mode]} facture ${invoice.numberFull ?? ''} ${invoice.receiverName || customer.label}`,
    lines: [line(treasury.account, value, 'debit'), line('customer', value, 'credit', { auxiliary: customer })],
    validatedAt: payment.metadata.creationDate,
  };
}

/** The plugin's `journalEntries`: invoices and payments of the active company dated in the period. */
export async function invoicingJournalEntries(ctx: CallContext, period: AccountingPeriod): Promise<JournalEntry[]> {
  const date = periodFilter(period);
  const invoices = await readAllPages(ctx.repo(Invoices), { numberFull: { mode: 'exists', value: true }, date });
  const payments = (await readAllPages(ctx.repo(Payments), { source: { mode: 'eq', value: 'invoice' }, date }))
    .filter((p) => treasuryOf(p.mode) !== null);

  const paidInvoices = await loadByIds(payments.map((p) => p.fk.invoice), (ids) => ctx.repo(Invoices).findByIds(ids) as Promise<Invoice[]>);
  const customerIds = new Set<string>();
  for (const i of invoices) if (i.fk.receiverCustomer) customerIds.add(i.fk.receiverCustomer);
  for (const p of payments) if (p.fk.customer) customerIds.add(p.fk.customer);
  const directory = await loadByIds(customerIds, (ids) => customers(ctx).findByIds(ids));

  const auxiliary = (customerId: string | null | undefined, invoice: Invoice | undefined): Auxiliary => {
    if (!customerId) return MISCELLANEOUS_CUSTOMERS;
    const c = directory.get(customerId) as ({ displayName?: string } & Parameters<typeof receiverNameOf>[0]) | undefined;
    return customerAuxiliary(customerId, c?.displayName || receiverNameOf(c) || invoice?.receiverName || 'Client');
  };
  const entries: JournalEntry[] = invoices.map((i) => invoiceEntry(i, auxiliary(i.fk.receiverCustomer, i)));
  for (const p of payments) {
    const invoice = paidInvoices.get(p.fk.invoice ?? '');
    const entry = paymentEntry(p, invoice ?? {}, auxiliary(p.fk.customer, invoice));
    if (entry) entries.push(entry);
  }
  return entries;
}
