/**
 * The one place where this plugin reaches the platform and other plugins: through their contracts
 * (`ctx.use(ref)`), typed by their owners, never re-declared here. A plugin it depends on is added
 * to `"dependsOn"` in package.json and its contract imported here
 * (`import { catalogueServices } from '@comptoir/plugin-catalogue/contract'`).
 */
import { kernelServices, type CallContext } from '@comptoir/sdk';

/** live notifications to members of the active company, delivered after commit */
export const notifier = (ctx: CallContext) => ctx.use(kernelServices.notifier);
