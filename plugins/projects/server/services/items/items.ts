/**
 * Ideas and issues (README « Items »): every write reads the item locked (`getForUpdate`: two task
 * updates at once on MariaDB would otherwise each write the lists they read, and one would be
 * lost), checks the caller's rights on its project, recomputes progress and status, sets the last
 * activity, writes, and tells the followers — all in the route's transaction (the notifier
 * delivers after the commit).
 */
import { badRequest, notFound, type CallContext } from '@comptoir/sdk';
import type {
  ItemInput, ItemStatus, MoveInput, Project, ProjectItem, ProjectRights, ProjectTaskList, TaskInput, TaskListInput, TaskPatch,
} from '../../../schemas/index.ts';
import { Items, Projects, itemStatus } from '../../entities.ts';
import { ITEM_PROGRESSED } from '../../events.ts';
import { LIST_NOT_FOUND, NAME_REQUIRED, PROJECT_FIXED, PROJECT_REQUIRED, TASK_NOT_FOUND } from '../../messages.ts';
import { assertSubmit, assertValidate, rightsOn } from '../rights/rights.ts';
import { withProgress } from './progress.ts';
import { assertUniqueUuids, newTask, normalTaskLists } from './task-lists.ts';
import { noticeItemChange } from '../comments/notices.ts';

/** The flags a status stands for (a drag on the board). */
export const FLAGS_OF: Record<ItemStatus, Pick<ProjectItem, 'accepted' | 'validated' | 'archived'>> = {
  submitted: { accepted: false, validated: false, archived: false },
  accepted: { accepted: true, validated: false, archived: false },
  validated: { accepted: true, validated: true, archived: false },
  archived: { accepted: true, validated: true, archived: true },
};

const FLAG_FIELDS = ['accepted', 'validated', 'archived'] as const;

export function itemsService(ctx: CallContext) {
  const repo = () => ctx.repo(Items);

  async function projectAndRights(projectId: string): Promise<{ project: Project; rights: ProjectRights }> {
    const project = await ctx.repo(Projects).get(projectId) as Project;
    return { project, rights: await rightsOn(ctx, project) };
  }

  /**
   * Writes the item's new state: progress and status recomputed, last activity now, followers told
   * when its status or progress moved.
   */
  async function save(before: ProjectItem, changes: Partial<ProjectItem>, activity: string): Promise<ProjectItem> {
    const next = withProgress({ ...before, ...changes });
    const item = await repo().update(before._id, {
      ...changes, taskLists: next.taskLists, progress: next.progress,
      lastActivity: ctx.now.toISOString(), lastActivityDescription: activity.slice(0, 255),
    }) as ProjectItem;
    if (item.progress !== before.progress) ctx.emit(ITEM_PROGRESSED, { _id: item._id, progress: item.progress, previous: before.progress });
    await noticeItemChange(ctx, before, item);
    return item;
  }

  /** Locked, and the caller's rights on its project. */
  async function locked(id: string) {
    const item = await repo().getForUpdate(id) as ProjectItem;
    return { item, ...await projectAndRights(item.fk.project) };
  }

  function findTask(lists: ProjectTaskList[], uuid: string) {
    for (const list of lists) {
      const task = list.tasks.find((t) => t.uuid === uuid);
      if (task) return { list, task };
    }
    throw notFound(TASK_NOT_FOUND);
  }

  return {
    async create(input: ItemInput): Promise<ProjectItem> {
      if (!input.name) throw badRequest(NAME_REQUIRED, [{ field: 'name', message: 'obligatoire' }]);
      if (!input.fk?.project) throw badRequest(PROJECT_REQUIRED, [{ field: 'fk.project', message: 'obligatoire' }]);
      const { rights } = await projectAndRights(input.fk.project);
      const type = input.type ?? 'idea';
      assertSubmit(rights, type);
      if (FLAG_FIELDS.some((f) => input[f])) assertValidate(rights, type);
      const userId = ctx.caller.userId;
      const draft = {
        ...input, type,
        taskLists: normalTaskLists(input.taskLists ?? []),
        progress: input.progress ?? 0, autoProgressWithTasks: input.autoProgressWithTasks ?? true,
        lastActivity: ctx.now.toISOString(), lastActivityDescription: 'Création',
        fk: {
          ...input.fk, project: input.fk.project,
          owner: input.fk.owner === undefined ? userId : input.fk.owner,
          // the author follows what they submitted
          followers: input.fk.followers ?? (userId ? [userId] : []),
        },
      };
      const computed = withProgress(draft);
      return repo().create({ ...draft, taskLists: computed.taskLists, progress: computed.progress }) as Promise<ProjectItem>;
    },

    async update(id: string, input: ItemInput): Promise<ProjectItem> {
      const { item, rights } = await locked(id);
      if (input.fk?.project && input.fk.project !== item.fk.project) throw badRequest(PROJECT_FIXED, [{ field: 'fk.project', message: 'non modifiable' }]);
      const type = input.type ?? item.type;
      if (type !== item.type) assertSubmit(rights, type);
      if (FLAG_FIELDS.some((f) => input[f] !== undefined && input[f] !== item[f])) assertValidate(rights, type);
      const { taskLists, fk, ...rest } = input;
      const changes: Partial<ProjectItem> = { ...rest } as Partial<ProjectItem>;
      if (taskLists) changes.taskLists = normalTaskLists(taskLists);
      if (fk) changes.fk = { ...item.fk, ...fk, project: item.fk.project } as ProjectItem['fk'];
      return save(item, changes, 'Modification');
    },

    /** A drag on the board: the flags of the column (README « Status »). */
    async move(id: string, input: MoveInput): Promise<ProjectItem> {
      const { item, rights } = await locked(id);
      if (itemStatus(item) === input.status) return item;
      assertValidate(rights, item.type);
      return save(item, FLAGS_OF[input.status], `Déplacé : ${STATUS_LABELS[input.status]}`);
    },

    async remove(id: string): Promise<void> {
      const { item, rights } = await locked(id);
      if (item.fk.owner !== ctx.caller.userId) assertValidate(rights, item.type);
      await repo().remove(id);
    },

    async addList(id: string, input: TaskListInput): Promise<ProjectItem> {
      const { item } = await locked(id);
      const [list] = normalTaskLists([input]);
      const taskLists = [...item.taskLists, list];
      assertUniqueUuids(taskLists);
      return save(item, { taskLists }, `Liste « ${list.name} » ajoutée`);
    },

    async removeList(id: string, uuid: string): Promise<ProjectItem> {
      const { item } = await locked(id);
      const list = item.taskLists.find((l) => l.uuid === uuid);
      if (!list) throw notFound(LIST_NOT_FOUND);
      return save(item, { taskLists: item.taskLists.filter((l) => l !== list) }, `Liste « ${list.name} » supprimée`);
    },

    async addTask(id: string, listUuid: string, input: TaskInput): Promise<ProjectItem> {
      const { item } = await locked(id);
      if (!item.taskLists.some((l) => l.uuid === listUuid)) throw notFound(LIST_NOT_FOUND);
      const task = newTask(input);
      const taskLists = item.taskLists.map((l) => (l.uuid === listUuid ? { ...l, tasks: [...l.tasks, task] } : l));
      assertUniqueUuids(taskLists);
      return save(item, { taskLists }, `Tâche « ${task.name} » ajoutée`);
    },

    async updateTask(id: string, uuid: string, patch: TaskPatch): Promise<ProjectItem> {
      const { item } = await locked(id);
      const { task } = findTask(item.taskLists, uuid);
      const taskLists = item.taskLists.map((l) => ({ ...l, tasks: l.tasks.map((t) => (t.uuid === uuid ? { ...t, ...patch } : t)) }));
      const what = patch.progress !== undefined ? `Tâche « ${patch.name ?? task.name} » : ${patch.progress} %` : `Tâche « ${patch.name ?? task.name} » modifiée`;
      return save(item, { taskLists }, what);
    },

    async removeTask(id: string, uuid: string): Promise<ProjectItem> {
      const { item } = await locked(id);
      const { task } = findTask(item.taskLists, uuid);
      const taskLists = item.taskLists.map((l) => ({ ...l, tasks: l.tasks.filter((t) => t.uuid !== uuid) }));
      return save(item, { taskLists }, `Tâche « ${task.name} » supprimée`);
    },
  };
}

export const STATUS_LABELS: Record<ItemStatus, string> = {
  submitted: 'Proposées', accepted: 'Acceptées', validated: 'Validées', archived: 'Archivées',
};

export type ItemsService = ReturnType<typeof itemsService>;
