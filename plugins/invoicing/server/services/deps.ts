/**
 * The services this plugin resolves from the kernel and from the plugins it depends on, typed by
 * what it uses of them (structural types: no import of another plugin's code).
 */
import { isHttpError, badRequest, type CallContext, type KernelCompanies, type KernelGroups, type KernelNumbering, type ListParams, type ListResult } from '@comptoir/sdk';
import type { CustomerLike } from '@comptoir/sdk/commerce';
import type { Address } from '@comptoir/schemas';

export interface CustomerRecord extends CustomerLike<Address> {
  _id: string;
  /** archived: no longer offered, kept by the documents naming it; recurring runs skip it */
  archived?: boolean;
}

/** `contacts.customers` */
export interface CustomersService {
  get(id: string): Promise<CustomerRecord>;
  findByIds(ids: string[]): Promise<CustomerRecord[]>;
  /** the customers holding one of these groups (a group and its subgroups) */
  inGroups(groupIds: string[]): Promise<CustomerRecord[]>;
  /** adds `delta` euros to what the customer owes (skipped for a customer deleted since) */
  adjustBalance(id: string, delta: number): Promise<void>;
  /** a page of the active company's (the demo looks its customers up by name) */
  list(params: ListParams): Promise<ListResult<CustomerRecord>>;
}

/** `contacts.providers`: the payments list names who a purchase was paid to */
export interface ProvidersService {
  findByIds(ids: string[]): Promise<CustomerRecord[]>;
}

/** `catalogue.items` */
export interface CatalogueItemsService {
  findByIds(ids: string[]): Promise<{ _id: string }[]>;
  incrementSales(id: string, by: number): Promise<unknown>;
}

export const numbering = (ctx: CallContext) => ctx.resolve<KernelNumbering>('kernel.numbering');
export const companies = (ctx: CallContext) => ctx.resolve<KernelCompanies>('kernel.companies');
export const groups = (ctx: CallContext) => ctx.resolve<KernelGroups>('kernel.groups');
export const customers = (ctx: CallContext) => ctx.resolve<CustomersService>('contacts.customers');
export const providers = (ctx: CallContext) => ctx.resolve<ProvidersService>('contacts.providers');
export const catalogueItems = (ctx: CallContext) => ctx.resolve<CatalogueItemsService>('catalogue.items');

/**
 * A reference sent in a body that points at nothing the caller can see is a bad body (400 naming
 * the field), not a missing resource of the route.
 */
export async function referenced<T>(field: string, message: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (isHttpError(e) && e.status === 404) throw badRequest(message, [{ field, message: 'introuvable' }]);
    throw e;
  }
}

/** The customer's e-mail address; undefined without one, or for a customer deleted since (the documents keep their receiver snapshot). */
export async function customerEmail(ctx: CallContext, id: string | null | undefined): Promise<string | undefined> {
  if (!id) return undefined;
  try {
    return (await customers(ctx).get(id) as { email?: string }).email;
  } catch (e) {
    if (isHttpError(e) && e.status === 404) return undefined;
    throw e;
  }
}
