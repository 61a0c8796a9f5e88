/**
 * The one place where this plugin reaches the platform and other plugins: through their contracts
 * (`ctx.use(ref)`), typed by their owners, never re-declared here.
 */
import { kernelServices, type CallContext } from '@comptoir/sdk';
import { catalogueServices } from '@comptoir/plugin-catalogue/contract';
import { invoicingServices } from '@comptoir/plugin-invoicing/contract';

export type { Invoice } from '@comptoir/plugin-invoicing/contract';

/** counters (registers, events, receipts; tickets and archives later): taken in the caller's transaction, locking the company's counters */
export const numbering = (ctx: CallContext) => ctx.use(kernelServices.numbering);
export const companies = (ctx: CallContext) => ctx.use(kernelServices.companies);
export const mailer = (ctx: CallContext) => ctx.use(kernelServices.mailer);
/** the commercial-document engine with the company's defaults (a receipt's lines and VAT) */
export const compute = (ctx: CallContext) => ctx.use(invoicingServices.compute);
/** a receipt made an invoice: invoicing's one-request create + emit */
export const emission = (ctx: CallContext) => ctx.use(invoicingServices.emission);
/** its payments, recorded on that invoice (it was paid at the till) */
export const invoicePayments = (ctx: CallContext) => ctx.use(invoicingServices.payments);
export const invoices = (ctx: CallContext) => ctx.use(invoicingServices.invoices);
export const catalogueItems = (ctx: CallContext) => ctx.use(catalogueServices.items);
