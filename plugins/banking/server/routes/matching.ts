/**
 * Matching (README « Matching »): the suggestions inbox and its decisions. `suggestions/refresh`
 * comes before `suggestions/:id`.
 */
import { Type } from '@sinclair/typebox';
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { AcceptInput, RefreshInput } from '../../schemas/index.ts';
import { Suggestions } from '../entities.ts';
import { MANAGE, READ } from '../permissions.ts';
import type { SuggestionsService } from '../services/matching/suggestions.ts';

const NoBody = Type.Object({}, { additionalProperties: false });

export const matchingRoutes: RouteDefinition[] = [
  ...serviceRoutes<SuggestionsService>('suggestions', (call) => [
    call('refresh', { method: 'POST', path: '/suggestions/refresh', permission: MANAGE, body: RefreshInput, summary: 'Chercher les factures et achats que les opérations non rapprochées peuvent payer' }),
    call('accept', { method: 'POST', path: '/suggestions/:id/accept', permission: MANAGE, body: AcceptInput, summary: 'Accepter une suggestion : le paiement est enregistré sur le document' }),
    call('hide', { method: 'POST', path: '/suggestions/:id/hide', permission: MANAGE, body: NoBody, summary: 'Masquer une suggestion (elle ne reviendra pas)' }),
    call('undo', { method: 'POST', path: '/suggestions/:id/undo', permission: MANAGE, body: NoBody, summary: 'Annuler un rapprochement accepté (paiement inverse sur le document)' }),
  ]),
  ...crudRoutes(Suggestions, { read: READ, write: MANAGE, only: ['list', 'get'] }),
];
