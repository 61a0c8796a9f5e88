/**
 * The demo account: a member of the demo company with that company's « Administrateur » role
 * (god in that company only), never a global role — its password is printed by `npm start` and
 * written in the README. Created by the first start when demo-policy.ts allows it; its company's
 * data (`Boulangerie Martin SARL`) comes from the program that starts the kernel (tools/).
 */
import { randomBytes } from 'node:crypto';
import type { CallContext } from '@comptoir/sdk';
import type { Role, User } from '@comptoir/schemas';
import { AccessTokens, Companies, Roles, Sessions, Users } from '../../../entities/platform.ts';
import { hashPassword, verifyPassword } from '../../../auth/passwords.ts';
import { createCompany } from '../companies/companies.ts';
import { removeMember } from '../users/members.ts';

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

/** Whether the demo account still opens with the public password. */
export async function hasPublicPassword(ctx: CallContext, userId: string): Promise<boolean> {
  const user = await ctx.unscoped(Users).findOneRaw({ _id: userId }) as (User & { password?: string }) | null;
  return user !== null && verifyPassword(user.password, DEMO_LOGIN.password);
}

/** What disabling the exposed demo account undid. */
export interface DemoRetired {
  sessions: number;
  accessTokens: number;
  /** companies other than the demo company it was taken out of */
  companiesLeft: number;
  globalRoles: number;
}

/**
 * The demo account of an installation where no demo would be made today (demo-policy.ts `retire`),
 * still opening with the public password: anyone who read the README could sign in. It is
 * disabled — its password replaced by the hash of a random secret nobody holds (the field must stay
 * an argon2id hash), its sessions and access tokens deleted (entity events: every process's
 * authentication cache forgets them) — and it keeps nothing outside the demo company: no
 * membership of another company, no global role. Null when its password is no longer the public
 * one: somebody's own account by now, left as it is.
 */
export async function retireDemo(ctx: CallContext, demo: DemoAccount): Promise<DemoRetired | null> {
  if (!(await hasPublicPassword(ctx, demo.userId))) return null;
  const users = ctx.unscoped(Users);
  const before = await users.getRaw(demo.userId) as User;
  const others = (before.fk.companies ?? []).filter((id) => id !== demo.companyId);
  for (const companyId of others) await removeMember(ctx, demo.userId, companyId);
  const user = await users.getRaw(demo.userId) as User;
  const held = await ctx.unscoped(Roles).findMany({ _id: user.roles ?? [] }) as Role[];
  // roles of no company it still belongs to (a global role, or one left behind) go too
  const kept = held.filter((r) => r.mode !== 'global' && r.fk.company === demo.companyId).map((r) => r._id);
  const globalRoles = held.filter((r) => r.mode === 'global').length;
  await users.update(demo.userId, { roles: kept, password: await hashPassword(randomBytes(32).toString('base64url')) });
  const sessions = ctx.unscoped(Sessions);
  const open = await sessions.findMany({ userId: demo.userId });
  for (const session of open) await sessions.remove(session._id);
  const tokens = ctx.unscoped(AccessTokens);
  const owned = await tokens.findMany({ generatedByUser: demo.userId });
  for (const token of owned) await tokens.remove(token._id);
  return { sessions: open.length, accessTokens: owned.length, companiesLeft: others.length, globalRoles };
}
