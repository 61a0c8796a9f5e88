/**
 * A line of a commercial document being edited (sale, purchase, till, booking: `LinesEditor`). The
 * inputs hold what the person typed (NumberInput gives a number, or a string while incomplete); the
 * unit price typed last (`priceFrom`) is the one the other is converted from, here for display and
 * again by the server's engine when saving. Pure functions: tested in sdk/test/ui-line-draft.test.ts.
 */
import { exclFromIncl, inclFromExcl, isZeroRated, money, needsReason, toDecimal } from '@comptoir/sdk/commerce';

/** A stored line as the API answers it (invoicing README « Entities », line items): only what a draft reads. */
export interface StoredLine {
  uuid?: string;
  itemId?: string;
  type?: string;
  reference?: string;
  labelPrimary?: string;
  labelSecondary?: string;
  quantity?: number | null;
  vat?: number | string | null;
  exclTaxesPrice?: number | null;
  inclTaxesPrice?: number | null;
  vatCategory?: string | null;
  vatExemptionReason?: { code?: string | null; text?: string | null } | null;
}

/** A catalogue item (catalogue README « Entities »): only the fields a line takes from it. */
export interface CatalogueLineSource {
  _id: string;
  name: string;
  shortDescription?: string;
  vat: number | string;
  exclTaxesPrice?: number | null;
  inclTaxesPrice?: number | null;
  type?: string;
}

export type Field = number | string;

export interface LineDraft {
  uuid: string;
  itemId?: string;
  type: string;
  reference: string;
  labelPrimary: string;
  labelSecondary: string;
  quantity: Field;
  /** the Select's value: '20', '5.5'... */
  vat: string;
  exclTaxesPrice: Field;
  inclTaxesPrice: Field;
  priceFrom: 'excl' | 'incl';
  /** the VAT category chosen by hand ('' : the automatic one of the customer, commerce README « VAT categories ») */
  vatCategory: string;
  /** its exemption reason: a VATEX code of the choices, and/or a text ('' : the category's usual one) */
  vatExemptionCode: string;
  vatExemptionText: string;
}

export const VAT_RATES = ['20', '10', '5.5', '2.1', '0'] as const;
const vatOption = (v: string) => ({ value: v, label: `${v.replace('.', ',')} %` });
export const VAT_OPTIONS = VAT_RATES.map(vatOption);

/** The usual French rates, plus the line's own when it is another (a copied or imported line). */
export function vatOptions(current: string): { value: string; label: string }[] {
  return (VAT_RATES as readonly string[]).includes(current) ? VAT_OPTIONS : [...VAT_OPTIONS, vatOption(current)];
}

const orBlank = (n: number | null | undefined): Field => (n === null || n === undefined ? '' : n);

/** A rate read from the API, as one of the Select's values when it is one ('5.50' -> '5.5'). */
export function vatValue(vat: number | string | null | undefined): string {
  const d = toDecimal(vat ?? null);
  return d === null ? '20' : d.toString();
}

/** A blank line: quantity 1, 20 %, a service unless `type` says otherwise (purchases: 'good'). */
export function emptyLine(type = 'service'): LineDraft {
  return {
    uuid: crypto.randomUUID(), type, reference: '', labelPrimary: '', labelSecondary: '',
    quantity: 1, vat: '20', exclTaxesPrice: '', inclTaxesPrice: '', priceFrom: 'excl',
    vatCategory: '', vatExemptionCode: '', vatExemptionText: '',
  };
}

export function lineFromStored(item: StoredLine): LineDraft {
  return {
    uuid: item.uuid || crypto.randomUUID(),
    itemId: item.itemId,
    type: item.type ?? 'service',
    reference: item.reference ?? '',
    labelPrimary: item.labelPrimary ?? '',
    labelSecondary: item.labelSecondary ?? '',
    quantity: orBlank(item.quantity),
    vat: vatValue(item.vat),
    exclTaxesPrice: orBlank(item.exclTaxesPrice),
    inclTaxesPrice: orBlank(item.inclTaxesPrice),
    priceFrom: 'excl',
    vatCategory: item.vatCategory ?? '',
    vatExemptionCode: item.vatExemptionReason?.code ?? '',
    vatExemptionText: item.vatExemptionReason?.text ?? '',
  };
}

/** A catalogue item fills the label, the rate and both prices (the missing one converted). */
export function lineFromCatalogue(item: CatalogueLineSource): LineDraft {
  const vat = vatValue(item.vat);
  const hasExcl = item.exclTaxesPrice !== null && item.exclTaxesPrice !== undefined;
  const base = { ...emptyLine(), itemId: item._id, type: item.type ?? 'good', labelPrimary: item.name, labelSecondary: item.shortDescription ?? '', vat };
  if (hasExcl) return withExcl(base, item.exclTaxesPrice!);
  return withIncl(base, item.inclTaxesPrice ?? '');
}

export function withExcl(line: LineDraft, excl: Field): LineDraft {
  return { ...line, exclTaxesPrice: excl, inclTaxesPrice: orBlank(inclFromExcl(excl, line.vat)), priceFrom: 'excl' };
}

export function withIncl(line: LineDraft, incl: Field): LineDraft {
  return { ...line, inclTaxesPrice: incl, exclTaxesPrice: orBlank(exclFromIncl(incl, line.vat)), priceFrom: 'incl' };
}

/**
 * A category chosen by hand ('' : back to the automatic one): its reason is forgotten (each
 * category has its own), and a category without VAT makes the rate 0, the price excl. taxes kept.
 */
export function withVatCategory(line: LineDraft, category: string): LineDraft {
  const next = { ...line, vatCategory: category, vatExemptionCode: '', vatExemptionText: '' };
  return isZeroRated(category) && line.vat !== '0' ? withExcl({ ...next, vat: '0' }, line.exclTaxesPrice) : next;
}

/**
 * A reason chosen for the line: a code of the choices (its wording is the server's) or a text of
 * one's own (`code` ''). Chosen on a line whose category was automatic, it makes that category the
 * line's own (a reason belongs to a category chosen by hand).
 */
export function withExemptionReason(line: LineDraft, category: string, reason: { code: string; text: string }): LineDraft {
  return { ...line, vatCategory: line.vatCategory || category, vatExemptionCode: reason.code, vatExemptionText: reason.text };
}

/** A new rate keeps the price typed last and converts the other. */
export function withVat(line: LineDraft, vat: string): LineDraft {
  const next = { ...line, vat };
  return line.priceFrom === 'incl' ? withIncl(next, line.inclTaxesPrice) : withExcl(next, line.exclTaxesPrice);
}

const num = (v: Field): number | undefined => toDecimal(v)?.toNumber();

/** The line as the API takes it: numbers, the price typed last, no empty texts. */
export function toLineInput(line: LineDraft): Record<string, unknown> {
  const out: Record<string, unknown> = {
    uuid: line.uuid,
    type: line.type,
    labelPrimary: line.labelPrimary.trim(),
    quantity: num(line.quantity),
    vat: num(line.vat),
    exclTaxesPrice: num(line.exclTaxesPrice),
    inclTaxesPrice: num(line.inclTaxesPrice),
  };
  if (line.labelSecondary.trim()) out.labelSecondary = line.labelSecondary.trim();
  if (line.reference.trim()) out.reference = line.reference.trim();
  if (line.itemId) out.itemId = line.itemId;
  Object.assign(out, vatCategoryInput(line));
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

/** The category chosen by hand and its reason, as the API takes them (nothing when automatic). */
export function vatCategoryInput(line: Pick<LineDraft, 'vatCategory' | 'vatExemptionCode' | 'vatExemptionText'>): Record<string, unknown> {
  if (!line.vatCategory) return {};
  const out: Record<string, unknown> = { vatCategory: line.vatCategory };
  if (needsReason(line.vatCategory) && (line.vatExemptionCode || line.vatExemptionText.trim())) {
    out.vatExemptionReason = line.vatExemptionCode ? { code: line.vatExemptionCode } : { text: line.vatExemptionText.trim() };
  }
  return out;
}

/** quantity × unit price excl. taxes, rounded: the line's « Total HT » cell (null while incomplete). */
export function lineTotalExcl(line: Pick<LineDraft, 'quantity' | 'exclTaxesPrice'>): number | null {
  const q = toDecimal(line.quantity);
  const p = toDecimal(line.exclTaxesPrice);
  return q === null || p === null ? null : money(q.times(p));
}
