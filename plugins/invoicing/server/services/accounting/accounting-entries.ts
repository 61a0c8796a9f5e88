/**
 * What « Facturation » puts in the books (its own contribution to `invoicing.accounting-entries`,
 * gathered with the other plugins' by the FEC export):
 * - each emitted invoice, in the sales journal: the customer (411, subsidiary account of the
 *   customer) debited with the total incl. taxes; per VAT rate, sales of goods (707) and of
 *   services (706) credited with the total excl. taxes, and collected VAT (44571, per rate) with its
 *   amount. A credit note (negative total) is the same entry reversed;
 * - a corrective invoice « annule et remplace » its source: its entry first reverses what remains
 *   of the source in the books (extourne, on the source's customer), then books the corrective as
 *   an invoice (invoicing README « FEC », Corrective invoices);
 * - each payment of an invoice, in the bank or cash journal: bank (512) or cash (530) debited, the
 *   customer credited (a refund reversed). A gift card settles against advances received (4191, in
 *   the miscellaneous journal); `credit` and `credit-compensation` move no money (the credit note
 *   already lowered what the customer owes): no entry.
 * Amounts come from the stored totals, split with decimal.js: every entry balances to the cent.
 * Piece references carry the series' code (`FC-` documents, `RC-` payments: `seriesPieceRef`).
 */
import { Decimal } from 'decimal.js';
import {
  entryLine as line, goodsAndServices, paymentTreasury, periodFilter, readAllPages, loadByIds, seriesPieceRef,
  type AccountingPeriod, type CallContext, type JournalEntry, type JournalEntryLine, type Treasury,
} from '@comptoir/sdk';
import { PAYMENT_MODE_LABELS, receiverNameOf, type Payment, type PaymentMode } from '@comptoir/schemas';
import { isDraftInvoice, type Invoice } from '../../../schemas/index.ts';
import { Invoices, Payments } from '../../entities.ts';
import { customers } from '../deps.ts';
import { documentKind } from '../facturx/lines.ts';

export interface Auxiliary { number: string; label: string }

/** Invoices whose receiver is not a customer of the directory (walk-in customers) share the « Clients divers » account. */
export const MISCELLANEOUS_CUSTOMERS: Auxiliary = { number: 'CDIVERS', label: 'Clients divers' };

/** A customer's subsidiary account: its id, which never changes (customers have no account code). */
export const customerAuxiliary = (id: string, label: string): Auxiliary => ({ number: `C${id.toUpperCase()}`, label });

/** Series codes of the piece references: invoices, credit notes and corrective invoices share one counter. */
export const SALES_SERIES = 'FC';
export const PAYMENTS_SERIES = 'RC';
export const documentPieceRef = (invoice: Pick<Invoice, 'numberFull'>) => seriesPieceRef(SALES_SERIES, invoice.numberFull!);
export const paymentPieceRef = (payment: Pick<Payment, 'numberFull' | 'number'>) => seriesPieceRef(PAYMENTS_SERIES, payment.numberFull ?? String(payment.number));

/**
 * The sales lines of a document: the customer for the total incl. taxes, per VAT rate the sales
 * by nature and the collected VAT; a negative total puts each amount on the other side.
 */
export function invoiceLines(invoice: Invoice, customer: Auxiliary): JournalEntryLine[] {
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
  return lines;
}

/** The source of a corrective invoice, as the books have it when the corrective is emitted. */
export interface CorrectedSource {
  invoice: Invoice;
  customer: Auxiliary;
  /**
   * The documents made from the source (`fk.sourceInvoice`) and emitted before the corrective
   * (lower numbers): its credit notes and its earlier corrective invoices, each with its customer.
   */
  earlier: { invoice: Invoice; customer: Auxiliary }[];
}

const signed = (l: JournalEntryLine) => new Decimal(l.debit ?? 0).minus(l.credit ?? 0);
const lineKey = (l: JournalEntryLine) => `${l.account}|${l.vatRate ?? ''}|${l.auxiliary?.number ?? ''}`;

/**
 * What remains of the source in the books, per account (debit positive): its own lines, plus its
 * credit notes emitted before the corrective; an earlier corrective invoice already reversed what
 * remained then, so it starts again from nothing. Lines in the order they first appear.
 */
export function remainingLines(source: CorrectedSource): JournalEntryLine[] {
  let remaining = new Map<string, { line: JournalEntryLine; value: Decimal }>();
  const add = (lines: JournalEntryLine[]) => {
    for (const l of lines) {
      const key = lineKey(l);
      const was = remaining.get(key);
      remaining.set(key, { line: was?.line ?? l, value: (was?.value ?? new Decimal(0)).plus(signed(l)) });
    }
  };
  add(invoiceLines(source.invoice, source.customer));
  const earlier = [...source.earlier].sort((a, b) => (a.invoice.number ?? 0) - (b.invoice.number ?? 0));
  for (const doc of earlier) {
    const kind = documentKind(doc.invoice);
    if (kind === 'corrective') remaining = new Map();
    else if (kind === 'creditNote') add(invoiceLines(doc.invoice, doc.customer));
  }
  return [...remaining.values()].filter((r) => !r.value.isZero()).map(({ line: l, value }) => {
    const { debit: _d, credit: _c, ...rest } = l;
    return line(l.account, value, 'debit', rest);
  });
}

/** The reversal (extourne) of what remains of a corrected invoice: each remaining amount on the other side. */
export function reversalLines(source: CorrectedSource, correctiveNumber: string): JournalEntryLine[] {
  const label = `Annulation facture ${source.invoice.numberFull} (annulée et remplacée par la facture ${correctiveNumber})`;
  return remainingLines(source).map((l) => {
    const { debit, credit, ...rest } = l;
    return { ...rest, label, ...(debit ? { credit: debit } : { debit: credit }) };
  });
}

/**
 * The entry of an emitted document. A corrective invoice names the source it corrects: its entry
 * reverses what remains of it, then books the corrective as an invoice.
 */
export function invoiceEntry(invoice: Invoice, customer: Auxiliary, corrected?: CorrectedSource): JournalEntry {
  const kind = documentKind(invoice);
  const who = invoice.receiverName || customer.label;
  const replaces = kind === 'corrective' && corrected ? ` (annule et remplace la facture ${corrected.invoice.numberFull})` : '';
  const title = { creditNote: 'Avoir', corrective: 'Facture corrective', invoice: 'Facture' }[kind];
  const lines = invoiceLines(invoice, customer);
  return {
    journal: 'sales',
    date: invoice.date,
    pieceRef: documentPieceRef(invoice),
    pieceDate: invoice.date,
    label: `${title} ${invoice.numberFull} ${who}${replaces}`,
    lines: kind === 'corrective' && corrected ? [...reversalLines(corrected, invoice.numberFull!), ...lines] : lines,
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
    pieceRef: paymentPieceRef(payment),
    pieceDate: payment.date,
    label: `${what} ${PAYMENT_MODE_LABELS[payment.mode]} facture ${invoice.numberFull ?? ''} ${invoice.receiverName || customer.label}`,
    lines: [line(treasury.account, value, 'debit'), line('customer', value, 'credit', { auxiliary: customer })],
    validatedAt: payment.metadata.creationDate,
  };
}

/** The plugin's `journalEntries`: invoices and payments of the active company dated in the period. */
export async function invoicingJournalEntries(ctx: CallContext, period: AccountingPeriod): Promise<JournalEntry[]> {
  const date = periodFilter(period);
  const repo = ctx.repo(Invoices);
  // an invoice made from a till's receipt (`fk.receipt`): the sale and its payments are in the books
  // through the till's journal already (plugins/pos README « FEC »), not twice
  const invoices = (await readAllPages(repo, { numberFull: { mode: 'exists', value: true }, date }) as Invoice[]).filter((i) => !i.fk.receipt);
  const recorded = (await readAllPages(ctx.repo(Payments), { source: { mode: 'eq', value: 'invoice' }, date }))
    .filter((p) => treasuryOf(p.mode) !== null);

  // the sources of the corrective invoices, and what was made from them before (credit notes, correctives)
  const correctives = invoices.filter((i) => documentKind(i) === 'corrective');
  const sources = await loadByIds(correctives.map((c) => c.fk.sourceInvoice), (ids) => repo.findByIds(ids) as Promise<Invoice[]>);
  const madeFrom = new Map<string, Invoice[]>();
  for (const id of sources.keys()) {
    madeFrom.set(id, (await repo.findMany({ 'fk.sourceInvoice': id }) as Invoice[]).filter((d) => !isDraftInvoice(d)));
  }

  const paidInvoices = await loadByIds(recorded.map((p) => p.fk.invoice), (ids) => repo.findByIds(ids) as Promise<Invoice[]>);
  const payments = recorded.filter((p) => !paidInvoices.get(p.fk.invoice ?? '')?.fk.receipt);
  const customerIds = new Set<string>();
  for (const i of [...invoices, ...sources.values(), ...[...madeFrom.values()].flat(), ...paidInvoices.values()]) {
    if (i.fk.receiverCustomer) customerIds.add(i.fk.receiverCustomer);
  }
  for (const p of payments) if (p.fk.customer) customerIds.add(p.fk.customer);
  const directory = await loadByIds(customerIds, (ids) => customers(ctx).findByIds(ids));

  /** One account per customer of the directory, whatever name the document printed; walk-in customers share CDIVERS. */
  const auxiliary = (customerId: string | null | undefined, invoice: Invoice | undefined): Auxiliary => {
    if (!customerId) return MISCELLANEOUS_CUSTOMERS;
    const c = directory.get(customerId) as ({ displayName?: string } & Parameters<typeof receiverNameOf>[0]) | undefined;
    return customerAuxiliary(customerId, c?.displayName || receiverNameOf(c) || invoice?.receiverName || 'Client');
  };
  const customerOf = (i: Invoice) => auxiliary(i.fk.receiverCustomer, i);
  const correctedSource = (corrective: Invoice): CorrectedSource | undefined => {
    const source = sources.get(corrective.fk.sourceInvoice ?? '');
    if (!source) return undefined;
    const earlier = (madeFrom.get(source._id) ?? []).filter((d) => d._id !== corrective._id && (d.number ?? 0) < (corrective.number ?? 0));
    return { invoice: source, customer: customerOf(source), earlier: earlier.map((d) => ({ invoice: d, customer: customerOf(d) })) };
  };

  const letterings = await bankLetterings(ctx, [...invoices, ...paidInvoices.values()]);
  const entries: JournalEntry[] = invoices.map((i) => lettered(invoiceEntry(i, customerOf(i), documentKind(i) === 'corrective' ? correctedSource(i) : undefined), letterings.get(i._id)));
  for (const p of payments) {
    const invoice = paidInvoices.get(p.fk.invoice ?? '');
    // the paid invoice's customer, so that a payment lands on the account its invoice was booked on
    const entry = paymentEntry(p, invoice ?? {}, auxiliary(invoice ? invoice.fk.receiverCustomer : p.fk.customer, invoice));
    if (entry) entries.push(lettered(entry, letterings.get(p.fk.invoice ?? '')));
  }
  return entries;
}

/** `1` → `A`, `26` → `Z`, `27` → `AA`: a lettering code from a document's number, the same in every export */
export function letteringCode(n: number): string {
  let code = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) code = String.fromCharCode(65 + ((x - 1) % 26)) + code;
  return code || 'A';
}

/**
 * Lettering of the customer's account (README « FEC », Lettering): an invoice paid in full whose
 * every payment was seen on the bank (`fk.bankOperations`, written by « Banque » when a person
 * accepts a match) has its customer line and its payments' lettered together — code from the
 * invoice's number, dated the last payment. Cash and card payments at the counter, not proven by
 * a bank statement, leave the invoice unlettered: the accountant letters those.
 */
export async function bankLetterings(ctx: CallContext, invoices: Invoice[]): Promise<Map<string, { code: string; date: string }>> {
  const paid = [...new Map(invoices.filter((i) => i.status === 'paid' && i.unpaidAmount === 0 && i.number && !i.fk.receipt && documentKind(i) !== 'corrective').map((i) => [i._id, i])).values()];
  const out = new Map<string, { code: string; date: string }>();
  if (paid.length === 0) return out;
  const byInvoice = new Map<string, Payment[]>();
  for (let i = 0; i < paid.length; i += 500) {
    for (const p of await ctx.repo(Payments).findMany({ 'fk.invoice': paid.slice(i, i + 500).map((x) => x._id) }) as Payment[]) {
      const list = byInvoice.get(p.fk.invoice!) ?? [];
      list.push(p);
      byInvoice.set(p.fk.invoice!, list);
    }
  }
  for (const invoice of paid) {
    const moved = (byInvoice.get(invoice._id) ?? []).filter((p) => treasuryOf(p.mode) !== null);
    if (moved.length === 0 || moved.some((p) => !(p.fk.bankOperations?.length))) continue;
    const date = moved.reduce((last, p) => (p.date > last ? p.date : last), moved[0].date);
    out.set(invoice._id, { code: letteringCode(invoice.number!), date });
  }
  return out;
}

/** the entry with its customer lines lettered (unchanged without lettering) */
function lettered(entry: JournalEntry, lettering: { code: string; date: string } | undefined): JournalEntry {
  if (!lettering) return entry;
  return { ...entry, lines: entry.lines.map((l) => (l.account === 'customer' ? { ...l, lettering } : l)) };
}
