/** Comments on items and interventions for customers and providers (README « Routes »). */
import { Type } from '@sinclair/typebox';
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { CommentInput, InterventionInput } from '../../schemas/index.ts';
import { Comments, Interventions } from '../entities.ts';
import { READ, WRITE } from '../permissions.ts';
import type { CommentsService } from '../services/comments/comments.ts';
import type { InterventionsService } from '../services/comments/interventions.ts';

const CommentUpdate = Type.Partial(CommentInput, { additionalProperties: false });

export const commentRoutes: RouteDefinition[] = [
  ...crudRoutes(Comments, { read: READ, write: WRITE, only: ['list', 'get'] }),
  ...serviceRoutes<CommentsService>('comments', (call) => [
    call('create', { method: 'POST', path: '/comments', permission: WRITE, body: CommentInput, status: 201, summary: 'Commenter (ou demander de l’aide)' }),
    call('update', { method: 'PUT', path: '/comments/:id', permission: WRITE, body: CommentUpdate, summary: 'Modifier son commentaire' }),
    call('remove', { method: 'DELETE', path: '/comments/:id', permission: WRITE, summary: 'Supprimer son commentaire' }),
  ]),
  ...crudRoutes(Interventions, { read: READ, write: WRITE, only: ['list', 'get', 'delete'] }),
  ...serviceRoutes<InterventionsService>('interventions', (call) => [
    call('create', { method: 'POST', path: '/interventions', permission: WRITE, body: InterventionInput, status: 201, summary: 'Noter une intervention' }),
    call('update', { method: 'PUT', path: '/interventions/:id', permission: WRITE, body: InterventionInput, summary: 'Modifier une intervention' }),
  ]),
];
