/**
 * The services this plugin uses from the platform and from the plugins it depends on, through their
 * contracts (docs/architecture.md « Contracts »): typed by their owners, never re-declared here.
 */
import { isHttpError, badRequest, kernelServices, type CallContext } from '@comptoir/sdk';
import { contactsServices } from '@comptoir/plugin-contacts/contract';
import { catalogueServices } from '@comptoir/plugin-catalogue/contract';

export type { CatalogueItem } from '@comptoir/plugin-catalogue/contract';

export const numbering = (ctx: CallContext) => ctx.use(kernelServices.numbering);
export const companies = (ctx: CallContext) => ctx.use(kernelServices.companies);
export const groups = (ctx: CallContext) => ctx.use(kernelServices.groups);
export const mailer = (ctx: CallContext) => ctx.use(kernelServices.mailer);
export const customers = (ctx: CallContext) => ctx.use(contactsServices.customers);
export const providers = (ctx: CallContext) => ctx.use(contactsServices.providers);
export const contacts = (ctx: CallContext) => ctx.use(contactsServices.contacts);
export const catalogueItems = (ctx: CallContext) => ctx.use(catalogueServices.items);

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
