/**
 * What « Achats » puts in the books, as plain functions over stored documents (the plugin's
 * `journalEntries` reads them in accounting-journal.ts; the FEC export of invoicing gathers them):
 * - each purchase, in the purchases journal: the supplier (401, subsidiary account of the provider)
 *   credited with the total incl. taxes; per VAT rate, the charge debited with the total excl.
 *   taxes (goods for resale 607, other goods 606, services 604) plus the VAT that cannot be
 *   deducted, and the deductible VAT (44566, per rate) with the part that can. A supplier's credit
 *   note (negative total) is the same entry reversed;
 * - each external purchase that no purchase stands for: the same, from the order's totals;
 * - each payment, in the bank or cash journal: the supplier debited, bank (512) or cash (530)
 *   credited (a refund reversed); `credit` and `credit-compensation` move no money: no entry.
 * Amounts come from the stored totals, split with decimal.js: every entry balances to the cent.
 * Piece references carry their series' code (`seriesPieceRef`), so that none is also a sale's.
 */
import { Decimal } from 'decimal.js';
import { entryLine, goodsAndServices, paymentTreasury, seriesPieceRef, type JournalEntry, type JournalEntryLine, type Treasury } from '@comptoir/sdk';
import { PAYMENT_MODE_LABELS, type Payment, type PaymentMode } from '@comptoir/schemas';
import type { ExternalPurchase, Purchase } from '../../../schemas/index.ts';
import { distributeCents } from './cents.ts';

export interface Auxiliary { number: string; label: string }

/** Purchases without a provider record, and orders from shops (no record either), share « Fournisseurs divers ». */
export const MISCELLANEOUS_SUPPLIERS: Auxiliary = { number: 'FDIVERS', label: 'Fournisseurs divers' };

/** A provider's subsidiary account: its id, which never changes (providers have no account code). */
export const supplierAuxiliary = (id: string, label: string): Auxiliary => ({ number: `F${id.toUpperCase()}`, label });

/**
 * Series codes of the piece references (purchases README « Accounting »): purchases (`FF`,
 * « facture fournisseur »), online orders (`CL`, « commande en ligne »), and the payments of each
 * (`RF`, `RL`), each numbered by its own counter.
 */
export const PIECE_SERIES = { purchase: 'FF', order: 'CL', purchasePayment: 'RF', orderPayment: 'RL' } as const;

export type PurchaseForEntry = Pick<Purchase,
  'numberFull' | 'date' | 'invoiceNumber' | 'providerName' | 'subjectToVAT' | 'exclTaxesPrice' | 'inclTaxesPrice'
  | 'vatDetails' | 'items' | 'vatRecoveryPercent' | 'recoverableVatAmount' | 'forResale'
> & { metadata?: { creationDate?: string } };

export type ExternalPurchaseForEntry = Pick<ExternalPurchase, '_id' | 'shop' | 'orderNumber' | 'orderDate' | 'vatAmount' | 'totals' | 'items'>
  & { fk: Pick<ExternalPurchase['fk'], 'purchases'>; metadata?: { creationDate?: string } };

const words = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

/** Only lines that move something: a rate at zero (a free line) writes nothing. */
const nonZero = (lines: JournalEntryLine[]) => lines.filter((l) => !new Decimal(l.debit ?? l.credit ?? 0).isZero());

/** The entry, or null when nothing is left to book (a purchase at zero). */
const entryOf = (entry: JournalEntry): JournalEntry | null => {
  const lines = nonZero(entry.lines);
  return lines.length ? { ...entry, lines } : null;
};

/**
 * The VAT a rate cannot deduct is part of what was bought: shared between its goods and services
 * in proportion to their totals, to the cent.
 */
function keptVatOver(kept: Decimal, goods: Decimal, services: Decimal): { goods: Decimal; services: Decimal } {
  const zero = new Decimal(0);
  if (services.isZero()) return { goods: kept, services: zero };
  const total = goods.plus(services);
  // opposite amounts leave nothing to weigh by: the services take it, as they take the rate's rest
  if (goods.isZero() || total.isZero()) return { goods: zero, services: kept };
  const [g, s] = distributeCents(kept, [kept.times(goods).dividedBy(total), kept.times(services).dividedBy(total)]);
  return { goods: g, services: s };
}

/**
 * A purchase in the purchases journal. The deductible VAT of the rates adds up to the stored
 * `recoverableVatAmount` exactly (each rate's share rounded, the cents left given where they were
 * lost); the rest of each rate's VAT goes to that rate's charge. Not subject to VAT: the charge is
 * the total.
 */
export function purchaseEntry(purchase: PurchaseForEntry, supplier: Auxiliary): JournalEntry | null {
  const total = new Decimal(purchase.inclTaxesPrice);
  const goodsAccount = purchase.forResale ? 'purchasesGoods' : 'purchasesSupplies';
  const rates = purchase.subjectToVAT && purchase.vatDetails.length > 0
    ? purchase.vatDetails.map((d) => ({ vat: d.vat as number | null, excl: new Decimal(d.totalExclTaxes), tax: new Decimal(d.amount) }))
    : [{ vat: null, excl: total, tax: new Decimal(0) }];
  const deductible = distributeCents(
    new Decimal(purchase.recoverableVatAmount ?? 0),
    rates.map((r) => r.tax.times(purchase.vatRecoveryPercent ?? 100).dividedBy(100)),
  );

  const lines: JournalEntryLine[] = [];
  rates.forEach((rate, i) => {
    const items = purchase.items.filter((item) => rate.vat === null || item.vat === rate.vat);
    const { goods, services } = goodsAndServices(items, rate.excl);
    const kept = keptVatOver(rate.tax.minus(deductible[i]), goods, services);
    lines.push(entryLine(goodsAccount, goods.plus(kept.goods), 'debit'));
    lines.push(entryLine('purchasesServices', services.plus(kept.services), 'debit'));
    if (rate.vat !== null) lines.push(entryLine('vatDeductible', deductible[i], 'debit', { vatRate: rate.vat }));
  });
  lines.push(entryLine('supplier', total, 'credit', { auxiliary: supplier }));

  return entryOf({
    journal: 'purchases',
    date: purchase.date,
    pieceRef: seriesPieceRef(PIECE_SERIES.purchase, purchase.numberFull!),
    pieceDate: purchase.date,
    label: words(total.isNegative() ? 'Avoir fournisseur' : 'Facture fournisseur', purchase.invoiceNumber, purchase.providerName || supplier.label),
    lines,
    validatedAt: purchase.metadata?.creationDate ?? purchase.date,
  });
}

/** An order's reference: the shop's order number, else its id (the FEC needs one), after the series code. */
export const orderRef = (order: Pick<ExternalPurchase, '_id' | 'orderNumber'>) => seriesPieceRef(PIECE_SERIES.order, order.orderNumber || order._id.toUpperCase());

/**
 * An external purchase no purchase stands for, in the purchases journal (null when it is linked to
 * a purchase: that purchase is the accounting document, booking both would count it twice). What
 * a shop sells is taken as supplies (606); its VAT is deducted whole, on the rate's sub-account
 * when every line has the same rate, else on the general account.
 */
export function externalPurchaseEntry(order: ExternalPurchaseForEntry, supplier: Auxiliary = MISCELLANEOUS_SUPPLIERS): JournalEntry | null {
  if (order.fk.purchases.length > 0) return null;
  const total = new Decimal(order.totals.inclTaxesPrice);
  const rates = new Set(order.items.map((i) => i.vat));
  const vatRate = rates.size === 1 ? { vatRate: [...rates][0] } : {};
  return entryOf({
    journal: 'purchases',
    date: order.orderDate,
    pieceRef: orderRef(order),
    pieceDate: order.orderDate,
    label: words(total.isNegative() ? 'Remboursement achat en ligne' : 'Achat en ligne', order.shop, order.orderNumber),
    lines: [
      entryLine('purchasesSupplies', new Decimal(order.totals.exclTaxesPrice), 'debit'),
      entryLine('vatDeductible', new Decimal(order.vatAmount), 'debit', vatRate),
      entryLine('supplier', total, 'credit', { auxiliary: supplier }),
    ],
    validatedAt: order.metadata?.creationDate ?? order.orderDate,
  });
}

/** A gift card the company holds was an advance paid to the shop that issued it. */
const GIFT_CARD: Treasury = { journal: 'miscellaneous', account: 'supplierAdvances' };

/** Where a purchase payment's money comes from: none for credits, which settle without money moving. */
export const treasuryOf = (mode: PaymentMode): Treasury | null => paymentTreasury(mode, GIFT_CARD);

/** What a payment paid, for its label: « facture fournisseur MV-0412 Moulin de la Vallée ». */
export const paidPurchaseLabel = (p: Pick<Purchase, 'invoiceNumber' | 'numberFull' | 'providerName'>) =>
  words('facture fournisseur', p.invoiceNumber || p.numberFull, p.providerName);
export const paidOrderLabel = (o: Pick<ExternalPurchase, 'shop' | 'orderNumber'>) => words('achat en ligne', o.shop, o.orderNumber);

/** A payment's reference: `RF-` for a purchase's, `RL-` for an online order's (two counters). */
export const paymentRef = (payment: Pick<Payment, 'source' | 'number' | 'numberFull'>) =>
  seriesPieceRef(payment.source === 'external-purchase' ? PIECE_SERIES.orderPayment : PIECE_SERIES.purchasePayment, payment.numberFull ?? String(payment.number));

/** A payment to a supplier (negative: the supplier refunds), or null when no money moved. */
export function paymentEntry(payment: Pick<Payment, 'mode' | 'amount' | 'date' | 'number' | 'numberFull' | 'metadata' | 'source'>, paid: string, supplier: Auxiliary): JournalEntry | null {
  const treasury = treasuryOf(payment.mode);
  if (!treasury || payment.amount === 0) return null;
  const value = new Decimal(payment.amount);
  return {
    journal: treasury.journal,
    date: payment.date,
    pieceRef: paymentRef(payment),
    pieceDate: payment.date,
    label: words(value.isNegative() ? 'Remboursement' : 'Règlement', PAYMENT_MODE_LABELS[payment.mode], paid),
    lines: [entryLine('supplier', value, 'debit', { auxiliary: supplier }), entryLine(treasury.account, value, 'credit')],
    validatedAt: payment.metadata?.creationDate ?? payment.date,
  };
}
