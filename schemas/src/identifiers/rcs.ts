/**
 * The trade and companies register (RCS) entry, as a Kbis states it and invoices print it after
 * « RCS »: the city of the registry (greffe), the optional letter of the kind of registration
 * (A: trader, B: company, C: economic interest group, D: civil company) and the SIREN:
 * « Lyon B 552 100 554 ». One string, as people copy it from their Kbis (schemas README
 * « Identifiers »); stored with single spaces, the letter in capitals and the number grouped.
 */
import { sirenProblem, spacedSiren } from './siren.ts';

const RCS = /^(.*?[\p{L}'’)-])\s+(?:([A-Da-d])\s+)?(\d[\d\s]*)$/u;

/** « rcs  lyon b 552100554 » → « Lyon B 552 100 554 »: the word « RCS » dropped, spaces single. */
export function normalizeRcs(v: string): string {
  const t = v.replace(/\s+/g, ' ').trim().replace(/^R\.?\s?C\.?\s?S\.?\s+/i, '');
  const m = RCS.exec(t);
  if (!m) return t;
  const number = m[3].replace(/\s/g, '');
  const letter = m[2] ? ` ${m[2].toUpperCase()}` : '';
  const city = m[1].trim();
  return `${city.charAt(0).toLocaleUpperCase('fr-FR')}${city.slice(1)}${letter} ${/^\d{9}$/.test(number) ? spacedSiren(number) : number}`;
}

/** The SIREN an RCS entry ends with, or null. */
export function sirenOfRcs(v: string): string | null {
  const m = RCS.exec(v);
  const number = m?.[3].replace(/\s/g, '');
  return number && /^\d{9}$/.test(number) ? number : null;
}

export function rcsProblem(v: string): string | null {
  const m = RCS.exec(v);
  const number = m?.[3].replace(/\s/g, '');
  if (!m || !number || !/^\d{9}$/.test(number)) {
    return 'Le RCS n’est pas valide : la ville du greffe puis le SIREN, par exemple « Lyon B 552 100 554 ».';
  }
  if (sirenProblem(number)) return 'Le RCS n’est pas valide : le SIREN qu’il cite n’a pas une clé de contrôle correcte.';
  return null;
}
