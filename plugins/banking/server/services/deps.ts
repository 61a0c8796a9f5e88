/**
 * The one place where « Banque » reaches the platform and the other plugins: through their
 * contracts (`ctx.use(ref)`).
 */
import { kernelServices, type CallContext } from '@comptoir/sdk';
import { contactsServices } from '@comptoir/plugin-contacts/contract';
import { invoicingServices } from '@comptoir/plugin-invoicing/contract';
import { purchasesServices } from '@comptoir/plugin-purchases/contract';

export type { Invoice } from '@comptoir/plugin-invoicing/contract';
export type { Purchase, ExternalPurchase } from '@comptoir/plugin-purchases/contract';
export type { Customer, Provider } from '@comptoir/plugin-contacts/contract';

/**
 * The `bankAccount` counter: taken before an import creates an account, it locks the company's
 * counters until the commit, so that two imports of the same new account create it once
 * (README « Concurrency »).
 */
export const numbering = (ctx: CallContext) => ctx.use(kernelServices.numbering);

/** the unpaid invoices, and their payments from the bank (README « Matching ») */
export const invoices = (ctx: CallContext) => ctx.use(invoicingServices.invoices);
export const invoicePayments = (ctx: CallContext) => ctx.use(invoicingServices.payments);
/** the unpaid purchases and external purchases, and their payments */
export const purchases = (ctx: CallContext) => ctx.use(purchasesServices.purchases);
export const externalPurchases = (ctx: CallContext) => ctx.use(purchasesServices.externalPurchases);
/** the customers' `bankTransferLabels` and the providers' names */
export const customers = (ctx: CallContext) => ctx.use(contactsServices.customers);
