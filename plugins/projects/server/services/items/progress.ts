/**
 * Progress (spec 001 §4, README « Progress »), as plain functions over plain data:
 * - a task list with tasks: the rounded average of its tasks' progress;
 * - an item with `autoProgressWithTasks` and at least one list: the rounded average of its lists'
 *   progress (each list counted once, whatever its number of tasks);
 * - otherwise the stored value stays (typed by hand).
 * Rounding: to the nearest whole percent, halves up (33.5 → 34), computed on integers so that no
 * float ever decides it (the sum doubled against the count).
 */
import type { ProjectItem, ProjectTaskList } from '../../../schemas/index.ts';

/** round(sum / n), halves up, for whole non-negative numbers; 0 for nothing */
export function roundedAverage(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sum = values.reduce((a, b) => a + b, 0);
  return Math.floor((2 * sum + values.length) / (2 * values.length));
}

export function listProgress(list: Pick<ProjectTaskList, 'tasks' | 'progress'>): number {
  return list.tasks.length > 0 ? roundedAverage(list.tasks.map((t) => t.progress)) : list.progress;
}

/** The lists with their progress, and the item's progress, as the rules say. */
export function withProgress<T extends Pick<ProjectItem, 'taskLists' | 'progress' | 'autoProgressWithTasks'>>(item: T): T {
  const taskLists = item.taskLists.map((l) => ({ ...l, progress: listProgress(l) }));
  const progress = item.autoProgressWithTasks && taskLists.length > 0 ? roundedAverage(taskLists.map((l) => l.progress)) : item.progress;
  return { ...item, taskLists, progress };
}
