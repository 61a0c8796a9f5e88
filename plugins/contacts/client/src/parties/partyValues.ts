/** The form of a customer or provider: its values, their checks, and the body sent to the API. */
import type { Address } from '@comptoir/schemas';
import { PAYMENT_TERMS_MAX_DAYS, changedIdentifierProblems, type IdentifierKind } from '@comptoir/sdk/ui';
import { EMAIL_RE, compact, textFields, trim } from '../common/formValues.ts';
import type { Party } from '../api.ts';

export interface AddressValues {
  name: string;
  address: string;
  address2: string;
  zipCode: string;
  city: string;
  country: string;
  delivery: boolean;
  invoicing: boolean;
  /** kept as stored (the form does not edit them) */
  latitude?: number;
  longitude?: number;
}

export interface PartyValues {
  civ: string;
  firstname: string;
  name: string;
  company: string;
  email: string;
  telHome: string;
  telMobile: string;
  telFax: string;
  vatNumber: string;
  /** customers only (contacts README « Invoicing identifiers ») */
  siren: string;
  siret: string;
  electronicAddress: string;
  /** `auto`: derived from the names and identifiers (null in the API) */
  professional: 'auto' | 'yes' | 'no';
  /** '' while empty: the company's term */
  paymentTermsDays: number | string;
  gender: string;
  origin: string;
  notes: string;
  bankTransferLabels: string[];
  addresses: AddressValues[];
  /** the custom fields the company added (UserPropsFields of @comptoir/sdk/ui) */
  userProps: Record<string, unknown>;
}

const TEXTS = ['civ', 'firstname', 'name', 'company', 'email', 'telHome', 'telMobile', 'telFax', 'vatNumber', 'notes'] as const;

export const emptyAddress = (): AddressValues => ({
  name: '', address: '', address2: '', zipCode: '', city: '', country: 'France', delivery: true, invoicing: true,
});

export function partyValues(p?: Party): PartyValues {
  return {
    civ: p?.civ ?? '', firstname: p?.firstname ?? '', name: p?.name ?? '', company: p?.company ?? '',
    email: p?.email ?? '', telHome: p?.telHome ?? '', telMobile: p?.telMobile ?? '', telFax: p?.telFax ?? '',
    vatNumber: p?.vatNumber ?? '', siren: p?.siren ?? '', siret: p?.siret ?? '', electronicAddress: p?.electronicAddress ?? '',
    professional: p?.professional === true ? 'yes' : p?.professional === false ? 'no' : 'auto', paymentTermsDays: p?.paymentTermsDays ?? '',
    gender: p?.gender ?? 'secret', origin: p?.origin ?? 'unknown', notes: p?.notes ?? '',
    bankTransferLabels: p?.bankTransferLabels ?? [],
    userProps: { ...(p?.userProps ?? {}) },
    addresses: (p?.addresses ?? []).map((a) => ({
      name: a.name ?? '', address: a.address ?? '', address2: a.address2 ?? '', zipCode: a.zipCode ?? '',
      city: a.city ?? '', country: a.country ?? '', delivery: a.delivery ?? true, invoicing: a.invoicing ?? true,
      ...(a.latitude !== undefined ? { latitude: a.latitude } : {}), ...(a.longitude !== undefined ? { longitude: a.longitude } : {}),
    })),
  };
}

/** A customer's identifier fields (a provider has only its VAT number, not checked). */
const CUSTOMER_IDENTIFIERS: [string, IdentifierKind][] = [
  ['siren', 'siren'], ['siret', 'siret'], ['vatNumber', 'vatNumber'], ['electronicAddress', 'electronicAddress'],
];

/**
 * The form's checks; for a customer the server's identifier checks too (each identifier typed
 * differently from the stored one, and their agreement with the SIREN), and the term's bounds.
 */
export function validateParty(v: PartyValues, stored?: Party, customer = false): Record<string, string | null> {
  const errors: Record<string, string | null> = customer
    ? changedIdentifierProblems(v as unknown as Record<string, unknown>, (stored ?? {}) as Record<string, unknown>, CUSTOMER_IDENTIFIERS)
    : {};
  const days = v.paymentTermsDays;
  if (customer && days !== '' && !(Number.isInteger(Number(days)) && Number(days) >= 0 && Number(days) <= PAYMENT_TERMS_MAX_DAYS)) {
    errors.paymentTermsDays = `Un délai de 0 à ${PAYMENT_TERMS_MAX_DAYS} jours après la date de facture (art. L441-10 du Code de commerce).`;
  }
  if (!trim(v.name) && !trim(v.firstname) && !trim(v.company)) errors.name = 'Indiquez au moins un nom, un prénom ou une raison sociale.';
  if (trim(v.email) && !EMAIL_RE.test(trim(v.email))) errors.email = 'Adresse e-mail invalide.';
  return errors;
}

const CUSTOMER_TEXTS = ['siren', 'siret', 'electronicAddress'] as const;

export function partyBody(v: PartyValues, opts: { update: boolean; withOrigin: boolean; customer?: boolean }): Record<string, unknown> {
  const customer = opts.customer ? {
    ...textFields(v, CUSTOMER_TEXTS, opts.update),
    professional: v.professional === 'auto' ? null : v.professional === 'yes',
    paymentTermsDays: v.paymentTermsDays === '' ? null : Number(v.paymentTermsDays),
  } : {};
  return {
    ...textFields(v, TEXTS, opts.update),
    ...customer,
    gender: v.gender,
    ...(opts.withOrigin ? { origin: v.origin } : {}),
    bankTransferLabels: v.bankTransferLabels.map(trim).filter(Boolean),
    addresses: v.addresses.map((a) => compact({ ...a }) as Address),
    userProps: v.userProps,
  };
}
