/**
 * Rights on a project (spec 001 §5, README « Rights »), as a plain function: the project's four
 * defaults, unless a setting of that project matches the person — one naming them (`fk.user`) or
 * one of their teams (`fk.team`) —, in which case the first such setting by `order` (smallest
 * first; equal orders by `_id`, i.e. the older first) gives all four rights, even those it leaves
 * false. Managers (`projects.projects.manage`) hold every right.
 */
import type { Project, ProjectRights, ProjectUserSettings } from '../../../schemas/index.ts';

export type ItemKind = 'idea' | 'issue';

export function resolveRights(
  project: Pick<Project, '_id' | 'defaultCanSubmitIdeas' | 'defaultCanValidateIdeas' | 'defaultCanSubmitIssue' | 'defaultCanValidateIssue'>,
  settings: readonly Pick<ProjectUserSettings, '_id' | 'order' | 'fk' | 'canSubmitIdeas' | 'canValidateIdeas' | 'canSubmitIssue' | 'canValidateIssue'>[],
  person: { userId: string | null; teamIds: readonly string[]; manager?: boolean },
): ProjectRights {
  if (person.manager) return { canSubmitIdeas: true, canValidateIdeas: true, canSubmitIssue: true, canValidateIssue: true, source: 'manager' };
  const teams = new Set(person.teamIds);
  const matching = settings
    .filter((s) => s.fk.project === project._id)
    .filter((s) => (s.fk.user && s.fk.user === person.userId) || (s.fk.team && teams.has(s.fk.team)))
    .sort((a, b) => a.order - b.order || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  const first = matching[0];
  if (first) {
    return {
      canSubmitIdeas: first.canSubmitIdeas, canValidateIdeas: first.canValidateIdeas,
      canSubmitIssue: first.canSubmitIssue, canValidateIssue: first.canValidateIssue,
      source: first.fk.user ? 'user' : 'team', settingId: first._id,
    };
  }
  return {
    canSubmitIdeas: project.defaultCanSubmitIdeas, canValidateIdeas: project.defaultCanValidateIdeas,
    canSubmitIssue: project.defaultCanSubmitIssue, canValidateIssue: project.defaultCanValidateIssue,
    source: 'project',
  };
}

export const canSubmit = (rights: ProjectRights, type: ItemKind) => (type === 'idea' ? rights.canSubmitIdeas : rights.canSubmitIssue);
export const canValidate = (rights: ProjectRights, type: ItemKind) => (type === 'idea' ? rights.canValidateIdeas : rights.canValidateIssue);
