/**
 * For routes declared `transactional: false` because something must be written whatever the
 * outcome (a throttling counter: a refused login rolls back, its failure must stay counted): the
 * rest of the work runs here, in one transaction as the route's caller, and its events are
 * published after the commit — what the request layer does for other writes.
 */
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { CallContext, RequestContext } from '@comptoir/sdk';
import { Call, type LoadedPlugin } from '../../plugins/call.ts';
import { writeTransactionConfig } from '../../db/connect.ts';
import type { EventBus } from '../../events/bus.ts';

interface KernelHandles { db: Knex; plugins: Map<string, LoadedPlugin>; events: EventBus }

export async function inOwnTransaction<T>(req: RequestContext, fn: (ctx: CallContext) => Promise<T>): Promise<T> {
  const { db, plugins, events } = (req.raw as Koa.Context).app.context.kernel as KernelHandles;
  let call!: Call;
  const result = await db.transaction(async (trx) => {
    call = new Call(plugins, { requestId: req.requestId, caller: req.caller, db: trx, log: req.log, now: req.now });
    return fn(call.context('kernel'));
  }, writeTransactionConfig(db));
  await events.publish(call.events);
  return result;
}
