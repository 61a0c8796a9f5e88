/**
 * A receipt's lines as the till sends them (README « Receipts », Lines): a catalogue article by
 * `itemId` takes its label, unit price incl. taxes, VAT rate and type from the catalogue (what the
 * body says besides — quantity, a price typed at the till — wins); a free line is taken as typed.
 * Plain data: the caller loads the articles and runs the commerce engine on the result.
 */
import type { LineItemInput } from '@comptoir/schemas';

export interface CatalogueArticle { _id: string; name: string; vat: number; inclTaxesPrice: number; exclTaxesPrice: number; type: 'good' | 'service'; enabled?: boolean }

export type LineProblem = { field: string; message: string };

/** The ids of the articles the lines name. */
export const articleIds = (items: readonly LineItemInput[]): string[] => [...new Set(items.map((l) => l.itemId).filter((id): id is string => !!id))];

/**
 * The lines with their articles filled in, or the first problem: an article that is not in the
 * catalogue (or disabled), a free line without a label or a price.
 */
export function receiptLines(items: readonly LineItemInput[], articles: ReadonlyMap<string, CatalogueArticle>): { lines: LineItemInput[] } | { problem: LineProblem } {
  const lines: LineItemInput[] = [];
  for (const [i, line] of items.entries()) {
    if (line.itemId) {
      const article = articles.get(line.itemId);
      if (!article || article.enabled === false) return { problem: { field: `items.${i}.itemId`, message: `L’article de la ligne ${i + 1} n’est pas au catalogue (ou n’est plus en vente).` } };
      const typedPrice = line.inclTaxesPrice != null || line.exclTaxesPrice != null;
      lines.push({
        labelPrimary: article.name, vat: article.vat, type: article.type,
        ...(typedPrice ? {} : { inclTaxesPrice: article.inclTaxesPrice }),
        ...stripNulls(line),
      });
      continue;
    }
    if (!line.labelPrimary?.trim()) return { problem: { field: `items.${i}.labelPrimary`, message: `La ligne ${i + 1} n’a pas de libellé (ou choisissez un article du catalogue).` } };
    if (line.inclTaxesPrice == null && line.exclTaxesPrice == null) return { problem: { field: `items.${i}.inclTaxesPrice`, message: `La ligne ${i + 1} n’a pas de prix.` } };
    lines.push(stripNulls(line));
  }
  return { lines };
}

function stripNulls(line: LineItemInput): LineItemInput {
  return Object.fromEntries(Object.entries(line).filter(([, v]) => v !== null && v !== undefined)) as LineItemInput;
}
