/** What the screens know of the API of « Projets » (mounted under /api/projects). */

/** The collections, as the shell's API client and useList take them (without /api). */
export const PROJECTS = '/projects/projects';
export const TEAMS = '/projects/teams';
export const USER_SETTINGS = '/projects/user-settings';
export const ITEMS = '/projects/items';
export const WORKING_TIMES = '/projects/working-times';
export const COMMENTS = '/projects/comments';
export const READ = 'projects.items.read';
export const WRITE = 'projects.items.write';
export const MANAGE = 'projects.projects.manage';

/** Types only: the remote bundles no schema. */
export type {
  ItemStatus, Project, ProjectComment, ProjectItem, ProjectRights, ProjectTask, ProjectTaskList, ProjectUserSettings,
  ProjectWorkingTime, Team,
} from '../../schemas/index.ts';

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}

export const STATUS_COLUMNS = [
  { status: 'submitted', label: 'Proposées' },
  { status: 'accepted', label: 'Acceptées' },
  { status: 'validated', label: 'Validées' },
] as const;

export const TYPE_LABELS = { idea: 'Idée', issue: 'Incident' } as const;
export const PRIORITY_LABELS = { low: 'Basse', normal: 'Normale', high: 'Haute', urgent: 'Urgente' } as const;
