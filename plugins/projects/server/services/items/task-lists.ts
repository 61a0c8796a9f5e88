/**
 * Task lists as written → as stored: each list and task keeps its uuid or gets one, progress
 * defaults to 0, and a uuid used twice in one item is a 400 (tasks are addressed by it).
 */
import { randomUUID } from 'node:crypto';
import { badRequest } from '@comptoir/sdk';
import type { ProjectTaskList, TaskInput, TaskListInput } from '../../../schemas/index.ts';
import { DUPLICATE_UUID } from '../../messages.ts';

export const newTask = (t: TaskInput) => ({
  uuid: t.uuid ?? randomUUID(), name: t.name, ...(t.description !== undefined ? { description: t.description } : {}), progress: t.progress ?? 0,
});

export function normalTaskLists(input: readonly TaskListInput[]): ProjectTaskList[] {
  const lists = input.map((l) => ({
    uuid: l.uuid ?? randomUUID(), name: l.name, ...(l.description !== undefined ? { description: l.description } : {}),
    tasks: (l.tasks ?? []).map(newTask), progress: l.progress ?? 0,
  }));
  assertUniqueUuids(lists);
  return lists;
}

export function assertUniqueUuids(lists: readonly ProjectTaskList[]): void {
  const seen = new Set<string>();
  for (const [i, l] of lists.entries()) {
    for (const [uuid, field] of [[l.uuid, `taskLists.${i}.uuid`], ...l.tasks.map((t, j) => [t.uuid, `taskLists.${i}.tasks.${j}.uuid`])]) {
      if (seen.has(uuid)) throw badRequest(DUPLICATE_UUID, [{ field, message: 'déjà utilisé' }]);
      seen.add(uuid);
    }
  }
}
