/**
 * `kernel.background` (sdk/src/kernel-services.ts): waiting for the background subscriptions'
 * work about a record (server/src/events/background.ts). A call that holds a write transaction
 * does not wait: the queued work runs in a transaction of its own, which on SQLite (one connection)
 * could not start before this one ends — such a reader does the work itself if it needs it (the
 * work is written to be done once whoever comes first, as the frozen e-invoice is).
 */
import type { Knex } from 'knex';
import type { CallContext, KernelBackground } from '@comptoir/sdk';
import type { BackgroundQueue } from '../../events/background.ts';
import type { Call } from '../../plugins/call.ts';

export function backgroundService(ctx: CallContext): KernelBackground {
  return {
    async settled(id) {
      const db = ctx.resolve<Call>('call').opts.db as Knex.Transaction;
      if (db.isTransaction) return;
      await ctx.resolve<BackgroundQueue>('backgroundQueue').settled(id);
    },
  };
}
