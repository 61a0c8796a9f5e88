/** The form of a contact: its values, their checks, and the body sent to the API. */
import type { ContactAddress, ContactCustomerLink } from '../../../schemas/index.ts';
import { EMAIL_RE, compact, textFields, trim } from '../common/formValues.ts';
import { eventDateLabel, eventDateValue } from '../common/labels.ts';
import type { Contact } from '../api.ts';

export interface TypedValues { type: string; customType: string; value: string }
export interface ContactAddressValues {
  type: string; customType: string; name: string; address: string; address2: string; zipCode: string; city: string; country: string;
}
export interface EventValues { date: string; type: string }
export interface LinkValues { customerId: string; invoicesReceiver: boolean; quotationsReceiver: boolean }

export interface ContactValues {
  prefix: string;
  firstname: string;
  secondFirstname: string;
  name: string;
  suffix: string;
  nickname: string;
  alias: string;
  phonetics: string;
  company: string;
  job: string;
  service: string;
  website: string;
  notes: string;
  phoneNumbers: TypedValues[];
  emails: TypedValues[];
  addresses: ContactAddressValues[];
  events: EventValues[];
  customers: LinkValues[];
}

const TEXTS = ['prefix', 'firstname', 'secondFirstname', 'name', 'suffix', 'nickname', 'alias', 'phonetics', 'company', 'job', 'service', 'website', 'notes'] as const;

export const emptyTyped = (type = 'home'): TypedValues => ({ type, customType: '', value: '' });
export const emptyContactAddress = (): ContactAddressValues => ({
  type: 'home', customType: '', name: '', address: '', address2: '', zipCode: '', city: '', country: 'France',
});

export function contactValues(c?: Contact): ContactValues {
  const text = (k: (typeof TEXTS)[number]) => (c?.[k] as string | undefined) ?? '';
  return {
    ...(Object.fromEntries(TEXTS.map((k) => [k, text(k)])) as Record<(typeof TEXTS)[number], string>),
    phoneNumbers: (c?.phoneNumbers ?? []).map((p) => ({ type: p.type ?? 'home', customType: p.customType ?? '', value: p.value })),
    emails: (c?.emails ?? []).map((e) => ({ type: e.type ?? 'home', customType: e.customType ?? '', value: e.email })),
    addresses: (c?.addresses ?? []).map((a) => ({
      type: a.type ?? 'home', customType: a.customType ?? '', name: a.name ?? '', address: a.address ?? '',
      address2: a.address2 ?? '', zipCode: a.zipCode ?? '', city: a.city ?? '', country: a.country ?? '',
    })),
    events: (c?.events ?? []).map((e) => ({ date: eventDateLabel(e.date), type: e.type ?? 'birthday' })),
    customers: (c?.customers ?? []).map((l) => ({ customerId: l.customerId, invoicesReceiver: !!l.invoicesReceiver, quotationsReceiver: !!l.quotationsReceiver })),
  };
}

export function validateContact(v: ContactValues): Record<string, string | null> {
  const errors: Record<string, string | null> = {};
  v.emails.forEach((e, i) => { if (!EMAIL_RE.test(trim(e.value))) errors[`emails.${i}.value`] = 'Adresse e-mail invalide.'; });
  v.phoneNumbers.forEach((p, i) => { if (!trim(p.value)) errors[`phoneNumbers.${i}.value`] = 'Numéro obligatoire.'; });
  v.events.forEach((e, i) => { if (!eventDateValue(e.date)) errors[`events.${i}.date`] = 'Date attendue : JJ/MM/AAAA, ou JJ/MM sans année.'; });
  v.customers.forEach((l, i) => { if (!l.customerId) errors[`customers.${i}.customerId`] = 'Choisissez un client.'; });
  return errors;
}

const typed = (t: TypedValues) => ({ type: t.type, ...(t.type === 'custom' && trim(t.customType) ? { customType: trim(t.customType) } : {}) });

/** The API's field names (`emails.0.email`) on the form's (`emails.0.value`). */
export const API_FIELD_RENAME = (count: number): Record<string, string> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`emails.${i}.email`, `emails.${i}.value`]));

export function contactBody(v: ContactValues, update: boolean): Record<string, unknown> {
  return {
    ...textFields(v, TEXTS, update),
    phoneNumbers: v.phoneNumbers.map((p) => ({ ...typed(p), value: trim(p.value) })),
    emails: v.emails.map((e) => ({ ...typed(e), email: trim(e.value) })),
    addresses: v.addresses.map((a) => ({ ...compact({ ...a, customType: a.type === 'custom' ? a.customType : '' }), type: a.type }) as ContactAddress),
    events: v.events.map((e) => ({ date: eventDateValue(e.date)!, type: e.type })),
    customers: v.customers.map((l): ContactCustomerLink => ({ ...l })),
  };
}
