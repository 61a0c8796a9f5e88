/**
 * What a company must have before it can generate invoices (commerce README « Rules », Eligibility), as French labels in
 * the order of README.md « Rules », Eligibility, for the message « Impossible d’émettre la facture : il manque à l’entreprise … ».
 */
import type { AddressLike } from './addresses.ts';

export interface EligibilityCompanyLike {
  name?: string;
  telBusiness?: string;
  telMobile?: string;
  email?: string;
  address?: AddressLike;
  naf?: string;
  rm?: string;
  siret?: string;
  siren?: string;
  subjectToVAT?: boolean;
  vatNumber?: string;
}

export const INVOICING_FIELD_LABELS = {
  name: 'nom',
  phone: 'téléphone professionnel ou mobile',
  email: 'adresse e-mail',
  address: 'adresse',
  city: 'ville',
  zipCode: 'code postal',
  nafOrRm: 'code NAF ou numéro RM',
  siret: 'SIRET',
  siren: 'SIREN',
  vatNumber: 'numéro de TVA intracommunautaire',
} as const;

/** Blank text is as good as missing. */
const present = (v: string | undefined) => typeof v === 'string' && v.trim() !== '';

export function missingInvoicingFields(company: EligibilityCompanyLike): string[] {
  const L = INVOICING_FIELD_LABELS;
  const checks: [boolean, string][] = [
    [present(company.name), L.name],
    [present(company.telBusiness) || present(company.telMobile), L.phone],
    [present(company.email), L.email],
    [present(company.address?.address), L.address],
    [present(company.address?.city), L.city],
    [present(company.address?.zipCode), L.zipCode],
    [present(company.naf) || present(company.rm), L.nafOrRm],
    [present(company.siret), L.siret],
    [present(company.siren), L.siren],
    // subjectToVAT defaults to true (commerce README « Rules », Eligibility)
    [company.subjectToVAT === false || present(company.vatNumber), L.vatNumber],
  ];
  return checks.filter(([ok]) => !ok).map(([, label]) => label);
}
