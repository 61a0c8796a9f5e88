/**
 * Line items of a commercial document (commerce README « Rules », Lines): defaults, decimal
 * parsing, and the unit price that is missing converted from the other one.
 */
import type { Decimal } from 'decimal.js';
import { isBlank, toDecimal, toNumber, type Num } from './money.ts';
import { exclFromInclDecimal, inclFromExclDecimal } from './prices.ts';
import { newUuid } from './uuid.ts';
import { isVatCategory, normalizedReason, type VatCategory, type VatCategoryInput, type VatReason } from './vat-category.ts';

export const DEFAULT_QUANTITY = 1;
export const DEFAULT_VAT = 20;
export const DEFAULT_LINE_TYPE = 'service';

export interface LineInput {
  quantity?: Num;
  vat?: Num;
  exclTaxesPrice?: Num;
  inclTaxesPrice?: Num;
  labelPrimary?: string;
  labelSecondary?: string;
  reference?: string;
  type?: string;
  uuid?: string;
  itemId?: string;
  /** chosen by hand (commerce README « VAT categories »); absent or null: automatic */
  vatCategory?: VatCategoryInput['vatCategory'];
  vatExemptionReason?: VatCategoryInput['vatExemptionReason'];
}

/** A normalized line: unit prices, both present. */
export interface Line {
  quantity: number;
  vat: number;
  exclTaxesPrice: number;
  inclTaxesPrice: number;
  labelPrimary: string;
  labelSecondary?: string;
  reference?: string;
  type: string;
  uuid: string;
  itemId?: string;
  vatCategory?: VatCategory;
  vatExemptionReason?: VatReason;
}

export interface NormalizeOptions {
  /** which unit price is the source of truth when both are given (the other is recomputed) */
  priceFrom?: 'excl' | 'incl';
}

/** A normalized line and whether its numbers can be counted in the totals. */
export interface ParsedLine {
  line: Line;
  countable: boolean;
}

/** A field that is absent takes its default; one that is present but not a number is invalid (null). */
function parseOr(v: Num, fallback: number): Decimal | null {
  return isBlank(v) ? toDecimal(fallback) : toDecimal(v);
}

function resolvePrices(input: LineInput, vat: Decimal | null, opts: NormalizeOptions) {
  const excl = toDecimal(input.exclTaxesPrice);
  const incl = toDecimal(input.inclTaxesPrice);
  const fromExcl = () => ({ excl: toNumber(excl!), incl: vat ? inclFromExclDecimal(excl!, vat) : null });
  const fromIncl = () => ({ excl: vat ? exclFromInclDecimal(incl!, vat) : null, incl: toNumber(incl!) });
  if (opts.priceFrom === 'excl' && excl) return fromExcl();
  if (opts.priceFrom === 'incl' && incl) return fromIncl();
  if (excl && isBlank(input.inclTaxesPrice)) return fromExcl();
  if (incl && isBlank(input.exclTaxesPrice)) return fromIncl();
  return { excl: excl ? toNumber(excl) : null, incl: incl ? toNumber(incl) : null };
}

/**
 * Parses and completes a line. A number that cannot be read becomes 0 in the line and makes the
 * line not countable: it stays in the document (the user sees it) but adds nothing to the totals.
 */
export function parseLine(input: LineInput, opts: NormalizeOptions = {}): ParsedLine {
  const quantity = parseOr(input.quantity, DEFAULT_QUANTITY);
  const parsedVat = parseOr(input.vat, DEFAULT_VAT);
  // a negative rate is no VAT rate: the line is not counted rather than divided by (1 + vat/100) ≤ 0
  const vat = parsedVat && parsedVat.isNegative() ? null : parsedVat;
  const prices = resolvePrices(input, vat, opts);
  const line: Line = {
    quantity: quantity ? toNumber(quantity) : 0,
    vat: vat ? toNumber(vat) : 0,
    exclTaxesPrice: prices.excl ?? 0,
    inclTaxesPrice: prices.incl ?? 0,
    labelPrimary: input.labelPrimary ?? '',
    type: input.type || DEFAULT_LINE_TYPE,
    uuid: input.uuid || newUuid(),
  };
  if (input.labelSecondary !== undefined) line.labelSecondary = input.labelSecondary;
  if (input.reference !== undefined) line.reference = input.reference;
  if (input.itemId !== undefined) line.itemId = input.itemId;
  if (isVatCategory(input.vatCategory)) line.vatCategory = input.vatCategory;
  // a reason belongs to a category chosen by hand; an automatic category comes with its own
  const reason = line.vatCategory ? normalizedReason(input.vatExemptionReason) : undefined;
  if (reason) line.vatExemptionReason = reason;
  const countable = quantity !== null && vat !== null && prices.excl !== null && prices.incl !== null;
  return { line, countable };
}

/** Unit prices; the missing one (null/undefined/'') is converted from the other (README.md « Rules », Lines). */
export function normalizeLine(input: LineInput, opts: NormalizeOptions = {}): Line {
  return parseLine(input, opts).line;
}
