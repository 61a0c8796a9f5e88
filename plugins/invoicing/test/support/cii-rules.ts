/**
 * The business rules an XSD cannot check, re-checked on the XML read back: the EN 16931 core rules
 * on totals and VAT (BR-CO-10 to BR-CO-17, BR-S/Z/E/AE/IC/G/O-*, BR-27, BR-DEC-*) and the French ones the
 * generator promises (BR-FR-05/06/08/09/10, BR-FR-CO-04/05/07). BR-CO-17 and BR-S-09 use the
 * ±1,00 tolerance of the Factur-X 1.09 Schematron; `maxVatDeviation` tells how close we really are.
 */
import { Decimal } from 'decimal.js';
import type { CiiRead } from './cii-read.ts';

const round2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const sum = (values: (Decimal | undefined)[]) => values.reduce<Decimal>((s, v) => s.plus(v ?? 0), new Decimal(0));
const eq = (a: Decimal | undefined, b: Decimal | undefined) => !!a && !!b && a.eq(b);
const sameRate = (a: Decimal | undefined, b: Decimal | undefined) => (a ?? new Decimal(0)).eq(b ?? 0);

/** |BT-117 − round2(BT-116 × rate)| for the worst breakdown. */
export function maxVatDeviation(r: CiiRead): Decimal {
  return r.taxes.reduce((max, t) => Decimal.max(max, t.tax!.minus(round2(t.basis!.times(t.rate ?? 0).div(100))).abs()), new Decimal(0));
}

export function ciiViolations(r: CiiRead): string[] {
  const v: string[] = [];
  const check = (rule: string, ok: boolean, what = '') => { if (!ok) v.push(`${rule}${what ? ` (${what})` : ''}`); };
  const t = r.totals;

  check('BR-1', r.guideline === 'urn:cen.eu:en16931:2017', r.guideline);
  check('BR-2', !!r.number);
  check('BR-3', /^\d{8}$/.test(r.issueDate ?? ''), r.issueDate);
  check('BR-4', ['380', '381', '384'].includes(r.typeCode ?? ''), r.typeCode);
  check('BR-5', r.currency === 'EUR');
  check('BR-6', !!r.seller.name);
  check('BR-7', !!r.buyer.name);
  check('BR-9', /^[A-Z]{2}$/.test(r.seller.country ?? ''), r.seller.country);
  check('BR-11', /^[A-Z]{2}$/.test(r.buyer.country ?? ''), r.buyer.country);
  check('BR-12..15', !!(t.lines && t.taxBasis && t.grand && t.due));
  check('BR-16', r.lines.length > 0);
  r.lines.forEach((l, i) => {
    check('BR-21..26', !!(l.id && l.name && l.quantity && l.net && l.price && l.category), `ligne ${i + 1}`);
    check('BR-27', !!l.price && !l.price.isNegative(), `ligne ${i + 1} : ${l.price}`);
    const rateOk = l.category === 'S' || l.category === 'L' ? !!l.rate?.gt(0) : l.category === 'O' ? l.rate === undefined : !!l.rate?.isZero();
    check(`BR-${l.category === 'K' ? 'IC' : l.category}-05`, rateOk, `ligne ${i + 1}`);
  });

  // totals
  check('BR-CO-10', eq(sum(r.lines.map((l) => l.net)), t.lines), `Σ lignes ${sum(r.lines.map((l) => l.net))} ≠ ${t.lines}`);
  const allowances = r.allowanceCharges.filter((a) => !a.charge);
  const charges = r.allowanceCharges.filter((a) => a.charge);
  check('BR-CO-11', allowances.length === 0 ? t.allowances === undefined : eq(sum(allowances.map((a) => a.amount)), t.allowances));
  check('BR-CO-12', charges.length === 0 ? t.charges === undefined : eq(sum(charges.map((a) => a.amount)), t.charges));
  check('BR-CO-13', eq(t.taxBasis, t.lines?.minus(t.allowances ?? 0).plus(t.charges ?? 0)), `${t.taxBasis}`);
  check('BR-CO-14', eq(t.tax, sum(r.taxes.map((x) => x.tax))), `${t.tax}`);
  check('BR-CO-15', eq(t.grand, t.taxBasis?.plus(t.tax ?? 0)), `${t.grand}`);
  check('BR-CO-16', eq(t.due, t.grand?.minus(t.paid ?? 0)), `${t.due}`);
  check('BR-CO-18', r.taxes.length > 0);
  check('BR-53', t.taxCurrency === 'EUR');
  check('BR-DEC', r.amountTexts.every((a) => /^-?\d+(\.\d{1,2})?$/.test(a)), r.amountTexts.filter((a) => !/^-?\d+(\.\d{1,2})?$/.test(a)).join(' '));

  // VAT breakdown
  for (const x of r.taxes) {
    const of = `${x.category} ${x.rate}`;
    const lines = r.lines.filter((l) => l.category === x.category && sameRate(l.rate, x.rate));
    const adj = r.allowanceCharges.filter((a) => a.category === x.category && sameRate(a.rate, x.rate));
    const expected = sum(lines.map((l) => l.net)).plus(sum(adj.filter((a) => a.charge).map((a) => a.amount))).minus(sum(adj.filter((a) => !a.charge).map((a) => a.amount)));
    check(`BR-${x.category}-08`, eq(x.basis, expected), `${of} : ${x.basis} ≠ ${expected}`);
    check('BR-CO-17', x.tax!.minus(round2(x.basis!.times(x.rate ?? 0).div(100))).abs().lte(1), of);
    const rule = x.category === 'K' ? 'IC' : x.category;
    if (x.category === 'S' || x.category === 'Z') check(`BR-${rule}-10`, !x.exemptionReason && !x.exemptionCode, of);
    if (x.category !== 'S') check(`BR-${rule}-09`, x.tax!.isZero(), of);
    if (['E', 'AE', 'K', 'G', 'O'].includes(x.category ?? '')) check(`BR-${rule}-10`, !!(x.exemptionReason || x.exemptionCode), of);
    if (x.category === 'O') check('BR-48/BR-O', x.rate === undefined, of);
  }
  for (const c of ['E', 'AE', 'K', 'G', 'O']) {
    if (r.lines.some((l) => l.category === c)) check(`BR-${c === 'K' ? 'IC' : c}-01`, r.taxes.filter((x) => x.category === c).length === 1, c);
  }
  for (const l of r.lines) {
    check('BR-CO-18/BR-S-01', r.taxes.some((x) => x.category === l.category && sameRate(x.rate, l.rate)), `${l.category} ${l.rate}`);
  }
  const categories = new Set(r.lines.map((l) => l.category));
  if (categories.has('S') || categories.has('Z')) check('BR-S-02/BR-Z-02', !!r.seller.vat);
  if (categories.has('E')) check('BR-E-02', !!(r.seller.vat || r.seller.fiscal));
  if (categories.has('K')) check('BR-IC-02', !!r.seller.vat && !!r.buyer.vat);
  if (categories.has('AE')) check('BR-AE-02', !!(r.seller.vat || r.seller.fiscal) && !!r.buyer.vat);
  if (categories.has('G')) check('BR-G-02', !!r.seller.vat);
  if (categories.has('O')) {
    check('BR-O-02', !r.seller.vat && !r.buyer.vat);
    check('BR-O-11/12', categories.size === 1 && r.taxes.length === 1);
  }
  for (const id of [r.seller.vat, r.buyer.vat]) if (id) check('BR-CO-09', /^[A-Z]{2}/.test(id), id);
  for (const a of r.allowanceCharges) check('BR-33/BR-38', !!a.reason && !!a.category);

  // parties, terms, references
  check('BR-CO-25', !t.due?.gt(0) || !!(r.terms.dueDate || r.terms.description));
  check('BR-CO-26', !!(r.seller.siret || r.seller.siren || r.seller.vat));
  if (r.paymentMeans && ['30', '58'].includes(r.paymentMeans.code ?? '')) check('BR-61', !!r.paymentMeans.iban);

  // French rules (CIUS-FR) the generator follows
  for (const subject of ['PMT', 'PMD', 'AAB']) check('BR-FR-05/06', r.notes.filter((n) => n.subject === subject).length === 1, subject);
  check('BR-FR-06', r.notes.filter((n) => n.subject === 'TXD').length <= 1, 'TXD');
  check('BR-FR-08', ['B1', 'S1', 'M1'].includes(r.businessProcess ?? ''), r.businessProcess);
  check('BR-FR-10', /^\d{9}$/.test(r.seller.siren ?? '') && r.seller.sirenScheme === '0002', r.seller.siren);
  if (r.seller.siret) check('BR-FR-09', /^\d{14}$/.test(r.seller.siret) && r.seller.siret.startsWith(r.seller.siren ?? '-'));
  if (r.typeCode === '384') check('BR-FR-CO-04', r.preceding.length === 1 && !!r.preceding[0].date);
  if (r.typeCode === '381') check('BR-FR-CO-05', r.preceding.some((p) => p.number && p.date));
  if (r.terms.dueDate) check('BR-FR-CO-07', r.terms.dueDate >= (r.issueDate ?? ''));
  return v;
}
