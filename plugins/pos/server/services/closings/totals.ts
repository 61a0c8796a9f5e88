/**
 * The totals of an X or Z ticket (spec §3 « Archive and Z/X ticket », README « Closing totals »)
 * from the receipts of the period: counts, totals incl. and excl. taxes, per payment mode, per VAT
 * rate with the number of articles sold, each with its refund counterpart, and the cash difference.
 * A receipt whose total incl. taxes is negative is a refund ticket; a negative payment is a refund
 * payment. Refund amounts keep their (negative) sign. Exact (decimal.js), plain data.
 */
import { Decimal } from 'decimal.js';
import type { ClosingTotals, ClosingVatDetail, PaymentDetail } from '../../../schemas/index.ts';

/** What the totals read of a receipt (the commercial-document engine's fields). */
export interface ClosingReceipt {
  inclTaxesPrice: number;
  exclTaxesPrice: number;
  vatDetails: { vat: number; totalExclTaxes: number; totalInclTaxes: number; amount: number }[];
  items: { vat?: number; quantity?: number }[];
  payments: { mode: string; amount: number }[];
}

type Sum = { total: Decimal; count: number };
type VatSum = { amount: Decimal; excl: Decimal; incl: Decimal; sold: Decimal };

const dec = (n: number | string | undefined | null) => new Decimal(n ?? 0);
const num = (d: Decimal) => d.toDecimalPlaces(2).toNumber();

function addPayment(map: Map<string, Sum>, mode: string, amount: number) {
  const s = map.get(mode) ?? { total: new Decimal(0), count: 0 };
  map.set(mode, { total: s.total.plus(amount), count: s.count + 1 });
}

const paymentDetails = (map: Map<string, Sum>): PaymentDetail[] => [...map.entries()]
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(([mode, s]) => ({ mode, totalInclTaxesAmount: num(s.total), transactionsCount: s.count }));

const vatDetails = (map: Map<number, VatSum>): ClosingVatDetail[] => [...map.entries()]
  .sort(([a], [b]) => a - b)
  .map(([vat, s]) => ({ vat, soldProducts: s.sold.toNumber(), amount: num(s.amount), exclTaxesAmount: num(s.excl), inclTaxesAmount: num(s.incl) }));

function vatSum(map: Map<number, VatSum>, vat: number): VatSum {
  let s = map.get(vat);
  if (!s) { s = { amount: new Decimal(0), excl: new Decimal(0), incl: new Decimal(0), sold: new Decimal(0) }; map.set(vat, s); }
  return s;
}

/** Totals of the receipts of a period; `difference` is the closing's counted − expected cash. */
export function closingTotals(receipts: readonly ClosingReceipt[], difference = 0): ClosingTotals {
  let tickets = 0, refundTickets = 0, payments = 0, refundPayments = 0;
  let incl = new Decimal(0), excl = new Decimal(0), refundIncl = new Decimal(0), refundExcl = new Decimal(0);
  const modes = new Map<string, Sum>(), refundModes = new Map<string, Sum>();
  const rates = new Map<number, VatSum>(), refundRates = new Map<number, VatSum>();
  for (const r of receipts) {
    const refund = dec(r.inclTaxesPrice).isNegative();
    if (refund) { refundTickets++; refundIncl = refundIncl.plus(r.inclTaxesPrice); refundExcl = refundExcl.plus(r.exclTaxesPrice); }
    else { tickets++; incl = incl.plus(r.inclTaxesPrice); excl = excl.plus(r.exclTaxesPrice); }
    const byRate = refund ? refundRates : rates;
    for (const v of r.vatDetails) {
      const s = vatSum(byRate, v.vat);
      s.amount = s.amount.plus(v.amount); s.excl = s.excl.plus(v.totalExclTaxes); s.incl = s.incl.plus(v.totalInclTaxes);
    }
    for (const item of r.items) vatSum(byRate, item.vat ?? 20).sold = vatSum(byRate, item.vat ?? 20).sold.plus(dec(item.quantity ?? 1).abs());
    for (const p of r.payments) {
      if (dec(p.amount).isNegative()) { refundPayments++; addPayment(refundModes, p.mode, p.amount); }
      else { payments++; addPayment(modes, p.mode, p.amount); }
    }
  }
  return {
    ticketsCount: tickets, refundTicketsCount: refundTickets, paymentsCount: payments, refundPaymentsCount: refundPayments,
    totalInclTaxes: num(incl), totalExclTaxes: num(excl), refundTotalInclTaxes: num(refundIncl), refundTotalExclTaxes: num(refundExcl),
    paymentsDetails: paymentDetails(modes), refundPaymentsDetails: paymentDetails(refundModes),
    vatDetails: vatDetails(rates), refundVatDetails: vatDetails(refundRates),
    difference: num(dec(difference)),
  };
}

/**
 * The totals of several closings added together: what an archive holds, computed from the level
 * below it (a day from its Z tickets, a month from its days, a year from its months), never from
 * the receipts again.
 */
export function sumTotals(parts: readonly ClosingTotals[]): ClosingTotals {
  const modes = new Map<string, Sum>(), refundModes = new Map<string, Sum>();
  const rates = new Map<number, VatSum>(), refundRates = new Map<number, VatSum>();
  const addModes = (map: Map<string, Sum>, details: PaymentDetail[]) => {
    for (const d of details) {
      const s = map.get(d.mode) ?? { total: new Decimal(0), count: 0 };
      map.set(d.mode, { total: s.total.plus(d.totalInclTaxesAmount), count: s.count + d.transactionsCount });
    }
  };
  const addRates = (map: Map<number, VatSum>, details: ClosingVatDetail[]) => {
    for (const d of details) {
      const s = vatSum(map, d.vat);
      s.amount = s.amount.plus(d.amount); s.excl = s.excl.plus(d.exclTaxesAmount); s.incl = s.incl.plus(d.inclTaxesAmount); s.sold = s.sold.plus(d.soldProducts);
    }
  };
  const total = (f: (t: ClosingTotals) => number) => num(parts.reduce((s, t) => s.plus(f(t)), new Decimal(0)));
  const count = (f: (t: ClosingTotals) => number) => parts.reduce((s, t) => s + f(t), 0);
  for (const t of parts) {
    addModes(modes, t.paymentsDetails); addModes(refundModes, t.refundPaymentsDetails);
    addRates(rates, t.vatDetails); addRates(refundRates, t.refundVatDetails);
  }
  return {
    ticketsCount: count((t) => t.ticketsCount), refundTicketsCount: count((t) => t.refundTicketsCount),
    paymentsCount: count((t) => t.paymentsCount), refundPaymentsCount: count((t) => t.refundPaymentsCount),
    totalInclTaxes: total((t) => t.totalInclTaxes), totalExclTaxes: total((t) => t.totalExclTaxes),
    refundTotalInclTaxes: total((t) => t.refundTotalInclTaxes), refundTotalExclTaxes: total((t) => t.refundTotalExclTaxes),
    paymentsDetails: paymentDetails(modes), refundPaymentsDetails: paymentDetails(refundModes),
    vatDetails: vatDetails(rates), refundVatDetails: vatDetails(refundRates),
    difference: total((t) => t.difference),
  };
}
