/**
 * A call's steps (README « Call routing »): Asterisk's FastAGI bridge sends each request
 * (IncomingCallContextRequestData) and gets the next GotoInfo. The call row is locked for the step,
 * walked through its queue, stored with one event per node, and pushed to the screens by the
 * kernel's WebSocket (entity events of `pbx.calls` and `pbx.call-events`).
 */
import { isHttpError, notFound, type CallContext } from '@comptoir/sdk';
import type { Call, CallEvent, GotoInfo, IncomingCallContextRequestData, PrePickUpOperatorChoice } from '../../../schemas/index.ts';
import { CallEvents, Calls, Contexts, PLUGIN_ID, PrePickupChoices } from '../../entities.ts';

const WAITING_NODE = `${PLUGIN_ID}.waiting-playlist`;
import { HANG_UP, type CallState } from '../routing/steps.ts';
import { engine, type QueueStep } from '../deps.ts';
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

  /** The engine's advance for this call (key: Asterisk's id); a queue that may not run (off, invalid) is an event, not an error. */
  async function advanceCall(queueId: string, body: IncomingCallContextRequestData, events: EventInput[]) {
    try {
      return await engine(ctx).advance(queueId, { key: body.callid, input: { ...body, caller: body.caller ?? '', input: body.input ?? '' } });
    } catch (e) {
      if (isHttpError(e) && (e.status === 404 || e.status === 409)) {
        events.push({ kind: 'problem', message: e.message });
        return null;
      }
      throw e;
    }
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
      // Asterisk asks again about a call we already let go: it hangs up, nothing changes
      if (call.state === 'ended') return HANG_UP;
      if (body.input) events.push({ kind: 'input', input: body.input, node: call.position ?? null });

      const changes: Omit<Partial<Call>, 'fk'> & { fk: Partial<Call['fk']> } = { requests: call.requests + 1, lastInput: body.input ?? '', fk: {} };
      const queueId = call.fk.queue ?? (await ctx.repo(Contexts).findOne({ name: body.context }))?.fk.queue ?? null;
      let goto: GotoInfo = HANG_UP;
      let ended = true;
      if (!queueId) {
        events.push({ kind: 'no-queue', message: NO_QUEUE(body.context) });
      } else {
        changes.fk.queue = queueId;
        const advanced = await advanceCall(queueId, body, events);
        if (advanced) {
          const { run, steps, output } = advanced;
          // the steps themselves are the engine's (history reads them): the call keeps its path and its problems
          const failed = steps.filter((st) => st.error);
          for (const st of failed) events.push({ kind: 'problem', node: st.nodeUuid, pluginIdentifier: st.pluginIdentifier, message: st.error });
          changes.runId = run._id;
          const state = run.state as CallState;
          changes.path = [...call.path, ...steps.map((st) => st.nodeUuid)];
          changes.visits = run.visits;
          changes.identified = state.identified ?? null;
          changes.fk.lists = state.lists ?? call.fk.lists;
          changes.fk.potentialHotliners = state.potentialHotliners ?? call.fk.potentialHotliners;
          if (run.status === 'paused' && output) {
            ended = false;
            goto = output as GotoInfo;
            changes.position = run.currentNode;
            changes.waiting = steps.at(-1)?.pluginIdentifier === WAITING_NODE;
          } else {
            if (output && run.status === 'finished') goto = output as GotoInfo;
            if (run.status === 'failed') events.push({ kind: 'problem', message: run.error ?? 'Échec de la file.' });
            else if (!output) events.push({ kind: 'problem', message: 'La file s’arrête sans consigne pour Asterisk : l’appel est raccroché.' });
          }
        }
      }
      changes.nextGoto = goto;
      if (ended) {
        Object.assign(changes, { state: 'ended', endedAt: now.toISOString(), position: null, waiting: false });
        events.push({ kind: 'ended', data: { goto } });
      }
      await calls().update(call._id, changes, { existing: call });
      await writeEvents(call._id, now, events);
      return goto;
    },

    /**
     * The caller hung up while Asterisk played, rang or waited (the bridge says so): the call ends
     * where it was. Unknown or already ended: nothing to do (answers the call or null).
     */
    async hungUp(body: { callid: string }): Promise<Call | null> {
      const found = await calls().findOne({ asteriskId: body.callid });
      if (!found) return null;
      const call = await calls().getRawForUpdate(found._id);
      if (call.state === 'ended') return call;
      const updated = await calls().update(call._id, { state: 'ended', endedAt: ctx.now.toISOString(), waiting: false }, { existing: call });
      await writeEvents(call._id, ctx.now, [{ kind: 'caller-hung-up', node: call.position ?? null, message: 'L’appelant a raccroché.' }]);
      return updated;
    },

    /** An operator's choice before pick-up (PrePickUpOperatorChoice): read by « Choix de la personne appelée ». */
    async choose(body: { requestId: string; action?: string; delayInMinute?: number; tts?: string }): Promise<PrePickUpOperatorChoice> {
      const call = await calls().findOne({ asteriskId: body.requestId });
      if (!call) throw notFound('Aucun appel en cours ne porte cet identifiant.');
      return ctx.repo(PrePickupChoices).create({ ...body, createdAt: ctx.now.toISOString(), fk: { userId: ctx.caller.userId } });
    },

    /** A call, its events and the engine's steps, in order (the history screen draws its path). */
    async history(id: string): Promise<{ call: Call; events: CallEvent[]; steps: QueueStep[] }> {
      const call = await calls().get(id);
      const events = await ctx.repo(CallEvents).findMany({ 'fk.call': id });
      const steps = call.runId ? await engine(ctx).steps(call.runId) : [];
      return { call, events, steps };
    },
  };
}

export type CallsService = ReturnType<typeof callsService>;
