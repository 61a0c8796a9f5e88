/**
 * The demo account: a member of the demo company with that company's « Administrateur » role
 * (god in that company only), never a global role — its password is printed by `npm start` and
 * written in the README. Created by the first start when demo-policy.ts allows it; its company's
 * data (`Boulangerie Martin SARL`) comes from the program that starts the kernel (tools/).
 */
import type { CallContext } from '@comptoir/sdk';
import type { Role, User } from '@comptoir/schemas';
import { Companies, Roles, Users } from '../entities.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { createCompany } from './companies.ts';

export const DEMO_LOGIN = { email: 'demo@comptoir.fr', password: 'comptoir-demo' } as const;

/** What the demo company and its user are made of (tools/src/demo-company.ts). */
export interface DemoSeed {
  company: Record<string, unknown> & { name: string };
  firstname?: string;
  name?: string;
}

export interface DemoAccount { userId: string; companyId: string | null }

/** The demo account and, among its companies, the one named as the demo company (null if it left it). */
export async function findDemo(ctx: CallContext, companyName: string | null): Promise<DemoAccount | null> {
  const user = await ctx.unscoped(Users).findOne({ email: DEMO_LOGIN.email }) as User | null;
  if (!user) return null;
  let companyId: string | null = null;
  for (const id of user.fk.companies ?? []) {
    const company = await ctx.unscoped(Companies).find(id);
    if (company && company.name === companyName) { companyId = id; break; }
  }
  return { userId: user._id, companyId };
}

/** The account, then its company: `createCompany` makes it « Administrateur » there, and nothing else. */
export async function createDemoAccount(ctx: CallContext, seed: DemoSeed): Promise<{ userId: string; companyId: string }> {
  const user = await ctx.unscoped(Users).create({
    email: DEMO_LOGIN.email, password: await hashPassword(DEMO_LOGIN.password),
    firstname: seed.firstname, name: seed.name,
  });
  const company = await createCompany(ctx, { ...seed.company }, user._id);
  return { userId: user._id, companyId: company._id };
}

/**
 * Installations seeded before this version gave the demo account the server's global god role
 * (« Super-administrateur »): at every start, a demo account whose password is still the public
 * one loses every global role it holds (its company roles stay). One whose password was changed
 * is somebody's own account now and is left as it is (`kept`, logged): taking the server's
 * administration from its owner could leave the server without any administrator.
 */
export async function dropDemoGlobalRoles(ctx: CallContext): Promise<'removed' | 'kept' | null> {
  const users = ctx.unscoped(Users);
  const user = await users.findOneRaw({ email: DEMO_LOGIN.email }) as (User & { password?: string }) | null;
  if (!user || !(user.roles ?? []).length) return null;
  const held = await ctx.unscoped(Roles).findMany({ _id: user.roles }) as Role[];
  const global = new Set(held.filter((r) => r.mode === 'global').map((r) => r._id));
  if (global.size === 0) return null;
  if (!(await verifyPassword(user.password, DEMO_LOGIN.password))) return 'kept';
  await users.update(user._id, { roles: user.roles.filter((id) => !global.has(id)) });
  return 'removed';
}
