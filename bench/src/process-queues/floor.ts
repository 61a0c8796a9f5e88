/**
 * The floor of the queue engine: bare Koa + knex doing the writes of one run through a line of
 * `count` nodes, by hand, in one transaction — the run's row, one row per step (one INSERT each,
 * as the engine stores a step when it takes it), the run's final UPDATE — and answering the run.
 * What the engine adds above it: the request layer, the queue read and its cached validation, the
 * node types' `run`, the repositories' validation and encoding.
 */
import Koa from 'koa';
import type { Knex } from 'knex';
import { listen, type Floor } from '../floor.ts';

let counter = 0;
const id = () => (Date.now().toString(16).padStart(12, '0') + (counter++).toString(16).padStart(12, '0')).slice(-24);

export async function startEngineFloor(db: Knex, companyId: string, queueId: string, count: number): Promise<Floor> {
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.method !== 'POST' || ctx.path !== '/run') { ctx.status = 404; return; }
    const now = new Date().toISOString();
    const meta = { metadata_creationDate: now, metadata_lastModificationDate: now, metadata_createdBy: null, metadata_lastModifiedBy: null };
    const runId = id();
    const state: Record<string, string> = {};
    await db.transaction(async (trx) => {
      await trx('process_queues_queues').where({ _id: queueId, fk_company: companyId }).first();
      await trx('process_queues_runs').insert({ _id: runId, fk_company: companyId, fk_queue: queueId, key: null, status: 'running', currentNode: null, pendingExit: null, state: '{}', visits: '{}', stepCount: 0, startedAt: now, endedAt: null, error: null, ...meta });
      for (let i = 0; i < count; i++) {
        if (i > 0 && i < count - 1) state[`v${i}`] = String(i);
        await trx('process_queues_steps').insert({
          _id: id(), fk_company: companyId, fk_queue: queueId, fk_run: runId, index: i, nodeUuid: `n${i}`, pluginIdentifier: 'process-queues.set-variable',
          result: i === count - 1 ? 'end' : 'exit', exit: i === count - 1 ? null : 'main', resumed: false, input: '{}', output: null, error: null, date: now, ...meta,
        });
      }
      await trx('process_queues_runs').where({ _id: runId }).update({ status: 'finished', currentNode: `n${count - 1}`, state: JSON.stringify(state), stepCount: count, endedAt: now });
    });
    ctx.body = { run: { _id: runId, status: 'finished', stepCount: count } };
  });
  return listen(app, db);
}
