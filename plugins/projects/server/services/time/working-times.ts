/**
 * Working times and the running timer (README « Working time »). One running timer per user: the
 * `runningUser` column holds the user while a timer runs and is unique per company, so of two
 * starts at once only one can insert (the other answers 409, nothing written); starting while a
 * timer runs stops it first. Stopping reads the running period locked and checks again that it
 * still runs. Each finished period adds its minutes to its item's `workingTime` (item locked).
 */
import { badRequest, conflict, forbidden, type CallContext } from '@comptoir/sdk';
import type { ProjectItem, ProjectWorkingTime, StartInput, StopInput, WorkingTimeInput } from '../../../schemas/index.ts';
import { Items, Projects, WorkingTimes } from '../../entities.ts';
import { MANAGE } from '../../permissions.ts';
import {
  ALREADY_RUNNING, END_BEFORE_START, ITEM_OF_OTHER_PROJECT, NOT_YOUR_TIME, NOTHING_RUNNING, PROJECT_REQUIRED, RUNNING_NOT_EDITABLE,
} from '../../messages.ts';
import { minutesBetween } from './durations.ts';

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; errno?: number } | null;
  return err?.code === 'ER_DUP_ENTRY' || err?.errno === 1062 || err?.code === 'SQLITE_CONSTRAINT_UNIQUE';
};

export function workingTimesService(ctx: CallContext) {
  const repo = () => ctx.repo(WorkingTimes);
  const me = () => {
    if (!ctx.caller.userId) throw forbidden('Le temps passé se saisit par une personne connectée.');
    return ctx.caller.userId;
  };

  /** the project (and item) a period is for: the item's project when only the item is given */
  async function target(fk: { project?: string; item?: string | null } | undefined): Promise<{ project: string; item: string | null }> {
    if (fk?.item) {
      const item = await ctx.repo(Items).get(fk.item) as ProjectItem;
      if (fk.project && fk.project !== item.fk.project) throw badRequest(ITEM_OF_OTHER_PROJECT, [{ field: 'fk.item', message: 'autre projet' }]);
      return { project: item.fk.project, item: item._id };
    }
    if (!fk?.project) throw badRequest(PROJECT_REQUIRED, [{ field: 'fk.project', message: 'obligatoire' }]);
    await ctx.repo(Projects).get(fk.project);
    return { project: fk.project, item: null };
  }

  /** the item's working time: the sum of its finished periods (item locked) */
  async function recount(itemId: string | null | undefined): Promise<void> {
    if (!itemId) return;
    await ctx.repo(Items).getForUpdate(itemId);
    const sum = await repo().list({
      filters: { 'fk.item': { mode: 'eq', value: itemId } }, pagination: { quantity: 1 },
      aggregations: [{ name: 'minutes', field: 'minutes', sum: true }],
    });
    await ctx.repo(Items).update(itemId, { workingTime: Number(sum.aggregation.minutes?.sum ?? 0) });
  }

  async function ownForUpdate(id: string): Promise<ProjectWorkingTime> {
    const time = await repo().getForUpdate(id) as ProjectWorkingTime;
    if (time.fk.user !== me() && !ctx.can(MANAGE)) throw forbidden(NOT_YOUR_TIME);
    return time;
  }

  function period(start: string, end: string | null | undefined): number {
    if (!end) return 0;
    if (Date.parse(end) <= Date.parse(start)) throw badRequest(END_BEFORE_START, [{ field: 'end', message: 'avant le début' }]);
    return minutesBetween(start, end);
  }

  async function stopRunning(userId: string, input: StopInput = {}): Promise<ProjectWorkingTime | null> {
    const found = await repo().findOne({ runningUser: userId });
    if (!found) return null;
    const running = await repo().getForUpdate(found._id) as ProjectWorkingTime;
    // stopped by another request between the look-up and the lock
    if (running.end || running.runningUser !== userId) return null;
    const end = ctx.now.toISOString();
    const stopped = await repo().update(running._id, {
      end, minutes: minutesBetween(running.start, end), runningUser: null,
      ...(input.comment !== undefined ? { comment: input.comment } : {}), ...(input.starRate !== undefined ? { starRate: input.starRate } : {}),
    }) as ProjectWorkingTime;
    await recount(stopped.fk.item);
    return stopped;
  }

  return {
    /** the caller's running period, or null */
    async running(): Promise<{ running: ProjectWorkingTime | null }> {
      return { running: await repo().findOne({ runningUser: me() }) as ProjectWorkingTime | null };
    },

    /** starts the caller's timer (stopping the one that runs) */
    async start(input: StartInput): Promise<{ running: ProjectWorkingTime; stopped: ProjectWorkingTime | null }> {
      const userId = me();
      const { project, item } = await target(input.fk);
      const stopped = await stopRunning(userId);
      try {
        const running = await repo().create({
          start: ctx.now.toISOString(), end: null, minutes: 0, runningUser: userId,
          ...(input.comment !== undefined ? { comment: input.comment } : {}),
          fk: { project, item, user: userId },
        }) as ProjectWorkingTime;
        return { running, stopped };
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(ALREADY_RUNNING);
        throw e;
      }
    },

    async stop(input: StopInput): Promise<ProjectWorkingTime> {
      const stopped = await stopRunning(me(), input);
      if (!stopped) throw conflict(NOTHING_RUNNING);
      return stopped;
    },

    /** a finished period typed by hand (start and end) */
    async create(input: WorkingTimeInput): Promise<ProjectWorkingTime> {
      const userId = me();
      if (!input.start) throw badRequest('Indiquez le début.', [{ field: 'start', message: 'obligatoire' }]);
      if (!input.end) throw badRequest('Indiquez la fin (ou lancez le chronomètre).', [{ field: 'end', message: 'obligatoire' }]);
      const minutes = period(input.start, input.end);
      const { project, item } = await target(input.fk);
      const time = await repo().create({ ...input, minutes, runningUser: null, fk: { project, item, user: userId } }) as ProjectWorkingTime;
      await recount(item);
      return time;
    },

    async update(id: string, input: WorkingTimeInput): Promise<ProjectWorkingTime> {
      const time = await ownForUpdate(id);
      const running = !time.end;
      if (running && (input.start !== undefined || input.end !== undefined)) throw conflict(RUNNING_NOT_EDITABLE);
      const start = input.start ?? time.start;
      const end = input.end === undefined ? time.end : input.end;
      if (!running && !end) throw badRequest('Indiquez la fin.', [{ field: 'end', message: 'obligatoire' }]);
      const minutes = running ? 0 : period(start, end);
      const moved = input.fk ? await target({ project: input.fk.project ?? time.fk.project, item: input.fk.item === undefined ? time.fk.item : input.fk.item }) : null;
      const updated = await repo().update(id, {
        ...input, start, end, minutes, ...(moved ? { fk: { ...time.fk, ...moved } } : {}),
      }) as ProjectWorkingTime;
      await recount(time.fk.item);
      if (updated.fk.item !== time.fk.item) await recount(updated.fk.item);
      return updated;
    },

    async remove(id: string): Promise<void> {
      const time = await ownForUpdate(id);
      await repo().remove(id);
      await recount(time.fk.item);
    },
  };
}

export type WorkingTimesService = ReturnType<typeof workingTimesService>;
