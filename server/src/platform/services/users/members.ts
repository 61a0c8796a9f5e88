/**
 * Membership of a user in a company: `fk.companies` on the user (spec), a UserCompanyProfile for
 * the company-side identity, and role grants of that company. Leaving a company removes all three.
 */
import type { CallContext } from '@comptoir/sdk';
import type { User } from '@comptoir/schemas';
import { Users, Profiles, Roles } from '../../../entities/platform.ts';

export async function addMember(ctx: CallContext, userId: string, companyId: string, roleIds: string[]): Promise<User> {
  const users = ctx.unscoped(Users);
  const user = await users.getRaw(userId);
  const companies = [...new Set([...(user.fk.companies ?? []), companyId])];
  const roles = [...new Set([...(user.roles ?? []), ...roleIds])];
  const settings = { ...user.settings, activeCompanyId: user.settings?.activeCompanyId ?? companyId };
  const updated = await users.update(userId, { fk: { ...user.fk, companies }, roles, settings }, { activityCompanyId: companyId });
  await ensureProfile(ctx, user, companyId);
  return updated;
}

/**
 * A new account, member of one company from its creation: one write and one Activity for the user
 * (not a creation followed by a modification), and its profile in that company.
 */
export async function createMember(ctx: CallContext, data: Record<string, unknown>, companyId: string, roleIds: string[]): Promise<User> {
  const user = await ctx.unscoped(Users).create({
    ...data, roles: [...new Set(roleIds)], settings: { activeCompanyId: companyId }, fk: { companies: [companyId] },
  });
  await ensureProfile(ctx, user, companyId);
  return user;
}

async function ensureProfile(ctx: CallContext, user: User, companyId: string): Promise<void> {
  const profiles = ctx.unscoped(Profiles);
  if (!(await profiles.findOne({ 'fk.company': companyId, 'fk.user': user._id }))) {
    await profiles.create({
      name: user.name, firstname: user.firstname, email: user.email, fk: { company: companyId, user: user._id },
    });
  }
}

export async function removeMember(ctx: CallContext, userId: string, companyId: string): Promise<void> {
  const users = ctx.unscoped(Users);
  const user = await users.getRaw(userId);
  const companyRoles = new Set((await ctx.unscoped(Roles).findMany({ 'fk.company': companyId })).map((r) => r._id));
  const companies = (user.fk.companies ?? []).filter((c) => c !== companyId);
  const settings = {
    ...user.settings,
    activeCompanyId: user.settings?.activeCompanyId === companyId ? (companies[0] ?? null) : user.settings?.activeCompanyId ?? null,
  };
  await users.update(userId, {
    fk: { ...user.fk, companies },
    roles: (user.roles ?? []).filter((r) => !companyRoles.has(r)),
    settings,
  }, { activityCompanyId: companyId });
  const profile = await ctx.unscoped(Profiles).findOne({ 'fk.company': companyId, 'fk.user': userId });
  if (profile) await ctx.unscoped(Profiles).remove(profile._id);
}
