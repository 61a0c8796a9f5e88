/** The values of the item form, from and to the API shapes. */
import type { CatalogueItemCreateInput, CatalogueItemType, PriceIfNotSubjectToVat } from '../../../schemas/index.ts';
import { formatPrice, parsePrice, type PricePair } from './pricePair.ts';
import type { Item } from '../api.ts';

export interface ItemFormValues extends PricePair {
  name: string;
  type: CatalogueItemType;
  keywords: string;
  shortDescription: string;
  longDescription: string;
  priceIfNotSubjectToVat: PriceIfNotSubjectToVat;
  seoAlias: string;
  seoTitle: string;
  seoDescription: string;
}

export const EMPTY_ITEM: ItemFormValues = {
  name: '', type: 'good', vat: '20', exclTaxesPrice: '', inclTaxesPrice: '', priceSource: 'excl',
  keywords: '', shortDescription: '', longDescription: '', priceIfNotSubjectToVat: 'includeTaxes',
  seoAlias: '', seoTitle: '', seoDescription: '',
};

export function valuesOf(item: Item): ItemFormValues {
  return {
    name: item.name,
    type: item.type,
    vat: String(item.vat),
    exclTaxesPrice: formatPrice(item.exclTaxesPrice),
    inclTaxesPrice: formatPrice(item.inclTaxesPrice),
    priceSource: 'excl',
    keywords: item.keywords ?? '',
    shortDescription: item.shortDescription ?? '',
    longDescription: item.longDescription ?? '',
    priceIfNotSubjectToVat: item.priceIfNotSubjectToVat,
    seoAlias: item.seoAlias ?? '',
    seoTitle: item.seoTitle ?? '',
    seoDescription: item.seoDescription ?? '',
  };
}

export function validateItem(v: ItemFormValues): Record<string, string | null> {
  return {
    name: v.name.trim() ? null : 'Le nom est obligatoire',
    exclTaxesPrice: parsePrice(v.exclTaxesPrice).error ?? null,
    inclTaxesPrice: parsePrice(v.inclTaxesPrice).error ?? null,
  };
}

const TEXTS = ['keywords', 'shortDescription', 'longDescription', 'seoAlias', 'seoTitle', 'seoDescription'] as const;

/**
 * The body of a POST or PUT (`enabled` is never sent: an article is archived and restored by its
 * own actions, README « Archiving »). Both prices are sent: the one not typed was computed by the same
 * engine as the server's, which keeps the pair as it is. At creation an empty text is left out;
 * in an update it is sent as '' to clear the stored one.
 */
export function bodyOf(v: ItemFormValues, mode: 'create' | 'update'): CatalogueItemCreateInput {
  const body: CatalogueItemCreateInput = {
    name: v.name.trim(),
    type: v.type,
    vat: Number(v.vat),
    priceIfNotSubjectToVat: v.priceIfNotSubjectToVat,
  };
  const excl = parsePrice(v.exclTaxesPrice).value;
  const incl = parsePrice(v.inclTaxesPrice).value;
  if (excl !== null) body.exclTaxesPrice = excl;
  if (incl !== null) body.inclTaxesPrice = incl;
  for (const key of TEXTS) {
    const text = v[key].trim();
    if (text || mode === 'update') body[key] = text;
  }
  return body;
}
