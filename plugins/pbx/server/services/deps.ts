/**
 * The one place where « Téléphonie » reaches other plugins: the contacts plugin recognises callers;
 * « Files de traitement » stores the call-routing queues and walks the calls through them.
 */
import type { CallContext } from '@comptoir/sdk';
import { contactsServices } from '@comptoir/plugin-contacts/contract';
import { processQueuesServices } from '@comptoir/plugin-process-queues/contract';

export const customers = (ctx: CallContext) => ctx.use(contactsServices.customers);
export const contacts = (ctx: CallContext) => ctx.use(contactsServices.contacts);
export const engine = (ctx: CallContext) => ctx.use(processQueuesServices.engine);
export const queues = (ctx: CallContext) => ctx.use(processQueuesServices.queues);
export type { QueueRun, QueueStep } from '@comptoir/plugin-process-queues/contract';
