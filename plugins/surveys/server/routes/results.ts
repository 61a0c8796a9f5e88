/** Answers: listed and read by members, sent by a member (test mode from the editor), deleted (README « Routes »). */
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { ResultInput } from '../../schemas/index.ts';
import { Results } from '../entities.ts';
import { MANAGE, READ } from '../permissions.ts';
import type { ResultsService } from '../services/results/results.ts';

export const resultRoutes: RouteDefinition[] = [
  ...crudRoutes(Results, { read: READ, write: MANAGE, only: ['list', 'get'] }),
  ...serviceRoutes<ResultsService>('results', (call) => [
    call('submit', {
      method: 'POST', path: '/results', permission: READ, body: ResultInput, status: 201,
      args: (req) => [{ surveyId: req.body.fk.survey, data: req.body.data, testMode: req.body.testMode, origin: 'user' }],
      summary: 'Enregistrer une réponse (saisie par un membre, ou en mode test)',
    }),
    call('remove', { method: 'DELETE', path: '/results/:id', permission: MANAGE, summary: 'Supprimer une réponse' }),
  ]),
];
