/**
 * Totals of a document body with the commercial-document engine, and the company defaults a
 * document takes when its body does not say (subject to VAT, VAT method). Nothing is stored here.
 */
import { badRequest, type CallContext } from '@comptoir/sdk';
import { computeDocument, vatCategoryInputProblems, type DocumentTotals } from '@comptoir/sdk/commerce';
import type { Company, LineItem, LineItemInput, VatCalculationMethod } from '@comptoir/schemas';
import { assertAmount, assertDocumentAmounts, assertLineDecimals } from './limits.ts';
import { companies } from '../deps.ts';
import { givenCategoriesOnly, type SaleParties } from './vat-categories.ts';

export interface DocumentSettings {
  subjectToVAT: boolean;
  vatCalculationMethod: VatCalculationMethod;
}

export interface ComputedDocument extends DocumentTotals {
  items: LineItem[];
}

/** The body's own settings, else the stored document's, else the company's. */
export function settingsOf(
  company: Pick<Company, 'subjectToVAT' | 'vatCalculationMethod'>,
  ...sources: Array<Partial<DocumentSettings> | undefined>
): DocumentSettings {
  const pickFirst = <K extends keyof DocumentSettings>(k: K): DocumentSettings[K] | undefined =>
    sources.map((s) => s?.[k]).find((v) => v !== undefined) as DocumentSettings[K] | undefined;
  return {
    subjectToVAT: pickFirst('subjectToVAT') ?? company.subjectToVAT ?? true,
    vatCalculationMethod: pickFirst('vatCalculationMethod') ?? company.vatCalculationMethod ?? 'rounded-total',
  };
}

/** 400 naming `items.N.vatCategory` for what a sale's line may not say (commerce README « VAT categories », Checks). */
export function assertVatCategoryInput(items: ReadonlyArray<LineItemInput | LineItem>, settings: Pick<DocumentSettings, 'subjectToVAT'>): void {
  const problems = vatCategoryInputProblems(items, settings);
  if (problems.length > 0) throw badRequest(`${problems.map((p) => p.message).join(' ; ')}.`, problems);
}

/**
 * Normalized lines (missing unit price converted, uuid given) and totals; 400 when an amount is
 * out of bounds (limits.ts). `sale`: the parties of a sale, whose lines all get a VAT category
 * (README « VAT categories »); without it (purchases) categories stay as given.
 */
export function computeLines(items: Array<LineItemInput | LineItem>, settings: DocumentSettings, sale?: SaleParties): ComputedDocument {
  // the sent unit prices first, so that the message names what was typed, then what was computed
  items.forEach((line, i) => {
    assertAmount(`items.${i}.exclTaxesPrice`, line.exclTaxesPrice);
    assertAmount(`items.${i}.inclTaxesPrice`, line.inclTaxesPrice);
  });
  assertLineDecimals(items);
  if (sale) assertVatCategoryInput(items, settings);
  const result = computeDocument({ items, ...settings, vatSale: sale });
  assertDocumentAmounts(result);
  return { ...result, items: result.items as LineItem[] };
}

/**
 * The same for a document that is still written (draft, quotation, template): its totals are the
 * categories' of its parties now, its lines keep only the categories chosen by hand, so that the
 * others follow a change of customer until emission writes them all.
 */
export function computeSaleLines(items: Array<LineItemInput | LineItem>, settings: DocumentSettings, sale: SaleParties): ComputedDocument {
  const computed = computeLines(items, settings, sale);
  return { ...computed, items: givenCategoriesOnly(computed.items, items) };
}

/**
 * For plugins whose commercial documents this engine computes too (purchases): the same defaults
 * and the same bounds (400 naming `items.N.…` for an amount a column cannot hold).
 */
export function computeService(ctx: CallContext) {
  return {
    /** the first source's settings, else the next one's, else the active company's */
    settings: async (...sources: Array<Partial<DocumentSettings> | undefined>) => settingsOf(await companies(ctx).current(), ...sources),
    lines: (items: Array<LineItemInput | LineItem>, settings: DocumentSettings) => computeLines(items, settings),
  };
}
export type ComputeService = ReturnType<typeof computeService>;
