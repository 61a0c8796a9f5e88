/**
 * Phone numbers as people type them and as a telephone network presents them (« 06 12 34 56 78 »,
 * « 06.12.34.56.78 », « +33 6 12 34 56 78 », « 0033612345678 »), compared on one form: French
 * numbers on their ten national digits, others on « 00 » + country code + number. Used by the
 * contacts plugin to find a caller and by the telephony plugin to route calls.
 */

/** The comparable digits of a number: « +33 6 12 34 56 78 » → « 0612345678 », « +44 20 … » → « 004420… »; '' if it has no digit. */
export function phoneDigits(raw: string | null | undefined): string {
  let d = String(raw ?? '').trim().replace(/[^0-9+]/g, '');
  d = d.startsWith('+') ? `00${d.slice(1).replace(/\+/g, '')}` : d.replace(/\+/g, '');
  if (d.startsWith('0033')) return `0${d.slice(4)}`;
  // a French number presented without its « + » (« 33612345678 »)
  if (d.startsWith('33') && d.length === 11) return `0${d.slice(2)}`;
  return d;
}

/** Whether two numbers are the same line (never true for numbers without digits). */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = phoneDigits(a);
  return x !== '' && x === phoneDigits(b);
}

/**
 * The ways people usually write that number, for an exact look-up in stored text: the digits, French
 * pairs with spaces, dots or dashes, and the international forms (« +33 6 12 34 56 78 »,
 * « +33612345678 », « 0033612345678 »). Empty for a number without digits.
 */
export function phoneVariants(raw: string | null | undefined): string[] {
  const d = phoneDigits(raw);
  if (d === '') return [];
  const out = new Set<string>([d, String(raw ?? '').trim()]);
  if (/^0[1-9][0-9]{8}$/.test(d)) {
    const pairs = d.match(/../g)!;
    for (const sep of [' ', '.', '-']) out.add(pairs.join(sep));
    const rest = d.slice(1);
    out.add(`+33${rest}`);
    out.add(`0033${rest}`);
    out.add(`+33 ${rest[0]} ${rest.slice(1).match(/../g)!.join(' ')}`);
    out.add(`+33 (0)${rest[0]} ${rest.slice(1).match(/../g)!.join(' ')}`);
  }
  return [...out].filter((v) => v !== '');
}
