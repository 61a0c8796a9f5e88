/**
 * Intra-community VAT numbers (schemas README « Identifiers »): a French one is checked whole —
 * FR, a 2-character key, the 9 digits of the SIREN; with a numeric key, key = (12 + 3 × (SIREN
 * mod 97)) mod 97 and the SIREN passes its Luhn key. A key with letters (numbers given to some
 * foreign companies) is checked by its shape only: its computation is not public.
 * Other countries' numbers are checked by their shape only, with the formats jsvat keeps (the EU
 * countries, plus Andorra, Brazil, Norway, Russia, Serbia, Switzerland, the United Kingdom); « EL »
 * is Greece's prefix, « XI » Northern Ireland's (the United Kingdom's format).
 */
import { checkVAT, countries } from 'jsvat';
import { sirenProblem, spacedSiren } from './siren.ts';

/** The key of a French VAT number from its SIREN: two digits. */
export function frenchVatKey(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return String(key).padStart(2, '0');
}

/** The SIREN inside a French VAT number, or null for another country's. */
export function sirenOfVatNumber(v: string): string | null {
  const m = /^FR[0-9A-Z]{2}(\d{9})$/.exec(v);
  return m ? m[1] : null;
}

const FRENCH_SHAPE = 'FR, une clé de 2 caractères puis les 9 chiffres du SIREN (par exemple FR40303265045)';

function frenchProblem(v: string): string | null {
  const m = /^FR([0-9A-HJ-NP-Z]{2})(\d{9})$/.exec(v);
  if (!m) return `Le numéro de TVA n’est pas valide : ${FRENCH_SHAPE}.`;
  const [, key, siren] = m;
  if (!/^\d\d$/.test(key)) return null;
  if (sirenProblem(siren)) return `Le numéro de TVA n’est pas valide : les 9 derniers chiffres ne sont pas un SIREN valide (${spacedSiren(siren)}).`;
  if (key !== frenchVatKey(siren)) return `Le numéro de TVA n’est pas valide : sa clé ne correspond pas au SIREN ${spacedSiren(siren)} (clé attendue : ${frenchVatKey(siren)}).`;
  return null;
}

export function vatNumberProblem(v: string): string | null {
  if (v.startsWith('FR')) return frenchProblem(v);
  const prefix = v.slice(0, 2);
  // jsvat knows Northern Ireland's numbers under the United Kingdom's format
  const asChecked = prefix === 'XI' ? `GB${v.slice(2)}` : v;
  // jsvat also reads numbers without a prefix (Brazil's): a VAT number here always starts with its country
  const result = /^[A-Z]{2}/.test(v) ? checkVAT(asChecked, countries) : null;
  if (!result?.isSupportedCountry) {
    return 'Le numéro de TVA n’est pas valide : il commence par le code du pays (FR, DE, BE, IT…) suivi du numéro.';
  }
  if (!result.isValidFormat) return `Le numéro de TVA n’est pas valide : ce n’est pas le format des numéros de TVA « ${prefix} ».`;
  return null;
}
