/**
 * The floor of the surveys suite: a bare Koa + knex server on the same database answering, with
 * the least SQL written by hand,
 * - `GET /statistics`: the counters row of the survey (one indexed read), as JSON — what the
 *   kernel reads before shaping its statistics;
 * - `POST /results`: in one transaction, the survey row locked (FOR UPDATE on MariaDB; SQLite has
 *   one writer), the result inserted, the counters row read and written back with the answer
 *   added — what the kernel does for an answer, without authentication, validation or activity.
 */
import Koa from 'koa';
import type { Knex } from 'knex';
import { encodeRow } from '../../../server/src/db/record-codec.ts';
import { newId } from '../../../server/src/util/ids.ts';
import { Results } from '../../../plugins/surveys/server/entities.ts';
import { applyAnswers, type CountersMap } from '../../../plugins/surveys/server/services/statistics/counters.ts';
import type { QuestionInfo } from '../../../plugins/surveys/server/services/surveys/definition.ts';
import type { Engine } from '../database.ts';
import { listen, type Floor } from '../floor.ts';

export interface SurveysFloorOptions { db: Knex; engine: Engine; companyId: string; surveyId: string; questions: QuestionInfo[] }

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

export async function startSurveysFloor(o: SurveysFloorOptions): Promise<Floor> {
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.method === 'GET' && ctx.path === '/statistics') {
      const row = await o.db('surveys_counters').where({ fk_company: o.companyId, fk_survey: o.surveyId, testMode: false }).first('resultsCount', 'counters');
      ctx.body = { resultsCount: row.resultsCount, counters: parse(row.counters) };
      return;
    }
    if (ctx.method === 'POST' && ctx.path === '/results') {
      const chunks: Buffer[] = [];
      for await (const c of ctx.req) chunks.push(c as Buffer);
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: Record<string, unknown> };
      const now = new Date().toISOString();
      const id = newId();
      await o.db.transaction(async (trx) => {
        const lock = trx('surveys_surveys').where({ _id: o.surveyId, fk_company: o.companyId }).first('_id');
        if (o.engine === 'mysql') lock.forUpdate();
        await lock;
        await trx('surveys_results').insert(encodeRow(Results, {
          _id: id, testMode: false, submissionDate: now, attachments: [], data, origin: 'user',
          fk: { company: o.companyId, survey: o.surveyId },
          metadata: { creationDate: now, lastModificationDate: now, createdBy: null, lastModifiedBy: null },
        }));
        const row = await trx('surveys_counters').where({ fk_company: o.companyId, fk_survey: o.surveyId, testMode: false }).first('_id', 'resultsCount', 'counters');
        const counters = applyAnswers(parse(row.counters) as CountersMap, o.questions, data, 1);
        await trx('surveys_counters').where({ _id: row._id }).update({ counters: JSON.stringify(counters), resultsCount: Number(row.resultsCount) + 1 });
      });
      ctx.status = 201;
      ctx.body = { _id: id, submissionDate: now };
      return;
    }
    ctx.status = 404;
  });
  return listen(app, o.db);
}
