/**
 * The document type and its lines (BG-25). A credit note is written with positive amounts under
 * type 381 (its stored quantities are negative: they are negated); a line whose unit price is
 * negative (a discount typed as a line) gets a positive price and a negated quantity, since the
 * item net price cannot be negative (BR-27). The line net amount (BT-131) is the engine's rounded
 * line total, round2(quantity × unit price excl. taxes).
 */
import { Decimal } from 'decimal.js';
import { isCreditNote } from '../../../schemas/index.ts';
import { isZeroRated, round2, type VatCategoryChoice } from '@comptoir/sdk/commerce';
import { CREDIT_NOTE_TITLE } from '../../messages.ts';
import { lineCategories, saleParties } from '../documents/vat-categories.ts';
import { BUSINESS_PROCESS, DOCUMENT_TYPE, type DocumentKind, type VatCategory } from './codes.ts';
import { text } from './format.ts';
import { operationNature } from '../documents/operation.ts';
import type { CiiLine, FacturXInvoice, MissingField } from './types.ts';

/**
 * A negative total is a credit note (commerce README « Rules »); so is a zero-total credit note made from an invoice
 * (its header says « Avoir »). Any other document with a source invoice is a corrective invoice.
 */
export function documentKind(invoice: FacturXInvoice): DocumentKind {
  const fromSource = !!invoice.fk?.sourceInvoice;
  if (isCreditNote(invoice) || (fromSource && invoice.headerTitle === CREDIT_NOTE_TITLE)) return 'creditNote';
  return fromSource ? 'corrective' : 'invoice';
}

export const typeCodeOf = (kind: DocumentKind) => DOCUMENT_TYPE[kind];

/** +1, or −1 for a credit note: multiplies every stored amount written in the XML. */
export const signOf = (kind: DocumentKind): Decimal => new Decimal(kind === 'creditNote' ? -1 : 1);

/**
 * BT-151 / BT-152: the line's category (README « VAT categories »: every line of an invoice emitted
 * since issue 13 has one; before, S, Z or the franchise's E, as written then) and its rate — 0 for
 * a category without VAT (a franchise line keeps the rate it was typed with, which counts for
 * nothing), none for O (written without it).
 */
export function lineTax(choice: VatCategoryChoice, vat: number): { category: VatCategory; rate: Decimal } {
  return { category: choice.vatCategory, rate: isZeroRated(choice.vatCategory) ? new Decimal(0) : new Decimal(vat) };
}

/** The category and reason of each line of the (emitted) invoice, in order. */
export const invoiceLineCategories = (invoice: FacturXInvoice): VatCategoryChoice[] =>
  lineCategories({ ...invoice, frozen: true }, saleParties(invoice.sender, invoice.receiver));

/** BT-153 must not be empty: the primary label, else the first line of the secondary one, else the reference. */
function itemName(line: FacturXInvoice['items'][number]): string | undefined {
  return text(line.labelPrimary) ?? text(line.labelSecondary?.split('\n').find((l) => l.trim() !== '')) ?? text(line.reference);
}

export function ciiLines(invoice: FacturXInvoice, sign: Decimal, missing: MissingField[]): CiiLine[] {
  const categories = invoiceLineCategories(invoice);
  return invoice.items.map((line, i) => {
    const name = itemName(line);
    if (!name) missing.push({ field: `items[${i}].labelPrimary`, label: `le libellé de la ligne ${i + 1}` });
    let quantity = new Decimal(line.quantity).times(sign);
    let netPrice = new Decimal(line.exclTaxesPrice);
    if (netPrice.isNegative()) {
      netPrice = netPrice.negated();
      quantity = quantity.negated();
    }
    const primary = text(line.labelPrimary);
    return {
      id: String(i + 1),
      name: name ?? '',
      // the secondary label is the description, unless it had to stand in for the name
      description: primary ? text(line.labelSecondary) : undefined,
      sellerId: text(line.reference),
      quantity,
      netPrice,
      ...lineTax(categories[i], line.vat),
      exemptionReason: categories[i].vatExemptionReason,
      // the engine's line total (`lineTotalExcl`): rounding half away from zero commutes with the sign
      netAmount: round2(quantity.times(netPrice)),
    };
  });
}

/** BT-23: the nature of the operation the PDF prints (`operationNature`: declared, or told by the line types). */
export const businessProcess = (invoice: FacturXInvoice): string => BUSINESS_PROCESS[operationNature(invoice)];
