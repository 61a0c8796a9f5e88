/** Form values of the legal information and the body PUT /api/kernel/companies/:id gets from them. */
import {
  PAYMENT_TERMS_MAX_DAYS, changedIdentifierProblems, type Address, type IdentifierKind, type VatCalculationMethod,
} from '@comptoir/schemas';
import type { CompanyRecord } from './companyTypes.ts';

export interface AddressValues {
  name: string;
  address: string;
  address2: string;
  zipCode: string;
  city: string;
  country: string;
}

export interface LegalValues {
  name: string;
  brandName: string;
  status: string;
  /** NumberInput gives '' while empty */
  capital: number | string;
  siren: string;
  siret: string;
  naf: string;
  rm: string;
  vatNumber: string;
  rcs: string;
  iban: string;
  bic: string;
  vatOnDebits: boolean;
  /** NumberInput gives '' while empty */
  paymentTermsDays: number | string;
  subjectToVAT: boolean;
  vatCalculationMethod: VatCalculationMethod;
  email: string;
  telBusiness: string;
  telMobile: string;
  address: AddressValues;
}

export const VAT_METHOD_OPTIONS: { value: VatCalculationMethod; label: string }[] = [
  { value: 'rounded-total', label: 'Arrondi sur le total (par taux de TVA)' },
  { value: 'rounded-lines', label: 'Arrondi ligne par ligne' },
];

/** Common French legal forms, offered while typing (any other text is accepted). */
export const LEGAL_FORMS = ['EI', 'Micro-entreprise', 'EURL', 'SARL', 'SASU', 'SAS', 'SA', 'SNC', 'SCI', 'SCOP', 'Association loi 1901'];

export function legalValues(c: CompanyRecord): LegalValues {
  const a = c.address ?? ({} as Partial<Address>);
  return {
    name: c.name ?? '',
    brandName: c.brandName ?? '',
    status: c.status ?? '',
    capital: c.capital ?? '',
    siren: c.siren ?? '',
    siret: c.siret ?? '',
    naf: c.naf ?? '',
    rm: c.rm ?? '',
    vatNumber: c.vatNumber ?? '',
    rcs: c.rcs ?? '',
    iban: c.iban ?? '',
    bic: c.bic ?? '',
    vatOnDebits: c.vatOnDebits ?? false,
    paymentTermsDays: c.paymentTermsDays ?? 30,
    subjectToVAT: c.subjectToVAT ?? true,
    vatCalculationMethod: c.vatCalculationMethod ?? 'rounded-total',
    email: c.email ?? '',
    telBusiness: c.telBusiness ?? '',
    telMobile: c.telMobile ?? '',
    address: {
      name: a.name ?? '', address: a.address ?? '', address2: a.address2 ?? '',
      zipCode: a.zipCode ?? '', city: a.city ?? '', country: a.country ?? '',
    },
  };
}

/**
 * Texts trimmed; an empty e-mail or capital is not sent (the API has no « empty » value for them).
 * The stored address keeps what the form does not show (coordinates, delivery/invoicing flags).
 */
export function legalBody(v: LegalValues, stored: CompanyRecord): Record<string, unknown> {
  const t = (s: string) => s.trim();
  const body: Record<string, unknown> = {
    name: t(v.name), brandName: t(v.brandName), status: t(v.status),
    siren: t(v.siren), siret: t(v.siret), naf: t(v.naf), rm: t(v.rm), vatNumber: t(v.vatNumber),
    rcs: t(v.rcs), iban: t(v.iban), bic: t(v.bic), vatOnDebits: v.vatOnDebits,
    subjectToVAT: v.subjectToVAT, vatCalculationMethod: v.vatCalculationMethod,
    telBusiness: t(v.telBusiness), telMobile: t(v.telMobile),
    address: {
      delivery: true, invoicing: true, ...stored.address,
      name: t(v.address.name), address: t(v.address.address), address2: t(v.address.address2),
      zipCode: t(v.address.zipCode), city: t(v.address.city), country: t(v.address.country),
    },
  };
  if (t(v.email)) body.email = t(v.email);
  if (v.capital !== '' && Number.isFinite(Number(v.capital))) body.capital = Number(v.capital);
  // empty: the legal 30 days
  body.paymentTermsDays = v.paymentTermsDays === '' ? 30 : Number(v.paymentTermsDays);
  return body;
}

/** The identifier fields of the form and their kind (schemas README « Identifiers »). */
const IDENTIFIERS: [keyof LegalValues & string, IdentifierKind][] = [
  ['siren', 'siren'], ['siret', 'siret'], ['vatNumber', 'vatNumber'], ['rcs', 'rcs'], ['iban', 'iban'], ['bic', 'bic'],
];

export const paymentTermsError = (days: number | string): string | null =>
  days === '' || (Number.isInteger(Number(days)) && Number(days) >= 0 && Number(days) <= PAYMENT_TERMS_MAX_DAYS)
    ? null
    : `Un délai de 0 à ${PAYMENT_TERMS_MAX_DAYS} jours après la date de facture (art. L441-10 du Code de commerce).`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLegal(v: LegalValues, stored: CompanyRecord): Record<string, string> {
  const errors: Record<string, string> = changedIdentifierProblems(v as unknown as Record<string, unknown>, stored as unknown as Record<string, unknown>, IDENTIFIERS);
  if (!v.name.trim()) errors.name = 'La raison sociale est obligatoire.';
  if (v.email.trim() && !EMAIL.test(v.email.trim())) errors.email = 'Adresse e-mail invalide.';
  const terms = paymentTermsError(v.paymentTermsDays);
  if (terms) errors.paymentTermsDays = terms;
  return errors;
}
