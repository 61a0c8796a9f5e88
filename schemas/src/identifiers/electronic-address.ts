/**
 * The electronic invoicing address of the 2026 reform's directory (« annuaire », scheme 0225 in
 * EN 16931's BT-34 / BT-49): the company's SIREN, alone or followed by « _ » and a suffix the
 * company registered (a SIRET, a routing code: `552100554_55210055400013`). BR-FR-21 wants it to
 * start with the buyer's SIREN; BR-FR-23 allows letters, digits and + - _ . only; BR-FR-25 caps
 * it at 125 characters (schemas README « Identifiers »).
 */
import { sirenProblem, spacedSiren } from './siren.ts';

export const ELECTRONIC_ADDRESS_MAX = 125;

const SHAPE = 'le SIREN (9 chiffres), suivi si besoin de « _ » et d’un suffixe (lettres, chiffres, + - _ .)';

export function electronicAddressProblem(v: string): string | null {
  if (v.length > ELECTRONIC_ADDRESS_MAX) return `L’adresse électronique n’est pas valide : ${ELECTRONIC_ADDRESS_MAX} caractères au plus.`;
  const m = /^(\d{9})(?:_[A-Za-z0-9+\-_.]+)?$/.exec(v);
  if (!m) return `L’adresse électronique n’est pas valide : ${SHAPE}.`;
  if (sirenProblem(m[1])) return `L’adresse électronique n’est pas valide : elle commence par un SIREN dont la clé de contrôle ne correspond pas (${spacedSiren(m[1])}).`;
  return null;
}

/** The SIREN an electronic address starts with. */
export const sirenOfElectronicAddress = (v: string): string | null => /^(\d{9})/.exec(v)?.[1] ?? null;
