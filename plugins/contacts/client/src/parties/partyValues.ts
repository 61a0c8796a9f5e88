/** The form of a customer or provider: its values, their checks, and the body sent to the API. */
import type { Address } from '@comptoir/schemas';
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
    vatNumber: p?.vatNumber ?? '', gender: p?.gender ?? 'secret', origin: p?.origin ?? 'unknown', notes: p?.notes ?? '',
    bankTransferLabels: p?.bankTransferLabels ?? [],
    userProps: { ...(p?.userProps ?? {}) },
    addresses: (p?.addresses ?? []).map((a) => ({
      name: a.name ?? '', address: a.address ?? '', address2: a.address2 ?? '', zipCode: a.zipCode ?? '',
      city: a.city ?? '', country: a.country ?? '', delivery: a.delivery ?? true, invoicing: a.invoicing ?? true,
      ...(a.latitude !== undefined ? { latitude: a.latitude } : {}), ...(a.longitude !== undefined ? { longitude: a.longitude } : {}),
    })),
  };
}

export function validateParty(v: PartyValues): Record<string, string | null> {
  const errors: Record<string, string | null> = {};
  if (!trim(v.name) && !trim(v.firstname) && !trim(v.company)) errors.name = 'Indiquez au moins un nom, un prénom ou une raison sociale.';
  if (trim(v.email) && !EMAIL_RE.test(trim(v.email))) errors.email = 'Adresse e-mail invalide.';
  return errors;
}

export function partyBody(v: PartyValues, opts: { update: boolean; withOrigin: boolean }): Record<string, unknown> {
  return {
    ...textFields(v, TEXTS, opts.update),
    gender: v.gender,
    ...(opts.withOrigin ? { origin: v.origin } : {}),
    bankTransferLabels: v.bankTransferLabels.map(trim).filter(Boolean),
    addresses: v.addresses.map((a) => compact({ ...a }) as Address),
    userProps: v.userProps,
  };
}
