/** Calls: the FastAGI bridge's steps, the history and the operators' choices (README « Routes »). */
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { Type } from '@sinclair/typebox';
import { IncomingCallContextRequestData } from '../../schemas/index.ts';
import { CallEvents, Calls, PrePickupChoices } from '../entities.ts';
import { ANSWER, READ, ROUTE_CALLS } from '../permissions.ts';
import type { CallsService } from '../services/calls/calls.ts';

export const callRoutes: RouteDefinition[] = [
  ...serviceRoutes<CallsService>('calls', (call) => [
    call('incoming', { method: 'POST', path: '/incoming', permission: ROUTE_CALLS, body: IncomingCallContextRequestData, summary: 'Étape d’un appel : la suite à donner (GotoInfo)' }),
    call('hungUp', { method: 'POST', path: '/hang-ups', permission: ROUTE_CALLS, body: Type.Object({ callid: Type.String({ minLength: 1, maxLength: 120 }) }, { additionalProperties: false }), summary: 'L’appelant a raccroché (passerelle FastAGI)' }),
    call('history', { method: 'GET', path: '/calls/:id/history', permission: READ, summary: 'Un appel, ses événements et son chemin' }),
    call('choose', { method: 'POST', path: '/pre-pickup-choices', permission: ANSWER, body: Type.Object({
      requestId: Type.String({ minLength: 1, maxLength: 120 }),
      action: Type.Optional(Type.Union(['wait', 'transfer', 'reject', 'no-answer'].map((a) => Type.Literal(a)))),
      delayInMinute: Type.Optional(Type.Integer({ minimum: 0, maximum: 240 })),
      tts: Type.Optional(Type.String({ maxLength: 2000 })),
    }, { additionalProperties: false }), status: 201, summary: 'Choix avant décroché (attendre, transférer, refuser…)' }),
  ]),
  ...crudRoutes(Calls, { read: READ, write: READ, only: ['list', 'get'] }),
  ...crudRoutes(CallEvents, { read: READ, write: READ, only: ['list', 'get'] }),
  ...crudRoutes(PrePickupChoices, { read: READ, write: ANSWER, only: ['list', 'get'] }),
];
