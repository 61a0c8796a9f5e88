/**
 * The services this plugin uses from the platform and from the plugins it depends on, through their
 * contracts (docs/architecture.md « Contracts »): typed by their owners, never re-declared here.
 */
import { badRequest, kernelServices, type CallContext } from '@comptoir/sdk';
import { contactsServices } from '@comptoir/plugin-contacts/contract';
import { catalogueServices } from '@comptoir/plugin-catalogue/contract';
import { invoicingServices } from '@comptoir/plugin-invoicing/contract';

export type { DocumentSettings } from '@comptoir/plugin-invoicing/contract';
export type { Provider } from '@comptoir/plugin-contacts/contract';
export type { PaymentTarget } from './payments/payments.ts';

export const numbering = (ctx: CallContext) => ctx.use(kernelServices.numbering);

/**
 * The company's counter row, locked for the rest of the transaction without taking a number: the
 * first lock of every operation that follows links between purchases and orders (README.md
 * « Concurrency »). `take` given an existing number reads the counters locked (`SELECT … FOR
 * UPDATE` on MySQL/MariaDB, the single writer on SQLite) and changes nothing.
 */
export async function lockCounters(ctx: CallContext): Promise<void> {
  await numbering(ctx).take('purchase', 1);
}
export const companies = (ctx: CallContext) => ctx.use(kernelServices.companies);
export const providers = (ctx: CallContext) => ctx.use(contactsServices.providers);
export const invoices = (ctx: CallContext) => ctx.use(invoicingServices.invoices);
export const catalogueItems = (ctx: CallContext) => ctx.use(catalogueServices.items);
export const engine = (ctx: CallContext) => ctx.use(invoicingServices.compute);

/**
 * References sent in a body must all name records the caller can see: 400 naming the first one
 * that does not (`fk.linkedSales.1`). Answers the ids once each, in their order (a link given twice
 * is one link).
 */
export function foundIds(field: string, ids: readonly string[], found: readonly { _id: string }[], what: string): string[] {
  const known = new Set(found.map((x) => x._id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) {
    throw badRequest(`${what} introuvable : « ${field}.${index} » ne désigne rien dans cette entreprise.`, [{ field: `${field}.${index}`, message: 'introuvable' }]);
  }
  return [...new Set(ids)];
}
