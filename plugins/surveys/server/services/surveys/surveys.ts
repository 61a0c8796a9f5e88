/**
 * Surveys: their form checked on every write, their counts read from the statistics' counters
 * (README « Counts »), and their deletion with their answers.
 */
import { badRequest, type CallContext, type ListParams, type ListResult } from '@comptoir/sdk';
import type { Survey, SurveyInput } from '../../../schemas/index.ts';
import { Counters, Results, Surveys } from '../../entities.ts';
import { unknownListQuestion } from '../../messages.ts';
import { questionsOf } from './definition.ts';

/** The form and the list's columns of a survey as it will be stored. */
function checkForm(json: unknown, listed: string[] | undefined): void {
  const questions = questionsOf(json);
  for (const name of listed ?? []) {
    if (!questions.some((q) => q.name === name)) throw badRequest(unknownListQuestion(name), [{ field: 'questionsResultsToShowInList', message: unknownListQuestion(name) }]);
  }
}

/** `testResultsCount` and `realResultsCount` of each survey, from its two counter rows (one query). */
export async function withCounts<T extends Pick<Survey, '_id' | 'testResultsCount' | 'realResultsCount'>>(ctx: CallContext, surveys: T[]): Promise<T[]> {
  if (surveys.length === 0) return surveys;
  const rows = await ctx.repo(Counters).findMany({ 'fk.survey': surveys.map((s) => s._id) });
  const by = new Map(rows.map((r) => [`${r.fk.survey}|${r.testMode}`, r.resultsCount]));
  return surveys.map((s) => ({ ...s, testResultsCount: by.get(`${s._id}|true`) ?? 0, realResultsCount: by.get(`${s._id}|false`) ?? 0 }));
}

export function surveysService(ctx: CallContext) {
  const repo = () => ctx.repo(Surveys);
  return {
    async list(params: ListParams): Promise<ListResult<Survey>> {
      const page = await repo().list(params);
      return { ...page, data: await withCounts(ctx, page.data) };
    },
    async get(id: string): Promise<Survey> {
      return (await withCounts(ctx, [await repo().get(id)]))[0];
    },
    async create(input: SurveyInput): Promise<Survey> {
      checkForm(input.json ?? { pages: [] }, input.questionsResultsToShowInList);
      return repo().create(input);
    },
    async update(id: string, input: SurveyInput): Promise<Survey> {
      const existing = await repo().getForUpdate(id);
      checkForm(input.json ?? existing.json, input.questionsResultsToShowInList ?? existing.questionsResultsToShowInList);
      return (await withCounts(ctx, [await repo().update(id, input)]))[0];
    },
    /** Deletes the survey, its answers and its counters, in the caller's transaction. */
    async remove(id: string): Promise<null> {
      await repo().getForUpdate(id);
      for (;;) {
        const batch = await ctx.repo(Results).findMany({ 'fk.survey': id }, { limit: 500 });
        if (batch.length === 0) break;
        for (const r of batch) await ctx.repo(Results).remove(r._id);
      }
      for (const c of await ctx.repo(Counters).findMany({ 'fk.survey': id })) await ctx.repo(Counters).remove(c._id);
      await repo().remove(id);
      return null;
    },
  };
}

export type SurveysService = ReturnType<typeof surveysService>;
