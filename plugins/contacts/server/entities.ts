/** The entities of the « Contacts » plugin: a schema, a table, a French label each. */
import { defineEntity } from '@comptoir/sdk';
import { Contact, Customer, PARTY_HIDDEN_FIELDS, Provider, contactDisplayName } from '../schemas/index.ts';
import { clipText, customerDisplayName } from '@comptoir/schemas';

export const PLUGIN_ID = 'contacts';

/** The 409 of a deletion refused because documents name the record (the kernel finds them through the declared references). */
const ARCHIVE_CUSTOMER = 'Ce client figure sur des documents (factures, devis, paiements…) : archivez-le plutôt. Il n’apparaîtra plus dans les listes, et les documents le garderont.';
const ARCHIVE_PROVIDER = 'Ce fournisseur figure sur des documents (achats, paiements…) : archivez-le plutôt. Il n’apparaîtra plus dans les listes, et les documents le garderont.';
const ARCHIVE_CONTACT = 'Ce contact figure sur des documents : archivez-le plutôt. Il n’apparaîtra plus dans les listes.';

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
  /** the stored, searchable display name follows the names on every write (contacts README « Entities », display names) */
  derive: (doc) => ({ displayName: shown(customerDisplayName(doc)) }),
  /** the search box: migrations/20261204120000_search_index.ts (server/src/db README « Search index ») */
  search: ['displayName'],
  references: { 'fk.groups': 'kernel.groups' },
  archive: { field: 'archived', archivedValue: true, referenced: ARCHIVE_CUSTOMER },
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
  search: ['displayName'],
  references: { 'fk.groups': 'kernel.groups' },
  archive: { field: 'archived', archivedValue: true, referenced: ARCHIVE_PROVIDER },
});

export const Contacts = defineEntity({
  plugin: PLUGIN_ID,
  name: 'contacts',
  table: 'contacts_contacts',
  schema: Contact,
  companyScoped: true,
  label: 'contact',
  derive: (doc) => ({ displayName: shown(contactDisplayName(doc)) }),
  search: ['displayName'],
  /** a contact's links to customers and providers never keep them: a deleted one is forgotten (services/links/contact-links.ts) */
  references: {
    'fk.groups': 'kernel.groups',
    'fk.providers': { entity: 'contacts.providers', blocksDeletion: false },
    'customers[].customerId': { entity: 'contacts.customers', blocksDeletion: false },
  },
  archive: { field: 'archived', archivedValue: true, referenced: ARCHIVE_CONTACT },
});
