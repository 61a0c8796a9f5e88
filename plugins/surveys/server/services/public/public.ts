/**
 * What visitors reach without an account (README « Public page »): a survey's form, and sending
 * an answer. The company is the one of the `AT-Company` header, read as the system: a survey of
 * another company, or a closed one, is not shown.
 */
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type { PublicSurvey } from '../../../schemas/index.ts';
import { Surveys } from '../../entities.ts';
import { COMPANY_REQUIRED, SURVEY_CLOSED } from '../../messages.ts';
import { resultsService } from '../results/results.ts';

function needCompany(ctx: CallContext): void {
  if (!ctx.caller.companyId) throw badRequest(COMPANY_REQUIRED);
}

export function publicService(ctx: CallContext) {
  return {
    async survey(id: string): Promise<PublicSurvey> {
      needCompany(ctx);
      const s = await ctx.repo(Surveys).get(id);
      if (!s.open) throw conflict(SURVEY_CLOSED);
      return {
        _id: s._id, name: s.name, description: s.description, json: s.json,
        questionsOnPageMode: s.questionsOnPageMode, completedHtmlOnCondition: s.completedHtmlOnCondition,
      };
    },
    async submit(id: string, body: { data: Record<string, unknown> }): Promise<{ _id: string; submissionDate: string }> {
      needCompany(ctx);
      const r = await resultsService(ctx).submit({ surveyId: id, data: body.data, origin: 'public' });
      // a visitor learns nothing more than that it was recorded
      return { _id: r._id, submissionDate: r.submissionDate };
    },
  };
}

export type PublicService = ReturnType<typeof publicService>;
