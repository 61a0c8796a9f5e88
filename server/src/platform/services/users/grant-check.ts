/**
 * The rules of grant-rules.ts applied to the caller of a request: 403 with a French message
 * naming what they lack, before anything is written.
 */
import { forbidden, type CallContext } from '@comptoir/sdk';
import type { Role } from '@comptoir/schemas';
import { Roles, Users } from '../../../entities/platform.ts';
import { isId } from '../../../util/ids.ts';
import { permissionCatalogue } from '../../../auth/permission-catalogue.ts';
import { isLacking, lacking, lackingLabel, reachOf, type Granter, type Reach } from './grant-rules.ts';

/** The caller as a granter in the active company. */
export async function granterOf(ctx: CallContext): Promise<Granter> {
  const { caller } = ctx;
  if (caller.god) return { serverAdmin: true, companyGod: true, permissions: caller.permissions };
  let companyGod = false;
  if (caller.userId && caller.companyId) {
    const user = await ctx.unscoped(Users).find(caller.userId);
    const roles = await ctx.unscoped(Roles).findByIds((user?.roles ?? []).filter(isId));
    // the caller's rights may have been narrowed (`AT-Rights-Of`): god only if every company
    // permission is still there
    const all = permissionCatalogue(ctx).filter((p) => p.mode === 'company').every((p) => caller.permissions.has(p.sysName));
    companyGod = all && roles.some((r) => r.god === true && r.mode !== 'global' && r.fk.company === caller.companyId);
  }
  return { serverAdmin: false, companyGod, permissions: caller.permissions };
}

/** 403 unless the caller may put `reach` in a role. */
export async function assertMayGive(ctx: CallContext, reach: Reach): Promise<void> {
  const l = lacking(await granterOf(ctx), reach, permissionCatalogue(ctx));
  if (!isLacking(l)) return;
  throw forbidden(`Vous ne pouvez pas donner à un rôle des droits que vous n’avez pas vous-même : ${lackingLabel(l)}.`);
}

/** 403 unless the caller holds everything `role` gives today (to change it). */
export async function assertMayChangeRole(ctx: CallContext, role: Pick<Role, 'name' | 'god' | 'permissions'>): Promise<void> {
  const l = lacking(await granterOf(ctx), reachOf([role]), permissionCatalogue(ctx));
  if (!isLacking(l)) return;
  throw forbidden(`Vous ne pouvez pas modifier le rôle « ${role.name} » : il donne des droits que vous n’avez pas vous-même (${lackingLabel(l)}).`);
}

/** « Vous ne pouvez pas attribuer le rôle « X » », and the like, for a role's name. */
export type Refusal = (roleName: string) => string;
export const toGrant: Refusal = (name) => `Vous ne pouvez pas attribuer le rôle « ${name} »`;
export const toWithdraw: Refusal = (name) => `Vous ne pouvez pas retirer le rôle « ${name} »`;

/** 403 unless the caller holds everything each of `roles` gives, to change who holds them. */
export async function assertMayHandOut(ctx: CallContext, roles: ReadonlyArray<Pick<Role, 'name' | 'god' | 'permissions'>>, refusal: Refusal): Promise<void> {
  if (!roles.length) return;
  const granter = await granterOf(ctx);
  const catalogue = permissionCatalogue(ctx);
  for (const role of roles) {
    const l = lacking(granter, reachOf([role]), catalogue);
    if (isLacking(l)) throw forbidden(`${refusal(role.name)} : il donne des droits que vous n’avez pas vous-même (${lackingLabel(l)}).`);
  }
}
