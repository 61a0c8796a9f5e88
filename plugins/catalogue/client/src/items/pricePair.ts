/**
 * The incl./excl. price pair of the form, converted live with the commerce engine (the same
 * functions as the server, so what the person sees is what is stored). The price typed last is
 * the source; the other one is computed from it, also when the rate changes.
 */
import { exclFromIncl, inclFromExcl, toDecimal } from '@comptoir/sdk/commerce';

export type PriceSource = 'excl' | 'incl';

export interface PricePair {
  vat: string;
  exclTaxesPrice: string;
  inclTaxesPrice: string;
  priceSource: PriceSource;
}

/** `12.6` -> `12,60`; up to 4 decimals kept (`0.0125` -> `0,0125`); '' for no value. */
export function formatPrice(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  const fixed = n.toFixed(4).replace(/(\.\d\d\d*?)0+$/, '$1');
  return fixed.replace('.', ',');
}

/**
 * A typed price once the field is left, written as money: `12,6` -> `12,60`, `3` -> `3,00`,
 * `0,0125` kept; what does not read as a price is left for the validation to point out.
 */
export function tidyPrice(text: string): string {
  const { value, error } = parsePrice(text);
  return value === null || error ? text : formatPrice(value);
}

function complete(pair: PricePair): PricePair {
  if (pair.priceSource === 'excl') {
    return { ...pair, inclTaxesPrice: formatPrice(inclFromExcl(pair.exclTaxesPrice, pair.vat)) };
  }
  return { ...pair, exclTaxesPrice: formatPrice(exclFromIncl(pair.inclTaxesPrice, pair.vat)) };
}

export const typeExcl = (pair: PricePair, text: string): PricePair => complete({ ...pair, exclTaxesPrice: text, priceSource: 'excl' });
export const typeIncl = (pair: PricePair, text: string): PricePair => complete({ ...pair, inclTaxesPrice: text, priceSource: 'incl' });
export const changeVat = (pair: PricePair, vat: string): PricePair => complete({ ...pair, vat });

/** A typed price: a number (',' or '.'), at most 4 decimals (what Money stores); null if blank. */
export function parsePrice(text: string): { value: number | null; error?: string } {
  if (text.trim() === '') return { value: null };
  const d = toDecimal(text);
  if (!d) return { value: null, error: 'Saisissez un montant, par exemple 12,50' };
  if (d.decimalPlaces() > 4) return { value: null, error: 'Quatre décimales au plus' };
  return { value: d.toNumber() };
}
