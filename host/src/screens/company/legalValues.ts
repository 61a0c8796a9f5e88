/** Form values of the legal information and the body PUT /api/kernel/companies/:id gets from them. */
import type { Address, VatCalculationMethod } from '@comptoir/schemas';
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
  return body;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLegal(v: LegalValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.name.trim()) errors.name = 'La raison sociale est obligatoire.';
  if (v.email.trim() && !EMAIL.test(v.email.trim())) errors.email = 'Adresse e-mail invalide.';
  return errors;
}
