/**
 * The event log (README « Event log »): every event of the till (an opening, a closing, later a
 * reprint, a cancellation, an export, a failed verification) is numbered with the `posEvent` counter,
 * hashed on the previous event with the invoicing chain's scheme (`chainHash` of the previous hash
 * and the RFC 8785 JSON of the frozen view) and its head stored apart, in the caller's transaction.
 */
import { chainHash, previousLink, recordChainHead, storedJson, type CallContext } from '@comptoir/sdk';
import type { EventCode, PosEvent } from '../../../schemas/index.ts';
import { ChainHeads, Events } from '../../entities.ts';
import { numbering } from '../deps.ts';
import { newRecordId } from './ids.ts';

export const EVENT_CHAIN = 'pos-event';
export const EVENT_COUNTER = 'posEvent';

/**
 * What an event's hash covers: the fields listed here and nothing else, so that a field added to the
 * schema later does not change the hashes of older events. Metadata is left out (it is the
 * repository's), the company in (an event moved to another company breaks).
 */
export const HASHED_EVENT_FIELDS = ['_id', 'number', 'numberFull', 'code', 'label', 'date', 'userName', 'objectType', 'data'] as const;

export function eventHashView(event: Partial<PosEvent>): object {
  const view: Record<string, unknown> = {};
  for (const f of HASHED_EVENT_FIELDS) if (event[f] !== undefined) view[f] = event[f];
  return storedJson({ ...view, fk: event.fk ?? {} }) as object;
}

export interface EventInput {
  code: EventCode;
  label: string;
  cashRegister?: string | null;
  object?: { _id: string; type: string } | null;
  data?: Record<string, unknown>;
}

/** Records one event (the counter is taken first: it is the first lock of the caller's transaction when it is not already held). */
export async function recordEvent(ctx: CallContext, input: EventInput): Promise<PosEvent> {
  const taken = await numbering(ctx).take(EVENT_COUNTER);
  const previous = await previousLink(ctx.repo(Events), taken.number) as PosEvent | null;
  const user = ctx.caller.userId ?? null;
  const doc = {
    number: taken.number,
    numberFull: taken.numberFull,
    code: input.code,
    label: input.label,
    date: ctx.now.toISOString(),
    ...(input.object ? { objectType: input.object.type } : {}),
    ...(input.data ? { data: storedJson(input.data) as Record<string, unknown> } : {}),
    fk: {
      company: ctx.caller.companyId,
      ...(user ? { user } : {}),
      ...(input.cashRegister ? { cashRegister: input.cashRegister } : {}),
      ...(input.object ? { object: input.object._id } : {}),
    },
  };
  const _id = newRecordId(ctx.now);
  const hash = chainHash(previous?.hash ?? null, eventHashView({ _id, ...doc } as Partial<PosEvent>));
  const event = await ctx.repo(Events).create({ _id, ...doc, hash }) as PosEvent;
  await recordChainHead(ctx.repo(ChainHeads), EVENT_CHAIN, event);
  return event;
}
