/**
 * The rights of the caller on a project, read from the database and resolved by `resolveRights`;
 * the checks every item write goes through (README « Rights »).
 */
import { forbidden, type CallContext } from '@comptoir/sdk';
import type { Project, ProjectRights } from '../../../schemas/index.ts';
import { Teams, UserSettings } from '../../entities.ts';
import { MANAGE } from '../../permissions.ts';
import { cannotSubmit, cannotValidate } from '../../messages.ts';
import { canSubmit, canValidate, resolveRights, type ItemKind } from './resolve.ts';

/** the teams a user belongs to (a team lists its users in `fk.users`) */
export async function teamIdsOf(ctx: CallContext, userId: string | null): Promise<string[]> {
  if (!userId) return [];
  return (await ctx.repo(Teams).findReferencing('fk.users', userId, { limit: 1000 })).map((t) => t._id);
}

export async function rightsOn(ctx: CallContext, project: Project, userId = ctx.caller.userId): Promise<ProjectRights> {
  const manager = userId === ctx.caller.userId && ctx.can(MANAGE);
  const settings = manager ? [] : await ctx.repo(UserSettings).findMany({ 'fk.project': project._id });
  return resolveRights(project, settings, { userId, teamIds: manager ? [] : await teamIdsOf(ctx, userId), manager });
}

export function assertSubmit(rights: ProjectRights, type: ItemKind): void {
  if (!canSubmit(rights, type)) throw forbidden(cannotSubmit(type));
}

export function assertValidate(rights: ProjectRights, type: ItemKind): void {
  if (!canValidate(rights, type)) throw forbidden(cannotValidate(type));
}
