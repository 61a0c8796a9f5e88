/**
 * Projects, teams and rights settings (README « Projects », « Rights »): a project's owner is its
 * creator unless named; a project with items or working time is not deleted (they would name
 * nothing); a rights setting names a user or a team, never both nor neither.
 */
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type { Project, ProjectRights, ProjectUserSettings } from '../../../schemas/index.ts';
import { Items, Projects, UserSettings, WorkingTimes } from '../../entities.ts';
import { SETTING_TARGET } from '../../messages.ts';
import { rightsOn } from '../rights/rights.ts';

const PROJECT_IN_USE = 'Ce projet a des idées, des incidents ou du temps passé : il ne peut pas être supprimé.';

export function projectsService(ctx: CallContext) {
  const repo = () => ctx.repo(Projects);
  return {
    create: (input: Record<string, unknown> & { fk?: Record<string, unknown> }): Promise<Project> =>
      repo().create({ ...input, fk: { owner: ctx.caller.userId, ...(input.fk ?? {}) } }) as Promise<Project>,

    async remove(id: string): Promise<void> {
      await repo().getForUpdate(id);
      if (await ctx.repo(Items).count({ 'fk.project': id }) > 0 || await ctx.repo(WorkingTimes).count({ 'fk.project': id }) > 0) throw conflict(PROJECT_IN_USE);
      for (const s of await ctx.repo(UserSettings).findMany({ 'fk.project': id })) await ctx.repo(UserSettings).remove(s._id);
      await repo().remove(id);
    },

    /** the caller's four rights on the project, and where they come from */
    async rights(id: string): Promise<ProjectRights> {
      return rightsOn(ctx, await repo().get(id) as Project);
    },
  };
}

export type ProjectsService = ReturnType<typeof projectsService>;

function assertOneTarget(fk: { user?: string | null; team?: string | null }): void {
  if (!fk.user === !fk.team) throw badRequest(SETTING_TARGET, [{ field: fk.user ? 'fk.team' : 'fk.user', message: 'un utilisateur ou une équipe' }]);
}

export function userSettingsService(ctx: CallContext) {
  const repo = () => ctx.repo(UserSettings);
  return {
    async create(input: Record<string, unknown> & { fk?: { user?: string | null; team?: string | null; project?: string } }): Promise<ProjectUserSettings> {
      if (!input.fk?.project) throw badRequest('Choisissez le projet.', [{ field: 'fk.project', message: 'obligatoire' }]);
      assertOneTarget(input.fk);
      return repo().create(input) as Promise<ProjectUserSettings>;
    },
    async update(id: string, input: Record<string, unknown> & { fk?: { user?: string | null; team?: string | null; project?: string } }): Promise<ProjectUserSettings> {
      const existing = await repo().getForUpdate(id) as ProjectUserSettings;
      const fk = { ...existing.fk, ...(input.fk ?? {}) };
      assertOneTarget(fk);
      return repo().update(id, { ...input, fk }) as Promise<ProjectUserSettings>;
    },
  };
}

export type UserSettingsService = ReturnType<typeof userSettingsService>;
