/**
 * Countries as people type them in addresses (« France », « Allemagne », « Germany »: French and
 * English names, accents and case ignored, a few short forms such as « États-Unis », « UK »)
 * turned into ISO 3166-1 alpha-2 codes, which the e-invoice (BT-40, BT-55) and the VAT category
 * rules (`@comptoir/sdk/commerce`, vat-category.ts) read. Server side: the names come from
 * i18n-iso-countries' JSON files, which the browser bundles need not carry.
 */
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/fr.json'));
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  .replace(/[’']/g, ' ').replace(/[^a-z0-9]+/g, ' ').trim();

/** Short forms people type that the library's names miss. */
const ALIASES: Record<string, string> = { 'etats unis': 'US', usa: 'US', 'u s a': 'US', 'u k': 'GB', angleterre: 'GB', hollande: 'NL' };

let byName: Map<string, string> | null = null;
/** Every French and English name and alias, folded, to its alpha-2 code (built on first use). */
function names(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(ALIASES));
  for (const lang of ['en', 'fr']) {
    for (const [code, value] of Object.entries(countries.getNames(lang, { select: 'all' }))) {
      for (const name of ([] as string[]).concat(value)) {
        const key = fold(name);
        byName.set(key, code);
        byName.set(key.replace(/^(la|le|les|l|the) /, ''), code);
      }
    }
  }
  return byName;
}

/**
 * The ISO 3166-1 alpha-2 code of a country as typed in an address. Blank means France: Comptoir
 * is French, its address forms start at « France ». Null when the text names no known country.
 */
export function countryCode(v: string | undefined | null): string | null {
  const t = (v ?? '').trim();
  if (t === '') return 'FR';
  if (/^[A-Za-z]{2}$/.test(t) && countries.isValid(t.toUpperCase())) return t.toUpperCase();
  return names().get(fold(t)) ?? names().get(fold(t).replace(/^(la|le|les|l|the) /, '')) ?? null;
}
