/**
 * A contact person (contacts README « Entities »): typed phones, e-mails and addresses, dated events,
 * and the customers it receives invoices or quotations for.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Address, createInput, Email, Entity, Id, Str, Text, updateInput } from '@comptoir/schemas';
import { Defaulted, withFk } from './common.ts';

/** Types offered for typed entries; any other text is kept as is (`custom` + `customType` is the norm). */
export const PHONE_TYPES = ['home', 'work', 'mobile', 'fax', 'pager', 'main', 'other', 'custom'] as const;
export const EMAIL_TYPES = ['home', 'work', 'other', 'custom'] as const;
export const ADDRESS_TYPES = ['home', 'work', 'other', 'custom'] as const;
export const EVENT_TYPES = ['birthday', 'anniversary', 'other'] as const;

/** `YYYY-MM-DD`, or `--MM-DD` for a date without year (a birthday whose year is not known). */
export const EVENT_DATE_PATTERN = '^(\\d{4}|-)-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

export const ContactPhone = Type.Object({
  type: Defaulted(Str({ default: 'home' })),
  value: Str({ minLength: 1 }),
  customType: Type.Optional(Str()),
}, { additionalProperties: false });
export type ContactPhone = Static<typeof ContactPhone>;

export const ContactEmail = Type.Object({
  email: Email(),
  type: Defaulted(Str({ default: 'home' })),
  customType: Type.Optional(Str()),
}, { additionalProperties: false });
export type ContactEmail = Static<typeof ContactEmail>;

/**
 * The Address fields plus a type (the delivery/invoicing flags are kept for a uniform shape).
 * Defaulted fields of list items are optional in bodies and filled when stored (common.ts).
 */
export const ContactAddress = Type.Object({
  type: Defaulted(Str({ default: 'home' })),
  customType: Type.Optional(Str()),
  ...Address.properties,
}, { additionalProperties: false });
export type ContactAddress = Static<typeof ContactAddress>;

export const ContactEvent = Type.Object({
  date: Type.String({ pattern: EVENT_DATE_PATTERN, maxLength: 10 }),
  type: Defaulted(Str({ default: 'birthday' })),
}, { additionalProperties: false });
export type ContactEvent = Static<typeof ContactEvent>;

/** The contact receives this customer's invoices and/or quotations (invoicing asks `receiversOf`). */
export const ContactCustomerLink = Type.Object({
  customerId: Id(),
  invoicesReceiver: Defaulted(Type.Boolean({ default: false })),
  quotationsReceiver: Defaulted(Type.Boolean({ default: false })),
}, { additionalProperties: false });
export type ContactCustomerLink = Static<typeof ContactCustomerLink>;

export const Contact = Entity({
  prefix: Type.Optional(Str()),
  suffix: Type.Optional(Str()),
  name: Type.Optional(Str()),
  firstname: Type.Optional(Str()),
  secondFirstname: Type.Optional(Str()),
  phonetics: Type.Optional(Str()),
  nickname: Type.Optional(Str()),
  alias: Type.Optional(Str()),
  company: Type.Optional(Str()),
  job: Type.Optional(Str()),
  service: Type.Optional(Str()),
  website: Type.Optional(Str()),
  notes: Type.Optional(Text()),
  /** computed by the server (display-name.ts); never in a body */
  displayName: Str({ default: '' }),
  phoneNumbers: Type.Array(ContactPhone, { default: [] }),
  emails: Type.Array(ContactEmail, { default: [] }),
  addresses: Type.Array(ContactAddress, { default: [] }),
  events: Type.Array(ContactEvent, { default: [] }),
  customers: Type.Array(ContactCustomerLink, { default: [] }),
  /** not in the spec, as for customers: left out of lists, set by POST …/:id/archive and …/restore only */
  archived: Type.Boolean({ default: false }),
}, {
  company: Id(),
  groups: Type.Array(Id(), { default: [] }),
  providers: Type.Array(Id(), { default: [] }),
});
export type Contact = Static<typeof Contact>;

export const CONTACT_SERVER_MANAGED = ['displayName', 'archived', 'fk'] as const;

const contactFk = {
  groups: Type.Array(Id(), { default: [] }),
  providers: Type.Array(Id(), { default: [] }),
};

export const ContactCreateInput = withFk(createInput(Contact, { serverManaged: CONTACT_SERVER_MANAGED }), contactFk, true);
export const ContactUpdateInput = withFk(updateInput(Contact, { serverManaged: CONTACT_SERVER_MANAGED }), contactFk, false);
/** What a client may write on a contact: no record or server-managed field, all optional. */
export type ContactInput = Partial<Omit<Contact, '_id' | 'metadata' | (typeof CONTACT_SERVER_MANAGED)[number]>> & {
  fk?: { groups?: string[]; providers?: string[] };
};
