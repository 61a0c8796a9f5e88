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

/** The receiver fields L441-9 of the Code de commerce wants on every invoice: the buyer's name and address. */
export interface EligibilityReceiverLike {
  company?: string;
  firstname?: string;
  name?: string;
  invoicingAddress?: AddressLike;
  deliveryAddress?: AddressLike;
}

export const RECEIVER_FIELD_LABELS = {
  name: 'le nom du client (raison sociale, ou nom et prénom)',
  address: 'l’adresse de facturation du client (rue, code postal et ville)',
} as const;

/**
 * What an invoice's receiver lacks to be invoiced (commerce README « Rules », Eligibility), as
 * `{ field, label }` in French: a name (its company, or a person's name) and an address with its
 * street, zip code and city — the invoicing address, else the delivery address, the one the
 * document prints and its e-invoice carries. A walk-in customer with neither cannot be invoiced:
 * L441-9 requires both on every invoice, private customers included.
 */
export function missingReceiverFields(receiver: EligibilityReceiverLike | null | undefined): { field: string; label: string }[] {
  const r = receiver ?? {};
  const out: { field: string; label: string }[] = [];
  if (!present(r.company) && !present(r.name) && !present(r.firstname)) out.push({ field: 'receiver.name', label: RECEIVER_FIELD_LABELS.name });
  const a = r.invoicingAddress ?? r.deliveryAddress;
  if (!present(a?.address) || !present(a?.zipCode) || !present(a?.city)) {
    out.push({ field: 'receiver.invoicingAddress', label: RECEIVER_FIELD_LABELS.address });
  }
  return out;
}
