/**
 * The import shape to a Contact body (contacts README « Import »). What the Contact has no field for (gender,
 * photo, an address's region) stays in the preview only; see the README.
 */
import { contactDisplayName, type ContactImport, type ContactInput } from '../../../schemas/index.ts';
import { pick } from './assemble.ts';

export type ImportedContact = ContactInput & { displayName: string };

export function toContact(s: ContactImport): ImportedContact {
  const personal = s.firstName || s.lastName;
  // a card with only a formatted name (FN) keeps it as the name, unless it just repeats the company
  const nameFromFull = !personal && s.fullName && s.fullName !== s.organizationName ? s.fullName : undefined;
  const contact: ContactInput = {
    ...pick({
      prefix: s.prefix,
      suffix: s.suffix,
      firstname: s.firstName,
      secondFirstname: s.middleName,
      name: s.lastName ?? nameFromFull,
      nickname: s.nickname,
      company: s.organizationName,
      job: s.organizationTitle,
      service: s.organizationDepartment,
      website: s.website?.value,
      notes: s.notes,
    }),
    phoneNumbers: s.phones.map((p) => ({ type: p.type, value: p.value, ...(p.customType ? { customType: p.customType } : {}) })),
    emails: s.emails.map((e) => ({ email: e.value, type: e.type, ...(e.customType ? { customType: e.customType } : {}) })),
    addresses: s.addresses.map((a) => ({
      type: a.type,
      ...pick({ customType: a.customType, address: a.street, address2: a.extended, zipCode: a.postalCode, city: a.city, country: a.country }),
      delivery: true,
      invoicing: true,
    })),
    events: s.birthday ? [{ date: s.birthday, type: 'birthday' }] : [],
  };
  return { ...contact, displayName: contactDisplayName(contact) };
}

/** Nothing to know the person by, nor to reach them: not worth a contact. */
export function unidentifiable(c: ContactInput): boolean {
  return !(c.name || c.firstname || c.nickname || c.company || c.alias || c.emails?.length || c.phoneNumbers?.length);
}
