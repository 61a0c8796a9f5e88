/**
 * The one place where « Réservations » reaches the platform and other plugins: through their
 * contracts (`ctx.use(ref)`), typed by their owners.
 */
import { kernelServices, type CallContext } from '@comptoir/sdk';
import { invoicingServices } from '@comptoir/plugin-invoicing/contract';
import { catalogueServices } from '@comptoir/plugin-catalogue/contract';

/** a room's hours: its establishment's, or its own computed the same way (README « Hours ») */
export const establishments = (ctx: CallContext) => ctx.use(kernelServices.establishments);
/** the confirmation with its ICS, after the commit */
export const mailer = (ctx: CallContext) => ctx.use(kernelServices.mailer);
/** bookings made invalid by a change of hours or resources (§4) */
export const notifier = (ctx: CallContext) => ctx.use(kernelServices.notifier);
export const companies = (ctx: CallContext) => ctx.use(kernelServices.companies);
/** a booking → a draft invoice or a quotation, with invoicing's own rules */
export const invoiceDrafts = (ctx: CallContext) => ctx.use(invoicingServices.drafts);
export const quotations = (ctx: CallContext) => ctx.use(invoicingServices.quotations);
/** the items named by a booker's settings: their labels and VAT on the lines */
export const catalogue = (ctx: CallContext) => ctx.use(catalogueServices.items);
