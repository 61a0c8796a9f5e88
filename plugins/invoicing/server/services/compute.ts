/**
 * Totals of a document body with the commercial-document engine, and the company defaults a
 * document takes when its body does not say (subject to VAT, VAT method). Nothing is stored here.
 */
import { computeDocument, type DocumentTotals } from '@comptoir/sdk/commerce';
import type { Company, LineItem, LineItemInput, VatCalculationMethod } from '@comptoir/schemas';
import { assertAmount, assertDocumentAmounts } from './limits.ts';

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
