/**
 * The server administrator of the first start (http README « Start-up »): on a database without users,
 * COMPTOIR_ADMIN_EMAIL and COMPTOIR_ADMIN_PASSWORD create a server administrator (global god
 * role) and a first company. Called by the first start (app/first-start.ts), under its lock.
 */
import type { CallContext } from '@comptoir/sdk';
import { Users, Roles } from '../../../entities/platform.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { createCompany } from '../companies/companies.ts';
import { addMember } from '../users/members.ts';

export const SERVER_ADMIN_ROLE = 'Super-administrateur';

/** The global god role, created once. */
export async function serverAdminRole(ctx: CallContext) {
  const roles = ctx.unscoped(Roles);
  return (await roles.findOne({ name: SERVER_ADMIN_ROLE, mode: 'global' }))
    ?? roles.create({ name: SERVER_ADMIN_ROLE, mode: 'global', god: true, permissions: [], fk: { company: null } });
}

export interface AdminAccount { email: string; password: string; companyName?: string; firstname?: string; name?: string }

/** Creates a server administrator with a company of their own; answers the user and company ids. */
export async function createAdmin(ctx: CallContext, account: AdminAccount, company: Record<string, unknown> = {}) {
  const role = await serverAdminRole(ctx);
  const user = await ctx.unscoped(Users).create({
    email: account.email.toLowerCase(), password: await hashPassword(account.password),
    firstname: account.firstname, name: account.name,
  });
  await addMember(ctx, user._id, (await createCompany(ctx, { name: account.companyName ?? 'Mon entreprise', ...company }, null))._id, []);
  const withRole = await ctx.unscoped(Users).getRaw(user._id);
  const companyId = withRole.fk.companies[0];
  const adminRole = await ctx.unscoped(Roles).findOne({ 'fk.company': companyId, name: 'Administrateur' });
  await ctx.unscoped(Users).update(user._id, { roles: [...withRole.roles, role._id, ...(adminRole ? [adminRole._id] : [])] });
  return { userId: user._id, companyId };
}
