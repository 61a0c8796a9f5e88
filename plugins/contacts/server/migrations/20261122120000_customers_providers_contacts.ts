/**
 * Customers, providers and contacts. A snapshot of the schemas: later changes are new migrations.
 * Indexed: what lists filter and sort on (names, company, e-mail, displayName), each behind
 * fk_company so that a company's page is one index range; directAccessKey for a look-up by key.
 */
import { createEntityTable, type Migration } from '@comptoir/sdk';
import type { StorageKind } from '@comptoir/schemas';

const party: Record<string, StorageKind> = {
  civ: 'string',
  name: 'string',
  firstname: 'string',
  company: 'string',
  displayName: 'string',
  email: 'string',
  password: 'string',
  gender: 'string',
  telHome: 'string',
  telMobile: 'string',
  telFax: 'string',
  bankTransferLabels: 'json',
  addresses: 'json',
  vatNumber: 'string',
  directAccessKey: 'string',
  balance: 'money',
  notes: 'text',
  fk_groups: 'json',
};

const partyIndexes = (): string[][] => [
  ['fk_company', 'displayName', '_id'],
  ['fk_company', 'name', '_id'],
  ['fk_company', 'company', '_id'],
  ['fk_company', 'email', '_id'],
  ['directAccessKey'],
];

export const customersProvidersContacts: Migration = {
  name: '20261122120000_customers_providers_contacts',
  async up(db) {
    await createEntityTable(db, 'contacts_customers', { ...party, origin: 'string' }, { companyScoped: true, indexes: partyIndexes() });
    await createEntityTable(db, 'contacts_providers', party, { companyScoped: true, indexes: partyIndexes() });
    await createEntityTable(db, 'contacts_contacts', {
      prefix: 'string',
      suffix: 'string',
      name: 'string',
      firstname: 'string',
      secondFirstname: 'string',
      phonetics: 'string',
      nickname: 'string',
      alias: 'string',
      company: 'string',
      job: 'string',
      service: 'string',
      website: 'string',
      notes: 'text',
      displayName: 'string',
      phoneNumbers: 'json',
      emails: 'json',
      addresses: 'json',
      events: 'json',
      customers: 'json',
      fk_groups: 'json',
      fk_providers: 'json',
    }, {
      companyScoped: true,
      indexes: [
        ['fk_company', 'displayName', '_id'],
        ['fk_company', 'name', '_id'],
        ['fk_company', 'company', '_id'],
      ],
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists('contacts_contacts');
    await db.schema.dropTableIfExists('contacts_providers');
    await db.schema.dropTableIfExists('contacts_customers');
  },
};
