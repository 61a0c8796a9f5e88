/**
 * The totals of an X or Z ticket (spec §3 « Archive and Z/X ticket », README « Closing totals »)
 * from the receipts of the period: counts, totals incl. and excl. taxes, per payment mode, per VAT
 * rate with the number of articles sold, each with its refund counterpart, and the cash difference.
 * A receipt whose total incl. taxes is negative is a refund ticket; a negative payment is a refund
 * payment. Refund amounts keep their (negative) sign. Plain data, exact: amounts are summed as
 * integers of ten-thousandths of a euro (what a money column holds: any stored amount is one, exactly,
 * and sums stay exact up to 2^53 units, about 900 billion euros), quantities as millionths; only the
 * results go through decimal.js, rounded to the cent as before. A Z over 5 000 receipts made a
 * Decimal per addition (README « Closing totals », bench/README.md « POS closings »).
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

/** sums in integer units: ten-thousandths of a euro for amounts, millionths for quantities */
type Sum = { total: number; count: number };
type VatSum = { amount: number; excl: number; incl: number; sold: number };

const UNIT = 10_000;
const QUANTITY_UNIT = 1_000_000;
/** an amount as integer ten-thousandths (exact for anything a money column stores) */
const units = (n: number | string | undefined | null) => Math.round(Number(n ?? 0) * UNIT);
/** a sum of units back to euros, rounded to the cent as decimal.js rounds (half away from zero) */
const num = (u: number) => new Decimal(u).div(UNIT).toDecimalPlaces(2).toNumber();
const quantity = (u: number) => new Decimal(u).div(QUANTITY_UNIT).toNumber();

function addPayment(map: Map<string, Sum>, mode: string, amount: number) {
  const s = map.get(mode);
  if (s) { s.total += amount; s.count++; } else map.set(mode, { total: amount, count: 1 });
}

const paymentDetails = (map: Map<string, Sum>): PaymentDetail[] => [...map.entries()]
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(([mode, s]) => ({ mode, totalInclTaxesAmount: num(s.total), transactionsCount: s.count }));

const vatDetails = (map: Map<number, VatSum>): ClosingVatDetail[] => [...map.entries()]
  .sort(([a], [b]) => a - b)
  .map(([vat, s]) => ({ vat, soldProducts: quantity(s.sold), amount: num(s.amount), exclTaxesAmount: num(s.excl), inclTaxesAmount: num(s.incl) }));

function vatSum(map: Map<number, VatSum>, vat: number): VatSum {
  let s = map.get(vat);
  if (!s) { s = { amount: 0, excl: 0, incl: 0, sold: 0 }; map.set(vat, s); }
  return s;
}

/** Totals of the receipts of a period; `difference` is the closing's counted − expected cash. */
export function closingTotals(receipts: readonly ClosingReceipt[], difference = 0): ClosingTotals {
  let tickets = 0, refundTickets = 0, payments = 0, refundPayments = 0;
  let incl = 0, excl = 0, refundIncl = 0, refundExcl = 0;
  const modes = new Map<string, Sum>(), refundModes = new Map<string, Sum>();
  const rates = new Map<number, VatSum>(), refundRates = new Map<number, VatSum>();
  for (const r of receipts) {
    const total = units(r.inclTaxesPrice);
    const refund = total < 0;
    if (refund) { refundTickets++; refundIncl += total; refundExcl += units(r.exclTaxesPrice); }
    else { tickets++; incl += total; excl += units(r.exclTaxesPrice); }
    const byRate = refund ? refundRates : rates;
    for (const v of r.vatDetails) {
      const s = vatSum(byRate, v.vat);
      s.amount += units(v.amount); s.excl += units(v.totalExclTaxes); s.incl += units(v.totalInclTaxes);
    }
    for (const item of r.items) vatSum(byRate, item.vat ?? 20).sold += Math.abs(Math.round(Number(item.quantity ?? 1) * QUANTITY_UNIT));
    for (const p of r.payments) {
      const amount = units(p.amount);
      if (amount < 0) { refundPayments++; addPayment(refundModes, p.mode, amount); }
      else { payments++; addPayment(modes, p.mode, amount); }
    }
  }
  return {
    ticketsCount: tickets, refundTicketsCount: refundTickets, paymentsCount: payments, refundPaymentsCount: refundPayments,
    totalInclTaxes: num(incl), totalExclTaxes: num(excl), refundTotalInclTaxes: num(refundIncl), refundTotalExclTaxes: num(refundExcl),
    paymentsDetails: paymentDetails(modes), refundPaymentsDetails: paymentDetails(refundModes),
    vatDetails: vatDetails(rates), refundVatDetails: vatDetails(refundRates),
    difference: num(units(difference)),
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
      const s = map.get(d.mode);
      if (s) { s.total += units(d.totalInclTaxesAmount); s.count += d.transactionsCount; }
      else map.set(d.mode, { total: units(d.totalInclTaxesAmount), count: d.transactionsCount });
    }
  };
  const addRates = (map: Map<number, VatSum>, details: ClosingVatDetail[]) => {
    for (const d of details) {
      const s = vatSum(map, d.vat);
      s.amount += units(d.amount); s.excl += units(d.exclTaxesAmount); s.incl += units(d.inclTaxesAmount); s.sold += Math.round(d.soldProducts * QUANTITY_UNIT);
    }
  };
  const total = (f: (t: ClosingTotals) => number) => num(parts.reduce((s, t) => s + units(f(t)), 0));
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
