/**
 * The lines of a purchase from a CII invoice, as plain data (no engine call yet):
 * - a detailed line keeps its quantity and net unit price when they make its net amount (BT-131);
 *   otherwise (line discounts or charges, a rounded unit price) the unit price is recomputed to 4
 *   decimals from the amount, or the line becomes 1 × its amount with the quantity in its text;
 * - document-level discounts and charges (BG-20, BG-21) become lines of their own, at their rate;
 * - without detailed lines (BASIC WL), one line per VAT rate of the breakdown (BG-23); without a
 *   breakdown either (MINIMUM), one line of the whole amount at the rate the totals imply.
 * Every choice is told in French (`read`, `missing`).
 */
import { Decimal } from 'decimal.js';
import { round2, toDecimal, toNumber } from '@comptoir/sdk/commerce';
import { clipText, type LineItemInput } from '@comptoir/schemas';
import type { CiiAllowanceCharge, CiiInvoice, CiiLine, CiiTax } from './cii-read.ts';
import { euros, percent } from './french.ts';

export interface BuiltLines {
  items: LineItemInput[];
  read: string[];
  missing: string[];
}

/** VAT categories that carry no tax: exempt, zero-rated, intra-community, export, outside scope, reverse charge. */
const ZERO_CATEGORIES = new Set(['E', 'Z', 'K', 'G', 'O', 'AE']);
/** Units of time: what is billed by them is a service; a piece, a weight or a volume is a good. */
const SERVICE_UNITS = new Set(['HUR', 'DAY', 'MIN', 'MON', 'WEE', 'ANN', 'E48', 'C62']);

const dec = (s: string | undefined): Decimal | null => (s === undefined ? null : toDecimal(s));
const num = (d: Decimal) => toNumber(d);

/** The rate of a line or a discount: given, else 0 for a tax-free category, else the document's only rate. */
function rateOf(rate: string | undefined, category: string | undefined, taxes: CiiTax[]): Decimal | null {
  const given = dec(rate);
  if (given) return given;
  if (category && ZERO_CATEGORIES.has(category)) return new Decimal(0);
  const rates = [...new Set(taxes.map((t) => t.rate).filter((r) => r !== undefined))];
  return rates.length === 1 ? dec(rates[0]) : null;
}

interface UnitChoice { quantity: Decimal; unit: Decimal; adjusted: boolean; quantityNote?: string }

/** Quantity and unit price that make the line's net amount, exactly, to the cent. */
export function unitPrice(quantity: Decimal, netPrice: Decimal | null, total: Decimal | null, unitCode?: string): UnitChoice | null {
  if (total === null) return netPrice === null ? null : { quantity, unit: netPrice, adjusted: false };
  if (netPrice !== null && round2(quantity.times(netPrice)).equals(total)) return { quantity, unit: netPrice, adjusted: false };
  if (!quantity.isZero()) {
    const unit = total.dividedBy(quantity).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
    if (round2(quantity.times(unit)).equals(total)) return { quantity, unit, adjusted: true };
  }
  return { quantity: new Decimal(1), unit: total, adjusted: true, quantityNote: `Quantité facturée : ${quantity.toString().replace('.', ',')}${unitCode ? ` (${unitCode})` : ''}` };
}

function detailedLine(line: CiiLine, index: number, taxes: CiiTax[], out: BuiltLines, counts: { adjusted: number }): LineItemInput {
  const n = index + 1;
  const quantity = dec(line.quantity);
  if (quantity === null) out.missing.push(`Ligne ${n} : quantité absente, 1 est retenu.`);
  const basis = dec(line.basisQuantity);
  const net = dec(line.netPrice);
  const netUnit = net && basis && !basis.isZero() ? net.dividedBy(basis) : net;
  let choice = unitPrice(quantity ?? new Decimal(1), netUnit, dec(line.lineTotal), line.unitCode);
  if (!choice) {
    out.missing.push(`Ligne ${n} : ni prix unitaire ni montant, elle est reprise à 0 €.`);
    choice = { quantity: quantity ?? new Decimal(1), unit: new Decimal(0), adjusted: false };
  }
  if (choice.adjusted) counts.adjusted++;
  const vat = rateOf(line.vatRate, line.vatCategory, taxes);
  if (vat === null) out.missing.push(`Ligne ${n} : taux de TVA absent, 20 % est retenu.`);
  const label = line.name ?? line.description ?? `Ligne ${line.id ?? n}`;
  const secondary = [line.name && line.description !== line.name ? line.description : undefined, choice.quantityNote].filter(Boolean).join('\n');
  return {
    labelPrimary: clipText(label),
    ...(secondary ? { labelSecondary: secondary.slice(0, 65535) } : {}),
    ...(line.sellerRef ? { reference: clipText(line.sellerRef) } : {}),
    quantity: num(choice.quantity),
    exclTaxesPrice: num(choice.unit),
    vat: vat === null ? 20 : num(vat),
    type: line.unitCode && !SERVICE_UNITS.has(line.unitCode) ? 'good' : 'service',
  };
}

function documentAllowanceCharge(ac: CiiAllowanceCharge, taxes: CiiTax[], out: BuiltLines): LineItemInput | null {
  const amount = dec(ac.amount);
  const kind = ac.charge ? 'Frais' : 'Remise';
  if (amount === null) {
    out.missing.push(`${kind} au niveau du document sans montant : ignoré${ac.charge ? 's' : 'e'}.`);
    return null;
  }
  const vat = rateOf(ac.vatRate, ac.vatCategory, taxes);
  if (vat === null) out.missing.push(`${kind} de ${euros(amount)} sans taux de TVA : 20 % est retenu.`);
  return {
    labelPrimary: clipText(ac.reason ? `${kind} : ${ac.reason}` : kind),
    quantity: 1,
    exclTaxesPrice: num(ac.charge ? amount : amount.negated()),
    vat: vat === null ? 20 : num(vat),
    type: 'service',
  };
}

function linesPerRate(invoice: CiiInvoice, out: BuiltLines, profile: string): LineItemInput[] {
  out.missing.push(`Aucune ligne détaillée (profil ${profile}) : une ligne par taux de TVA a été créée.`);
  return invoice.taxes.flatMap((t): LineItemInput[] => {
    const basis = dec(t.basis);
    const rate = rateOf(t.rate, t.category, []);
    if (basis === null || rate === null) {
      out.missing.push(`Un taux du détail de TVA est incomplet (base ou taux absent) : il est ignoré.`);
      return [];
    }
    const exempt = t.category && ZERO_CATEGORIES.has(t.category) ? ` (${t.exemptionReason ?? `catégorie ${t.category}`})` : '';
    return [{ labelPrimary: clipText(`Montant HT au taux de ${percent(rate)}${exempt}`), quantity: 1, exclTaxesPrice: num(basis), vat: num(rate), type: 'service' }];
  });
}

function singleLine(invoice: CiiInvoice, out: BuiltLines, profile: string): LineItemInput[] {
  const basis = dec(invoice.totals.taxBasis);
  const tax = dec(invoice.totals.taxTotal) ?? new Decimal(0);
  const grand = dec(invoice.totals.grandTotal) ?? dec(invoice.totals.duePayable);
  if (basis !== null) {
    const rate = basis.isZero() ? new Decimal(0) : tax.dividedBy(basis).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    out.missing.push(`Aucune ligne détaillée ni détail de TVA (profil ${profile}) : une seule ligne a été créée avec le total HT (${euros(basis)}) au taux que donnent les totaux, ${percent(rate)} (TVA ${euros(tax)}) ; vérifiez-le sur la facture.`);
    return [{ labelPrimary: `Facture${invoice.number ? ` ${clipText(invoice.number, 200)}` : ''} (sans détail)`, quantity: 1, exclTaxesPrice: num(basis), vat: num(rate), type: 'service' }];
  }
  if (grand !== null) {
    out.missing.push(`Aucune ligne, aucun total HT ni détail de TVA : une seule ligne du montant TTC (${euros(grand)}) a été créée, sans TVA ; vérifiez-la sur la facture.`);
    return [{ labelPrimary: 'Montant de la facture (sans détail)', quantity: 1, exclTaxesPrice: num(grand), vat: 0, type: 'service' }];
  }
  out.missing.push('Aucun montant lisible dans la facture : l’achat est créé sans ligne, complétez-le à la main.');
  return [];
}

export function buildLines(invoice: CiiInvoice, profile: string): BuiltLines {
  const out: BuiltLines = { items: [], read: [], missing: [] };
  if (invoice.lines.length === 0) {
    out.items = invoice.taxes.length ? linesPerRate(invoice, out, profile) : singleLine(invoice, out, profile);
    return out;
  }
  const counts = { adjusted: 0 };
  out.items = invoice.lines.map((l, i) => detailedLine(l, i, invoice.taxes, out, counts));
  const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);
  out.read.push(`${invoice.lines.length} ${plural(invoice.lines.length, 'ligne', 'lignes')}.`);
  if (counts.adjusted) {
    out.read.push(`${counts.adjusted} ${plural(counts.adjusted, 'ligne a son', 'lignes ont leur')} prix unitaire recalculé depuis le montant net de la ligne (remises, frais ou arrondi du prix unitaire).`);
  }
  const extra = invoice.allowancesCharges.map((ac) => documentAllowanceCharge(ac, invoice.taxes, out)).filter((l): l is LineItemInput => l !== null);
  if (extra.length) {
    out.read.push(`${extra.length} ${plural(extra.length, 'remise ou frais', 'remises ou frais')} au niveau du document, ${plural(extra.length, 'repris comme ligne', 'repris comme lignes')}.`);
    out.items.push(...extra);
  }
  return out;
}

/** A credit note's amounts count against the company's purchases: its quantities are negated. */
export function negated(items: LineItemInput[]): LineItemInput[] {
  return items.map((i) => ({ ...i, quantity: i.quantity === null || i.quantity === undefined ? -1 : -i.quantity }));
}
