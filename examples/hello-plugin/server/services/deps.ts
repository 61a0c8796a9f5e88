/**
 * The one place where « Bonjour » reaches the platform (and would reach other plugins): through
 * their contracts (`ctx.use(ref)`), typed by their owners.
 */
import { kernelServices, type CallContext } from '@comptoir/sdk';

/** live notifications to members of the active company, delivered after commit */
export const notifier = (ctx: CallContext) => ctx.use(kernelServices.notifier);
