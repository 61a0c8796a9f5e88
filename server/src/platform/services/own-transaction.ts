/**
 * For routes declared `transactional: false` because something must be written whatever the
 * outcome (a throttling counter: a refused login rolls back, its failure must stay counted): the
 * rest of the work runs here, in one transaction as the route's caller, and its events are
 * published after the commit — what the request layer does for other writes, with the same runner
 * (`inWriteTransaction`): a deadlock's victim runs again whole, and only the events of the attempt
 * that committed are published.
 */
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { CallContext, RequestContext } from '@comptoir/sdk';
import { Call, type LoadedPlugin } from '../../plugins/call.ts';
import { inWriteTransaction } from '../../http/router.ts';
import type { EventBus } from '../../events/bus.ts';

interface KernelHandles { db: Knex; plugins: Map<string, LoadedPlugin>; events: EventBus }

export async function inOwnTransaction<T>(req: RequestContext, fn: (ctx: CallContext) => Promise<T>): Promise<T> {
  const { db, plugins, events } = (req.raw as Koa.Context).app.context.kernel as KernelHandles;
  let call!: Call;
  const result = await inWriteTransaction(db, async (trx) => {
    // a new call per attempt: the events of an attempt rolled back are dropped with it
    call = new Call(plugins, { requestId: req.requestId, caller: req.caller, db: trx, log: req.log, now: req.now });
    return fn(call.context('kernel'));
  });
  await events.publish(call.events);
  return result;
}
