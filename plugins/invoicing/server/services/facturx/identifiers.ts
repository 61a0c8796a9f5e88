/**
 * Identifiers as people type them (« 123 456 789 00012 », « fr 12 123456789 », « France ») turned
 * into what EN 16931 and CIUS-FR accept: 9-digit SIREN, 14-digit SIRET starting with the SIREN
 * (BR-FR-09, BR-FR-10), VAT numbers with their ISO 3166 prefix (BR-CO-09), ISO 3166-1 alpha-2
 * countries (BT-40, BT-55), read by the SDK's `countryCode`.
 */
/** The scheme of the French e-invoicing directory's addresses (BT-34-1, BT-49-1; ISO 6523 ICD 0225). */
export const SCHEME_ELECTRONIC_ADDRESS = '0225';

/**
 * A directory address as BR-FR-23 and BR-FR-25 accept it (letters, digits, + - _ . ; 125 characters
 * at most), or null. The customer field is checked when written (schemas README « Identifiers »);
 * this only keeps an older or hand-written snapshot from breaking the XML.
 */
export function electronicAddress(v: string | undefined): string | null {
  const a = (v ?? '').replace(/\s/g, '');
  return /^[A-Za-z0-9+\-_.]{1,125}$/.test(a) ? a : null;
}

const digits = (v: string | undefined): string => (v ?? '').replace(/[\s.-]/g, '');

/** The SIREN, or null when it is not 9 digits. */
export function siren(v: string | undefined): string | null {
  const d = digits(v);
  return /^\d{9}$/.test(d) ? d : null;
}

/** The SIRET, or null when it is not 14 digits. */
export function siret(v: string | undefined): string | null {
  const d = digits(v);
  return /^\d{14}$/.test(d) ? d : null;
}

/** The SIREN of a party: its own, else the first 9 digits of its SIRET. */
export function sirenOf(party: { siren?: string; siret?: string }): string | null {
  return siren(party.siren) ?? siret(party.siret)?.slice(0, 9) ?? null;
}

/** An intra-community VAT number, upper case without spaces, or null without a country prefix. */
export function vatNumber(v: string | undefined): string | null {
  const n = (v ?? '').replace(/[\s.-]/g, '').toUpperCase();
  return /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(n) ? n : null;
}

/**
 * The ISO 3166-1 alpha-2 code of a country as typed in an address (blank: France; null: unknown).
 * Shared with the VAT category rules: `countryCode` of the SDK (sdk/src/countries.ts).
 */
export { countryCode } from '@comptoir/sdk';
