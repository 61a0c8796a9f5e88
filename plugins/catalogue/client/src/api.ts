/** What the screens know of the API of « Catalogue » (mounted under /api/catalogue). */
import type { CatalogueItem, CatalogueItemType, PriceIfNotSubjectToVat } from '../../schemas/index.ts';

/** The collection, as the shell's API client and useList take it (without /api). */
export const ITEMS = '/catalogue/items';
export const READ = 'catalogue.items.read';
export const MANAGE = 'catalogue.items.manage';

/** An item as the API answers it (schema: CatalogueItem, schemas/item.ts). */
export type Item = CatalogueItem;

export const TYPE_LABELS: Record<CatalogueItemType, string> = { good: 'Produit', service: 'Service' };
export const TYPE_OPTIONS = (Object.keys(TYPE_LABELS) as CatalogueItemType[]).map((value) => ({ value, label: TYPE_LABELS[value] }));

export const PRICE_IF_NOT_SUBJECT_LABELS: Record<PriceIfNotSubjectToVat, string> = {
  includeTaxes: 'Le prix TTC',
  excludeTaxes: 'Le prix HT',
};
export const PRICE_IF_NOT_SUBJECT_OPTIONS = (Object.keys(PRICE_IF_NOT_SUBJECT_LABELS) as PriceIfNotSubjectToVat[])
  .map((value) => ({ value, label: PRICE_IF_NOT_SUBJECT_LABELS[value] }));

/** The French rates the screens offer (normal, intermediate, reduced, super-reduced, none). */
export const VAT_RATES = [20, 10, 5.5, 2.1, 0] as const;

/** `5.5` -> `5,5 %` */
export const vatLabel = (vat: number | string) => `${String(vat).replace('.', ',')} %`;

/** The rates of the select; a stored rate outside the list (overseas) is kept as an option. */
export function vatOptions(current?: string): { value: string; label: string }[] {
  const values = VAT_RATES.map(String);
  if (current && !values.includes(current)) values.push(current);
  return values.map((value) => ({ value, label: vatLabel(value) }));
}
