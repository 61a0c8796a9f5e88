/**
 * A requester is not (yet) a member of the invitation's company, so their own call has another
 * active company, or none. What they do through an invitation happens in the invitation's
 * company: its records, their activities, their change events and the administrators'
 * notifications all belong there (and a rejection is told to the requester in a company of
 * theirs). This runs `fn` as the same person, in the same transaction, with `companyId` as the
 * active company and no permission at all, and hands the events it queued to the request's call,
 * which publishes them after the commit like its own.
 */
import type { CallContext } from '@comptoir/sdk';
import { Call, type LoadedPlugin } from '../../../plugins/call.ts';

export async function inCompany<T>(
  ctx: CallContext, companyId: string, fn: (scoped: CallContext) => Promise<T>, as: { userId?: string } = {},
): Promise<T> {
  const parent = ctx.resolve<Call>('call');
  const plugins = ctx.resolve<Map<string, LoadedPlugin>>('plugins');
  const caller = {
    ...parent.opts.caller,
    userId: as.userId ?? parent.opts.caller.userId,
    companyId,
    god: false,
    permissions: new Set<string>(),
  };
  const call = new Call(plugins, { ...parent.opts, caller });
  const result = await fn(call.context('kernel'));
  parent.events.push(...call.events);
  return result;
}
