/**
 * What a body may hold beyond its schema, checked before anything is written (400, nothing stored):
 * - amounts within ±1 000 000 000 €: a Money column is a BIGINT of 1/10 000 of a euro, and a JSON
 *   number stays exact to that precision only up to about 9·10^11 € (a quantity or a unit price
 *   that large would otherwise overflow the column: a 500 on MariaDB);
 * - instants that Date can read: the date-time format takes a leap second (23:59:60), which a
 *   date column cannot store;
 * - a delivery day between 2000 and 2099: the e-invoice's dates must be (BR-FR-03), and the
 *   schema's date format alone takes the year 0001;
 * - a line's quantity with at most 4 decimals and its unit prices with at most 6: the e-invoice
 *   writes them with every decimal, and the French rules accept no more (BR-FR-DEC-02 for BT-129,
 *   BR-FR-DEC-03 for BT-146; README « Factur-X », Decisions).
 */
import { badRequest } from '@comptoir/sdk';
import { toDecimal, type Num } from '@comptoir/sdk/commerce';
import { MONEY_LIMIT } from '@comptoir/schemas';
import { amountTooLarge, invalidDeliveryDate, invalidInstant, tooManyDecimals } from '../../messages.ts';

export const MAX_AMOUNT = MONEY_LIMIT;

/** An amount sent or computed: finite and within ±MAX_AMOUNT (absent is fine). */
export function assertAmount(field: string, value: number | null | undefined): void {
  if (value === undefined || value === null) return;
  if (!Number.isFinite(value) || Math.abs(value) > MAX_AMOUNT) {
    throw badRequest(amountTooLarge(field), [{ field, message: 'montant hors limites' }]);
  }
}

interface Computed {
  items: { exclTaxesPrice: number; inclTaxesPrice: number }[];
  exclTaxesPrice: number;
  inclTaxesPrice: number;
  vatAmount: number;
}

/** The unit prices of every line and the totals of a computed document (a total too large to compute is not a number). */
export function assertDocumentAmounts(doc: Computed): void {
  doc.items.forEach((line, i) => {
    assertAmount(`items.${i}.exclTaxesPrice`, line.exclTaxesPrice ?? Number.NaN);
    assertAmount(`items.${i}.inclTaxesPrice`, line.inclTaxesPrice ?? Number.NaN);
  });
  for (const field of ['exclTaxesPrice', 'inclTaxesPrice', 'vatAmount'] as const) assertAmount(field, doc[field] ?? Number.NaN);
}

export const MAX_QUANTITY_DECIMALS = 4;
export const MAX_UNIT_PRICE_DECIMALS = 6;

/** A typed quantity or unit price with no more decimals than the e-invoice takes (absent or not a number: other checks). */
export function assertLineDecimals(items: ReadonlyArray<{ quantity?: unknown; exclTaxesPrice?: unknown; inclTaxesPrice?: unknown }>): void {
  items.forEach((line, i) => {
    const limits = [['quantity', MAX_QUANTITY_DECIMALS], ['exclTaxesPrice', MAX_UNIT_PRICE_DECIMALS], ['inclTaxesPrice', MAX_UNIT_PRICE_DECIMALS]] as const;
    for (const [name, max] of limits) {
      const exact = toDecimal(line[name] as Num);
      if (exact === null || exact.decimalPlaces() <= max) continue;
      const field = `items.${i}.${name}`;
      throw badRequest(tooManyDecimals(i + 1, name === 'quantity' ? 'la quantité' : 'le prix unitaire', exact.toFixed().replace('.', ','), max), [{ field, message: `${max} décimales au plus` }]);
    }
  });
}

/** A date-time of a body that a date column can store. */
export function assertInstant(field: string, value: string | undefined): void {
  if (value !== undefined && Number.isNaN(Date.parse(value))) {
    throw badRequest(invalidInstant(field, value), [{ field, message: 'date invalide' }]);
  }
}

/** A `deliveryDate` of a body ('YYYY-MM-DD', already checked by the schema): a day of 2000–2099 (null or absent is fine). */
export function assertDeliveryDate(value: string | null | undefined): void {
  if (value === undefined || value === null) return;
  if (!/^20\d\d-\d\d-\d\d$/.test(value)) {
    throw badRequest(invalidDeliveryDate(value), [{ field: 'deliveryDate', message: 'jour entre 2000 et 2099 attendu' }]);
  }
}
