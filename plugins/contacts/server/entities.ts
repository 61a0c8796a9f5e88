/** The entities of the « Contacts » plugin: a schema, a table, a French label each. */
import { defineEntity } from '@comptoir/sdk';
import { Contact, Customer, PARTY_HIDDEN_FIELDS, Provider, clipText, contactDisplayName, customerDisplayName } from '@comptoir/schemas';

export const PLUGIN_ID = 'contacts';

/**
 * The stored display name is a 255-character column: names that are each valid may make a longer
 * one (« company (firstname name) »), which would refuse the whole body for a field nobody sent.
 * Cut by characters (code points), as the column and the schema count them.
 */
const shown = (name: string) => clipText(name);

/** Columns: see migrations/20261122120000_customers_providers_contacts.ts. */
export const Customers = defineEntity({
  plugin: PLUGIN_ID,
  name: 'customers',
  table: 'contacts_customers',
  schema: Customer,
  companyScoped: true,
  label: 'client',
  hidden: [...PARTY_HIDDEN_FIELDS],
  /** the stored, searchable display name follows the names on every write (spec 000 §3) */
  derive: (doc) => ({ displayName: shown(customerDisplayName(doc)) }),
});

export const Providers = defineEntity({
  plugin: PLUGIN_ID,
  name: 'providers',
  table: 'contacts_providers',
  schema: Provider,
  companyScoped: true,
  label: 'fournisseur',
  hidden: [...PARTY_HIDDEN_FIELDS],
  derive: (doc) => ({ displayName: shown(customerDisplayName(doc)) }),
});

export const Contacts = defineEntity({
  plugin: PLUGIN_ID,
  name: 'contacts',
  table: 'contacts_contacts',
  schema: Contact,
  companyScoped: true,
  label: 'contact',
  derive: (doc) => ({ displayName: shown(contactDisplayName(doc)) }),
});
