/**
 * Totals of a document body with the commercial-document engine, and the company defaults a
 * document takes when its body does not say (subject to VAT, VAT method). Nothing is stored here.
 */
import type { CallContext } from '@comptoir/sdk';
import { computeDocument, type DocumentTotals } from '@comptoir/sdk/commerce';
import type { Company, LineItem, LineItemInput, VatCalculationMethod } from '@comptoir/schemas';
import { assertAmount, assertDocumentAmounts } from './limits.ts';
import { companies } from '../deps.ts';

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

/** Normalized lines (missing unit price converted, uuid given) and totals; 400 when an amount is out of bounds (limits.ts). */
export function computeLines(items: Array<LineItemInput | LineItem>, settings: DocumentSettings): ComputedDocument {
  // the sent unit prices first, so that the message names what was typed, then what was computed
  items.forEach((line, i) => {
    assertAmount(`items.${i}.exclTaxesPrice`, line.exclTaxesPrice);
    assertAmount(`items.${i}.inclTaxesPrice`, line.inclTaxesPrice);
  });
  const result = computeDocument({ items, ...settings });
  assertDocumentAmounts(result);
  return { ...result, items: result.items as LineItem[] };
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
