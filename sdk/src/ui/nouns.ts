/**
 * Counting things in French: the noun agrees in number (« 1 facture », « 2 factures ») and « aucun »
 * in gender (« Aucune facture », « Aucun client »): issue 12 found « Aucun facture ». A noun is
 * given with its gender, since the kit cannot guess it. Plain functions (sdk/test/ui-nouns).
 */

const NUMBER = new Intl.NumberFormat('fr-FR');
const formatNumber = (n: number) => NUMBER.format(n);

/** `['facture', 'factures', 'f']`; the gender defaults to masculine. */
export type Noun = readonly [one: string, many: string, gender?: 'f' | 'm'];

/** « Aucune facture », « Aucun client ». */
export function noneOf([one, , gender]: Noun): string {
  return `${gender === 'f' ? 'Aucune' : 'Aucun'} ${one}`;
}

/** « 0 facture », « 1 facture », « 1 234 factures » (French: 0 and 1 take the singular). */
export function countOf(count: number, [one, many]: Noun): string {
  return `${formatNumber(count)} ${Math.abs(count) >= 2 ? many : one}`;
}

/** Under a list: « Aucune facture », else « 21–40 sur 57 factures ». */
export function rangeOf(page: number, quantity: number, count: number, noun: Noun): string {
  if (count === 0) return noneOf(noun);
  const first = (page - 1) * quantity + 1;
  const last = Math.min(count, page * quantity);
  return `${formatNumber(first)}–${formatNumber(last)} sur ${countOf(count, noun)}`;
}
