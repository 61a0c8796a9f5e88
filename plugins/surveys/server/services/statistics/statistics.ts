/**
 * Statistics of a survey, read from its counters (one row): O(questions), whatever the number of
 * answers. `rebuild` counts again from the answers themselves, page by page (after a change of the
 * form that renamed choices, or to check the counters).
 */
import { isDeepStrictEqual } from 'node:util';
import type { CallContext, ListParams } from '@comptoir/sdk';
import type { SurveyResult, SurveyStatisticsAnswer } from '../../../schemas/index.ts';
import { Counters, Results, Surveys } from '../../entities.ts';
import { questionsOf } from '../surveys/definition.ts';
import { applyAnswers, type CountersMap } from './counters.ts';
import { buildStatistics } from './build.ts';

const PAGE = 500;

export function statisticsService(ctx: CallContext) {
  return {
    async get(surveyId: string, testMode = false): Promise<SurveyStatisticsAnswer> {
      // two indexed reads, side by side (a GET runs outside any transaction)
      const [survey, row] = await Promise.all([ctx.repo(Surveys).get(surveyId), ctx.repo(Counters).findOne({ 'fk.survey': surveyId, testMode })]);
      const counters = (row?.counters ?? {}) as CountersMap;
      return { survey: surveyId, testMode, resultsCount: row?.resultsCount ?? 0, statistics: buildStatistics(surveyId, questionsOf(survey.json), counters) };
    },

    /** Counts both modes again from the stored answers, under the survey's lock. */
    async rebuild(surveyId: string): Promise<{ real: number; test: number }> {
      const survey = await ctx.repo(Surveys).getForUpdate(surveyId);
      const questions = questionsOf(survey.json);
      const totals = { real: 0, test: 0 };
      for (const testMode of [false, true]) {
        const counters: CountersMap = {};
        let count = 0;
        let cursor: string | undefined;
        for (;;) {
          const params: ListParams = {
            filters: { 'fk.survey': { mode: 'eq', value: surveyId, valueIsObjectId: true }, testMode: { mode: 'eq', value: testMode } },
            pagination: cursor ? { quantity: PAGE, cursor } : { quantity: PAGE },
            sort: { field: '_id', ascending: true },
            fields: ['data'],
          };
          const page = await ctx.repo(Results).list(params);
          for (const r of page.data as Pick<SurveyResult, 'data'>[]) applyAnswers(counters, questions, r.data, 1);
          count += page.data.length;
          if (!page.next) break;
          cursor = page.next;
        }
        const row = await ctx.repo(Counters).findOne({ 'fk.survey': surveyId, testMode });
        // counters already right are left as they are (a rebuild that finds nothing to correct writes nothing)
        const unchanged = row ? row.resultsCount === count && isDeepStrictEqual(row.counters, JSON.parse(JSON.stringify(counters))) : count === 0;
        if (unchanged) {
          totals[testMode ? 'test' : 'real'] = count;
          continue;
        }
        if (row) await ctx.repo(Counters).update(row._id, { counters, resultsCount: count });
        else await ctx.repo(Counters).create({ testMode, resultsCount: count, counters, fk: { survey: surveyId } });
        totals[testMode ? 'test' : 'real'] = count;
      }
      return totals;
    },
  };
}

export type StatisticsService = ReturnType<typeof statisticsService>;
