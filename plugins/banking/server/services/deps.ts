/**
 * The one place where « Banque » reaches the platform: through its contracts (`ctx.use(ref)`).
 */
import { kernelServices, type CallContext } from '@comptoir/sdk';

/**
 * The `bankAccount` counter: taken before an import creates an account, it locks the company's
 * counters until the commit, so that two imports of the same new account create it once
 * (README « Concurrency »).
 */
export const numbering = (ctx: CallContext) => ctx.use(kernelServices.numbering);
