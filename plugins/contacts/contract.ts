/**
 * The contract of « Contacts » for other plugins (docs/architecture.md « Contracts »): the services
 * it exports, typed, with their references. Import it as `@comptoir/plugin-contacts/contract`;
 * resolve with `ctx.use(contactsServices.customers)` after declaring `"dependsOn": { "contacts": … }`.
 * Nothing here runs: types and ids only.
 */
import { defineServiceRef, type ListParams, type ListResult } from '@comptoir/sdk';
import type { Contact, Customer, Provider } from './schemas/index.ts';

/** The entities the services answer (plugin README « Entities »); types only, see docs/architecture.md « Contracts ». */
export type { Contact, Customer, Provider } from './schemas/index.ts';

/** `contacts.customers` */
export interface CustomersService {
  /** one of the active company's (404 « Client introuvable. » otherwise) */
  get(id: string): Promise<Customer>;
  /** those of the ids that exist in the active company, in the order asked, once each */
  findByIds(ids: string[]): Promise<Customer[]>;
  /** the customers holding one of these groups (pass a group and its subgroups), archived ones left out */
  inGroups(groupIds: string[]): Promise<Customer[]>;
  /** those (not archived) whose home, mobile or fax number is that line, however written (a caller recognised) */
  findByPhone(number: string): Promise<Customer[]>;
  /** adds `delta` euros to what the customer owes (skipped for a customer deleted since) */
  adjustBalance(id: string, delta: number): Promise<void>;
  /** a page of the active company's, with the list parameters of http README « Lists » */
  list(params: ListParams): Promise<ListResult<Customer>>;
  /** with the customers route's rules: the invoicing demo makes a demo customer it does not find */
  create(body: Record<string, unknown>): Promise<Customer>;
}

/** `contacts.providers` */
export interface ProvidersService {
  get(id: string): Promise<Provider>;
  findByIds(ids: string[]): Promise<Provider[]>;
  list(params: ListParams): Promise<ListResult<Provider>>;
  /** with the providers route's rules (a name, groups checked): purchases create the provider of an imported invoice */
  create(body: Record<string, unknown>): Promise<Provider>;
}

/** `contacts.contacts` */
export interface ContactsService {
  /** the contacts of a customer who receive its invoices or its quotations */
  receiversOf(customerId: string, kind: 'invoices' | 'quotations'): Promise<Contact[]>;
  /** the contacts (not archived) one of whose phone numbers is that line, however written (a caller recognised) */
  findByPhone(number: string): Promise<Contact[]>;
}

export const contactsServices = {
  customers: defineServiceRef<CustomersService>('contacts.customers'),
  providers: defineServiceRef<ProvidersService>('contacts.providers'),
  contacts: defineServiceRef<ContactsService>('contacts.contacts'),
} as const;
