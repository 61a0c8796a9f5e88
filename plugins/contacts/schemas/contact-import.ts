/**
 * The import shape (contacts README « Entities »): an external contact as read from a vCard or a CSV export,
 * before it becomes a Contact. Lists are capped as the spec says (4 e-mails, 4 phones, 2 addresses).
 * `organizationDepartment` is our addition (vCard ORG's second part, CSV « Organization Department »):
 * the Contact has a `service` to receive it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Str, Text } from '@comptoir/schemas';

export const IMPORT_MAX_EMAILS = 4;
export const IMPORT_MAX_PHONES = 4;
export const IMPORT_MAX_ADDRESSES = 2;

export const ImportTypedValue = Type.Object({
  type: Str({ default: 'home' }),
  customType: Type.Optional(Str()),
  value: Str(),
}, { additionalProperties: false });
export type ImportTypedValue = Static<typeof ImportTypedValue>;

export const ImportAddress = Type.Object({
  type: Str({ default: 'home' }),
  customType: Type.Optional(Str()),
  street: Type.Optional(Str()),
  city: Type.Optional(Str()),
  region: Type.Optional(Str()),
  postalCode: Type.Optional(Str()),
  country: Type.Optional(Str()),
  extended: Type.Optional(Str()),
}, { additionalProperties: false });
export type ImportAddress = Static<typeof ImportAddress>;

export const ContactImport = Type.Object({
  fullName: Type.Optional(Str()),
  firstName: Type.Optional(Str()),
  middleName: Type.Optional(Str()),
  lastName: Type.Optional(Str()),
  prefix: Type.Optional(Str()),
  suffix: Type.Optional(Str()),
  nickname: Type.Optional(Str()),
  /** `YYYY-MM-DD` or `--MM-DD` */
  birthday: Type.Optional(Str()),
  gender: Type.Optional(Str()),
  notes: Type.Optional(Text()),
  /** an address (http, https) only: inline pictures are not kept */
  photo: Type.Optional(Str()),
  emails: Type.Array(ImportTypedValue, { maxItems: IMPORT_MAX_EMAILS, default: [] }),
  phones: Type.Array(ImportTypedValue, { maxItems: IMPORT_MAX_PHONES, default: [] }),
  addresses: Type.Array(ImportAddress, { maxItems: IMPORT_MAX_ADDRESSES, default: [] }),
  organizationName: Type.Optional(Str()),
  organizationTitle: Type.Optional(Str()),
  organizationDepartment: Type.Optional(Str()),
  website: Type.Optional(ImportTypedValue),
}, { additionalProperties: false });
export type ContactImport = Static<typeof ContactImport>;

export const CONTACT_IMPORT_FORMATS = ['vcard', 'csv'] as const;
export type ContactImportFormat = (typeof CONTACT_IMPORT_FORMATS)[number];
