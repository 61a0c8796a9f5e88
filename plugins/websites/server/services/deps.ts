/**
 * The one place where this plugin reaches the platform: through its contract (`ctx.use(ref)`),
 * typed by its owner, never re-declared here.
 */
import { kernelServices, type CallContext } from '@comptoir/sdk';

/** opening hours of the company's establishments (the « Horaires d’ouverture » block) */
export const establishments = (ctx: CallContext) => ctx.use(kernelServices.establishments);
/** the groups of articles and of dynamic menu items */
export const groups = (ctx: CallContext) => ctx.use(kernelServices.groups);
export const companies = (ctx: CallContext) => ctx.use(kernelServices.companies);
