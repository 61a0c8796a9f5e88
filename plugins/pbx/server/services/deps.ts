/**
 * The one place where « Téléphonie » reaches other plugins: the contacts plugin recognises callers,
 * the platform's groups; the queues come from « Files de traitement ».
 */
import type { CallContext } from '@comptoir/sdk';
import { contactsServices } from '@comptoir/plugin-contacts/contract';

export const customers = (ctx: CallContext) => ctx.use(contactsServices.customers);
export const contacts = (ctx: CallContext) => ctx.use(contactsServices.contacts);

import type { QueueNode } from './routing/walk.ts';

/** A call-routing queue as the calls service walks it. */
export interface RoutingQueue { _id: string; nodes: QueueNode[] }

/** The activated call-routing queues (« Files de traitement », type `pbx-call`). */
export function queueSource(_ctx: CallContext) {
  return {
    async forContext(_context: string): Promise<RoutingQueue | null> { return null; },
    async byId(_id: string): Promise<RoutingQueue | null> { return null; },
  };
}
