/**
 * What other plugins may read of companies (exported as `kernel.companies`): the active company
 * (the sender of its documents) and the companies the caller belongs to (a group invoicing its own
 * subsidiaries), and the active company's logo as documents print it. A company the caller is not a member of answers 404, as if it did not exist.
 */
import type { CallContext, KernelCompanies } from '@comptoir/sdk';
import { badRequest, notFound } from '@comptoir/sdk';
import type { Company } from '@comptoir/schemas';
import { Companies, Profiles } from '../../../entities/platform.ts';
import { printableLogo } from './company-logo.ts';

export function companyDirectory(ctx: CallContext): KernelCompanies {
  const read = async (id: string): Promise<Company> => {
    const company = await ctx.unscoped(Companies).find(id);
    if (!company) throw notFound('Entreprise introuvable.');
    return company as Company;
  };
  return {
    async current() {
      if (!ctx.caller.companyId) throw badRequest('Aucune entreprise active : précisez l’en-tête AT-Company.');
      return read(ctx.caller.companyId);
    },
    async logo() {
      if (!ctx.caller.companyId) return null;
      return printableLogo(ctx, await read(ctx.caller.companyId));
    },
    async get(id) {
      const { userId, companyId } = ctx.caller;
      if (userId && id !== companyId) {
        const member = await ctx.unscoped(Profiles).findOne({ 'fk.company': id, 'fk.user': userId });
        if (!member) throw notFound('Entreprise introuvable.');
      }
      return read(id);
    },
  };
}
