/**
 * Recording and deleting answers. The survey's row is locked first (`getForUpdate`): answers to one
 * survey arriving together are counted one after the other, on MariaDB as on SQLite, and the
 * counters change in the same transaction as the answer (README « Statistics »).
 */
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type { Survey, SurveyResult } from '../../../schemas/index.ts';
import { Counters, Results, Surveys } from '../../entities.ts';
import { NOTICE_RESULT, RESULT_SUBMITTED } from '../../events.ts';
import { SURVEY_CLOSED, TEST_MODE_NEEDS_MEMBER } from '../../messages.ts';
import { questionsOf, type QuestionInfo } from '../surveys/definition.ts';
import { applyAnswers, type CountersMap } from '../statistics/counters.ts';
import { checkAnswers } from './answers.ts';
import { notifier } from '../deps.ts';

export interface Submission {
  surveyId: string;
  data: Record<string, unknown>;
  testMode?: boolean;
  origin: 'public' | 'user';
}

/** Moves the counters of one survey and mode by a list of answers; the survey's row is already locked. */
export async function moveCounters(ctx: CallContext, surveyId: string, testMode: boolean, questions: QuestionInfo[], answers: Record<string, unknown>[], sign: 1 | -1): Promise<void> {
  const repo = ctx.repo(Counters);
  const row = await repo.findOne({ 'fk.survey': surveyId, testMode });
  const counters = (row?.counters ?? {}) as CountersMap;
  for (const data of answers) applyAnswers(counters, questions, data, sign);
  const resultsCount = Math.max(0, (row?.resultsCount ?? 0) + sign * answers.length);
  if (row) await repo.update(row._id, { counters, resultsCount });
  else await repo.create({ testMode, resultsCount, counters, fk: { survey: surveyId } });
}

const surveyPath = (id: string) => `/questionnaires/${id}/statistiques`;

async function tellAuthor(ctx: CallContext, survey: Survey, result: SurveyResult): Promise<void> {
  const author = survey.metadata.createdBy;
  if (!survey.sendNotification || result.testMode || !author) return;
  await notifier(ctx).notify([author], {
    title: `Nouvelle réponse à « ${survey.name} »`,
    content: `Réponse reçue le ${new Date(result.submissionDate).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}.`,
    style: 'info', kind: NOTICE_RESULT, liveOnly: false,
    choices: [{ title: 'Voir les statistiques', url: surveyPath(survey._id), urlMode: 'navigate' }],
  });
}

export function resultsService(ctx: CallContext) {
  return {
    async submit(s: Submission): Promise<SurveyResult> {
      const testMode = s.testMode === true;
      if (testMode && !ctx.caller.userId) throw badRequest(TEST_MODE_NEEDS_MEMBER);
      const survey = await ctx.repo(Surveys).getForUpdate(s.surveyId);
      if (s.origin === 'public' && !survey.open) throw conflict(SURVEY_CLOSED);
      const questions = questionsOf(survey.json);
      checkAnswers(questions, s.data);
      const result = await ctx.repo(Results).create({
        testMode, submissionDate: ctx.now.toISOString(), data: s.data, origin: s.origin, fk: { survey: survey._id },
      });
      await moveCounters(ctx, survey._id, testMode, questions, [s.data], 1);
      ctx.emit(RESULT_SUBMITTED, { _id: result._id, survey: survey._id, testMode });
      await tellAuthor(ctx, survey, result);
      return result;
    },

    /** Deletes an answer and takes it out of the counters. */
    async remove(id: string): Promise<null> {
      const found = await ctx.repo(Results).get(id);
      const survey = await ctx.repo(Surveys).getForUpdate(found.fk.survey);
      const result = await ctx.repo(Results).getForUpdate(id);
      await moveCounters(ctx, survey._id, result.testMode, questionsOf(survey.json), [result.data], -1);
      await ctx.repo(Results).remove(id);
      return null;
    },
  };
}

export type ResultsService = ReturnType<typeof resultsService>;
