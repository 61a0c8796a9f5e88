/**
 * SIREN (9 digits) and SIRET (14 digits: the SIREN and a 5-digit establishment number), both
 * ending with a Luhn check digit (schemas README « Identifiers »).
 *
 * La Poste is the one exception INSEE documents: its establishments are numbered beyond what the
 * Luhn key allows, so a SIRET of SIREN 356 000 000 is valid when the sum of its 14 digits is a
 * multiple of 5. Its SIREN itself passes the Luhn key. We accept a La Poste SIRET that passes
 * either rule: refusing a real establishment would block an invoice, accepting one more number
 * of that single company costs nothing.
 */

export const LA_POSTE_SIREN = '356000000';

/** The Luhn check (ISO/IEC 7812-1): from the right, every second digit doubled, the sum a multiple of 10. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return sum % 10 === 0;
}

const digitSum = (digits: string): number => [...digits].reduce((s, c) => s + Number(c), 0);

/** « 552 100 554 »: a SIREN as printed in messages. */
export const spacedSiren = (siren: string): string => siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

/** Why a normalised SIREN is not one (a French sentence), or null when it is. */
export function sirenProblem(v: string): string | null {
  if (!/^\d{9}$/.test(v)) return 'Le SIREN n’est pas valide : il compte 9 chiffres.';
  if (!luhnValid(v)) return 'Le SIREN n’est pas valide : sa clé de contrôle ne correspond pas.';
  return null;
}

export function siretProblem(v: string): string | null {
  if (!/^\d{14}$/.test(v)) return 'Le SIRET n’est pas valide : il compte 14 chiffres (le SIREN puis 5 chiffres).';
  if (luhnValid(v)) return null;
  if (v.startsWith(LA_POSTE_SIREN) && digitSum(v) % 5 === 0) return null;
  return 'Le SIRET n’est pas valide : sa clé de contrôle ne correspond pas.';
}
