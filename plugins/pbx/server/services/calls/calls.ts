/**
 * A call's steps (README « Call routing »): Asterisk's FastAGI bridge sends each request
 * (IncomingCallContextRequestData) and gets the next GotoInfo. The call row is locked for the step,
 * walked through its queue, stored with one event per node, and pushed to the screens by the
 * kernel's WebSocket (entity events of `pbx.calls` and `pbx.call-events`).
 */
import { isHttpError, notFound, type CallContext } from '@comptoir/sdk';
import type { Call, CallEvent, GotoInfo, IncomingCallContextRequestData, PrePickUpOperatorChoice } from '../../../schemas/index.ts';
import { CallEvents, Calls, PrePickupChoices } from '../../entities.ts';
import { HANG_UP } from '../routing/steps.ts';
import { walk, type QueueNode } from '../routing/walk.ts';
import { stepEnvironment } from './environment.ts';
import { queueSource } from '../deps.ts';
import { NO_QUEUE } from '../../messages.ts';

type EventInput = Pick<CallEvent, 'kind'> & Partial<Omit<CallEvent, 'kind' | 'fk'>>;

export function callsService(ctx: CallContext) {
  const calls = () => ctx.repo(Calls);

  /** The call of that Asterisk id, made on its first request; locked for this step (FOR UPDATE on MariaDB). */
  async function lockedCall(body: IncomingCallContextRequestData, now: Date): Promise<{ call: Call; fresh: boolean }> {
    let existing = await calls().findOne({ asteriskId: body.callid });
    let fresh = false;
    if (!existing) {
      try {
        existing = await calls().create({
          asteriskId: body.callid, callerNumber: body.caller ?? '', date: now.toISOString(), context: body.context, exten: body.exten ?? '',
        });
        fresh = true;
      } catch (e) {
        // the same call's first request arrived twice at once: the other one made the row
        if (isHttpError(e) && e.status < 500) throw e;
        existing = await calls().findOne({ asteriskId: body.callid });
        if (!existing) throw e;
      }
    }
    return { call: await calls().getRawForUpdate(existing._id), fresh };
  }

  async function writeEvents(callId: string, now: Date, events: EventInput[]): Promise<void> {
    for (const e of events) await ctx.repo(CallEvents).create({ date: now.toISOString(), ...e, fk: { call: callId } });
  }

  return {
    async incoming(body: IncomingCallContextRequestData): Promise<GotoInfo> {
      const now = body.date ? new Date(body.date) : ctx.now;
      const { call, fresh } = await lockedCall(body, now);
      const events: EventInput[] = [];
      if (fresh) events.push({ kind: 'started', message: `Appel de ${body.caller || 'numéro masqué'} vers ${body.exten || '?'} (${body.context})`, data: { ip: body.ip ?? null } });
      if (call.state === 'ended') {
        // Asterisk asks again about a call we already let go: it hangs up, nothing changes
        return HANG_UP;
      }
      const work: Call = structuredClone(call);
      work.requests += 1;
      work.lastInput = body.input ?? '';
      if (body.input) events.push({ kind: 'input', input: body.input, node: call.position ?? null });

      const queue = work.fk.queue ? await queueSource(ctx).byId(work.fk.queue) : await queueSource(ctx).forContext(body.context);
      let goto: GotoInfo;
      if (!queue) {
        work.state = 'ended'; work.nextGoto = HANG_UP; goto = HANG_UP;
        events.push({ kind: 'no-queue', message: NO_QUEUE(body.context) });
      } else {
        work.fk.queue = queue._id;
        const result = await walk(queue.nodes as QueueNode[], work, body, now, stepEnvironment(ctx));
        goto = result.goto;
        for (const s of result.steps) {
          events.push({ kind: 'step', node: s.node, pluginIdentifier: s.pluginIdentifier, exit: s.exit, message: s.note ?? null, ...(s.goto ? { data: { goto: s.goto } } : {}) });
        }
        if (result.problem) events.push({ kind: 'problem', message: result.problem });
      }
      if (work.state === 'ended') {
        work.endedAt = now.toISOString();
        events.push({ kind: 'ended' });
      }
      await calls().update(call._id, {
        requests: work.requests, lastInput: work.lastInput, state: work.state, path: work.path, position: work.position ?? null,
        visits: work.visits, identified: work.identified ?? null, waiting: work.waiting, nextGoto: work.nextGoto ?? null,
        endedAt: work.endedAt ?? null, fk: { queue: work.fk.queue ?? null, lists: work.fk.lists, potentialHotliners: work.fk.potentialHotliners },
      }, { existing: call });
      await writeEvents(call._id, now, events);
      return goto;
    },

    /** An operator's choice before pick-up (PrePickUpOperatorChoice): read by « Choix de la personne appelée ». */
    async choose(body: { requestId: string; action?: string; delayInMinute?: number; tts?: string }): Promise<PrePickUpOperatorChoice> {
      const call = await calls().findOne({ asteriskId: body.requestId });
      if (!call) throw notFound('Aucun appel en cours ne porte cet identifiant.');
      return ctx.repo(PrePickupChoices).create({ ...body, createdAt: ctx.now.toISOString(), fk: { userId: ctx.caller.userId } });
    },

    /** A call and its events, in order (the history screen draws its path). */
    async history(id: string): Promise<{ call: Call; events: CallEvent[] }> {
      const call = await calls().get(id);
      const events = await ctx.repo(CallEvents).findMany({ 'fk.call': id });
      return { call, events };
    },
  };
}

export type CallsService = ReturnType<typeof callsService>;
