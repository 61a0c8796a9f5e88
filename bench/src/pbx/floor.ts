/**
 * The floor of the pbx suite: a bare Koa + knex server doing, per request, the least a call's first
 * step must do, by hand, on the same database: in one transaction, read the queue's row (its nodes as
 * JSON), insert the call, insert one step row, update the call; answer a GotoInfo. The kernel's
 * `POST /api/pbx/incoming` (validation, auth, locks, the engine walking 9 nodes with their stored
 * steps and events, the contacts look-up) is measured against it.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import Koa from 'koa';
import type { Knex } from 'knex';

export async function startPbxFloor(db: Knex, queueId: string): Promise<{ url: string; stop(): Promise<void> }> {
  await db.schema.dropTableIfExists('bench_pbx_floor_steps');
  await db.schema.dropTableIfExists('bench_pbx_floor_calls');
  await db.schema.createTable('bench_pbx_floor_calls', (t) => { t.string('_id', 24).primary(); t.string('asteriskId', 120).unique(); t.text('path'); t.integer('requests'); });
  await db.schema.createTable('bench_pbx_floor_steps', (t) => { t.string('_id', 24).primary(); t.string('call', 24).index(); t.string('node', 64); t.string('exit', 64); });
  const app = new Koa();
  app.use(async (ctx) => {
    const chunks: Buffer[] = [];
    for await (const c of ctx.req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { callid: string };
    const answer = await db.transaction(async (trx) => {
      const queue = await trx('process_queues_queues').where({ _id: queueId }).first('plugins');
      const nodes = JSON.parse(String(queue.plugins)) as { uuid: string }[];
      const id = randomBytes(12).toString('hex');
      await trx('bench_pbx_floor_calls').insert({ _id: id, asteriskId: body.callid, path: '[]', requests: 0 });
      await trx('bench_pbx_floor_steps').insert({ _id: randomBytes(12).toString('hex'), call: id, node: nodes[0].uuid, exit: 'main' });
      await trx('bench_pbx_floor_calls').where({ _id: id }).update({ path: JSON.stringify([nodes[0].uuid]), requests: 1 });
      return { context: '', exten: 's', priority: 1, ttsMessage: 'Bonjour' };
    });
    ctx.body = answer;
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.schema.dropTableIfExists('bench_pbx_floor_steps');
      await db.schema.dropTableIfExists('bench_pbx_floor_calls');
    },
  };
}
