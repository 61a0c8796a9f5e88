/**
 * The one place where this plugin reaches the platform (and, later, other plugins): through their
 * contracts (`ctx.use(ref)`), typed by their owners, never re-declared here.
 */
import { kernelServices, type CallContext } from '@comptoir/sdk';

/** counters (registers, events; receipts, tickets and archives later): taken in the caller's transaction, locking the company's counters */
export const numbering = (ctx: CallContext) => ctx.use(kernelServices.numbering);
export const companies = (ctx: CallContext) => ctx.use(kernelServices.companies);
