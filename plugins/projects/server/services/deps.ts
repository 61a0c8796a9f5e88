/**
 * The one place where « Projets » reaches the platform and other plugins: through their contracts
 * (`ctx.use(ref)`), typed by their owners, never re-declared here.
 */
import { kernelServices, type CallContext } from '@comptoir/sdk';
import { contactsServices } from '@comptoir/plugin-contacts/contract';
import { invoicingServices } from '@comptoir/plugin-invoicing/contract';

/** notifications to followers and helpers, recorded in the caller's transaction, delivered after its commit */
export const notifier = (ctx: CallContext) => ctx.use(kernelServices.notifier);
/** the names of the customers a comment mentions, and of an intervention's customer */
export const customers = (ctx: CallContext) => ctx.use(contactsServices.customers);
export const providers = (ctx: CallContext) => ctx.use(contactsServices.providers);
/** working time → invoice lines: a new draft, or lines added to a chosen draft (README « Invoicing ») */
export const invoiceDrafts = (ctx: CallContext) => ctx.use(invoicingServices.drafts);
export const invoices = (ctx: CallContext) => ctx.use(invoicingServices.invoices);
