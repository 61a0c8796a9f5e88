/**
 * Creating a company creates what it cannot live without: its settings, an
 * « Administrateur » role (god within this company only) granted to the creator, and the creator's
 * profile and membership.
 */
import type { CallContext } from '@comptoir/sdk';
import { forbidden } from '@comptoir/sdk';
import type { Company, User } from '@comptoir/schemas';
import { Companies, CompanySettingsEntity, Roles, Profiles } from '../../../entities/platform.ts';
import { getServerSettings } from './server-settings.ts';
import { addMember } from '../users/members.ts';
import { initialNumbering } from './numbering.ts';

export async function canCreateCompany(ctx: CallContext): Promise<boolean> {
  if (ctx.caller.god && ctx.caller.userId === null) return true; // system
  const settings = await getServerSettings(ctx);
  return settings.globalPermissions.allowCompanyCreation || ctx.can('kernel.server-settings.manage');
}

export async function createCompany(ctx: CallContext, input: Record<string, unknown>, ownerId: string | null): Promise<Company> {
  if (!(await canCreateCompany(ctx))) {
    throw forbidden('La création d’entreprise est désactivée sur ce serveur.');
  }
  const company = await ctx.unscoped(Companies).create({ ...input, numbering: initialNumbering(ctx, input.numbering) });
  const fk = { company: company._id };
  await ctx.unscoped(CompanySettingsEntity).create({ fk });
  const admin = await ctx.unscoped(Roles).create({
    name: 'Administrateur', permissions: [], mode: 'company', god: true, fk,
  });
  if (ownerId) await addMember(ctx, ownerId, company._id, [admin._id]);
  return company;
}

export async function companyContext(ctx: CallContext, user: User, companyId: string | null) {
  if (!companyId) return { company: null, companySettings: null, profile: null };
  const [company, companySettings, profile] = await Promise.all([
    ctx.unscoped(Companies).find(companyId),
    ctx.unscoped(CompanySettingsEntity).findOne({ 'fk.company': companyId }),
    ctx.unscoped(Profiles).findOne({ 'fk.company': companyId, 'fk.user': user._id }),
  ]);
  return { company, companySettings, profile };
}

