/**
 * The price rule of a catalogue item (catalogue README « Decisions »): both unit prices are stored, and the
 * one that is not sent is computed from the other with the commerce engine, so that both always
 * agree with the VAT rate. Plain data in, plain data out.
 */
import { badRequest } from '@comptoir/sdk';
import { MONEY_LIMIT } from '@comptoir/schemas';
import { exclFromIncl, inclFromExcl } from '@comptoir/sdk/commerce';

export const DEFAULT_VAT = 20;

/**
 * A unit price stays within ±1 000 000 000 €: a price is stored as a BIGINT of 1/10 000 of a euro
 * and is exact as a JSON number only up to about 9·10^11 € (beyond, MariaDB refuses the row: a 500).
 */
export const MAX_PRICE = MONEY_LIMIT;

function withinLimits(prices: Partial<Prices>): Partial<Prices> {
  for (const field of ['exclTaxesPrice', 'inclTaxesPrice'] as const) {
    const v = prices[field];
    if (v !== undefined && (!Number.isFinite(v) || Math.abs(v) > MAX_PRICE)) {
      throw badRequest(`Prix hors limites : « ${field} » doit rester entre −1 000 000 000 € et 1 000 000 000 €.`, [
        { field, message: 'prix hors limites' },
      ]);
    }
  }
  return prices;
}

export interface PriceFields {
  vat?: number;
  exclTaxesPrice?: number;
  inclTaxesPrice?: number;
}

export type Prices = Required<PriceFields>;

const euros = (n: number) => `${n.toFixed(2).replace('.', ',')} €`;
const rate = (n: number) => `${String(n).replace('.', ',')} %`;

/**
 * The price fields to write, from the stored item (null at creation) and the sent changes:
 * - one price sent: the other is computed at the (new or stored) rate;
 * - both sent: kept as sent if either one converts to the other (9,99 € TTC at 20 % and 8,33 € HT
 *   agree, although 8,33 × 1,2 = 10,00): a shelf price typed incl. taxes is never moved by a cent;
 *   otherwise a 400 that changes nothing;
 * - neither sent, rate changed: the excl. price is kept and the incl. one recomputed;
 * - nothing sent at creation: both 0 (an item whose price is set later).
 * Answers only the fields to write ({} when no price field changes); 400 beyond MAX_PRICE.
 */
export function completePrices(stored: Prices | null, changes: PriceFields): Partial<Prices> {
  // the sent prices first, so that the message names what was typed
  withinLimits(changes);
  return withinLimits(pricesToWrite(stored, changes));
}

function pricesToWrite(stored: Prices | null, changes: PriceFields): Partial<Prices> {
  const vat = changes.vat ?? stored?.vat ?? DEFAULT_VAT;
  const excl = changes.exclTaxesPrice;
  const incl = changes.inclTaxesPrice;
  if (excl !== undefined && incl !== undefined) {
    if (inclFromExcl(excl, vat) === incl || exclFromIncl(incl, vat) === excl) return { vat, exclTaxesPrice: excl, inclTaxesPrice: incl };
    const expected = inclFromExcl(excl, vat) ?? 0;
    throw badRequest(
      `Les prix ne correspondent pas : ${euros(excl)} HT à ${rate(vat)} de TVA font ${euros(expected)} TTC, pas ${euros(incl)}. `
      + 'Envoyez un seul des deux prix : l’autre est calculé.',
      [{ field: 'inclTaxesPrice', message: `attendu : ${euros(expected)} pour ${euros(excl)} HT à ${rate(vat)}` }],
    );
  }
  if (excl !== undefined) return { vat, exclTaxesPrice: excl, inclTaxesPrice: inclFromExcl(excl, vat) ?? 0 };
  if (incl !== undefined) return { vat, exclTaxesPrice: exclFromIncl(incl, vat) ?? 0, inclTaxesPrice: incl };
  if (!stored) return { vat, exclTaxesPrice: 0, inclTaxesPrice: 0 };
  if (changes.vat !== undefined && changes.vat !== stored.vat) {
    return { vat, exclTaxesPrice: stored.exclTaxesPrice, inclTaxesPrice: inclFromExcl(stored.exclTaxesPrice, vat) ?? 0 };
  }
  return {};
}
