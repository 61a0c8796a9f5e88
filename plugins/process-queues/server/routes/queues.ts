/**
 * Queues, their validation, the node types and the runs: the routes of issue 20 item 1
 * (`queues`, `node-types`, `queues/:id/validate`). Thin: parse, call a service, answer.
 */
import { Type } from '@sinclair/typebox';
import { crudRoutes, route, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { AdvanceInput, GraphInput, ProcessQueueInput } from '../../schemas/index.ts';
import { Queues } from '../entities.ts';
import { READ, MANAGE, RUN } from '../permissions.ts';
import type { QueuesService } from '../services/queues/queues.ts';
import type { EngineService } from '../services/engine/engine.ts';
import type { NodeTypesService } from '../services/registry/registry.ts';

/** an action that takes no body: anything but `{}` (or none) is a 400 */
const NoBody = Type.Object({}, { additionalProperties: false });
const NodeTypesQuery = Type.Object({ typeIdentifier: Type.Optional(Type.String({ maxLength: 64 })) }, { additionalProperties: false });

export const queueRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/node-types', permission: READ, query: NodeTypesQuery, summary: 'Types de nœuds des extensions installées',
    handler: (req) => ({ data: req.resolve<NodeTypesService>('nodeTypes').list(req.query.typeIdentifier), queueTypes: req.resolve<NodeTypesService>('nodeTypes').queueTypes() }),
  }),
  route({
    method: 'POST', path: '/validate', permission: READ, body: GraphInput, transactional: false, summary: 'Valider un graphe sans l’enregistrer',
    handler: (req) => req.resolve<QueuesService>('queues').validateGraph(req.body),
  }),
  ...crudRoutes(Queues, { read: READ, write: MANAGE, only: ['list', 'get'] }),
  ...serviceRoutes<QueuesService>('queues', (call) => [
    call('create', { method: 'POST', path: '/queues', permission: MANAGE, body: ProcessQueueInput, status: 201, summary: 'Créer une file' }),
    call('update', { method: 'PUT', path: '/queues/:id', permission: MANAGE, body: ProcessQueueInput, summary: 'Modifier une file' }),
    call('remove', { method: 'DELETE', path: '/queues/:id', permission: MANAGE, summary: 'Supprimer une file, ses exécutions et leurs étapes' }),
    call('validate', { method: 'POST', path: '/queues/:id/validate', permission: READ, body: NoBody, transactional: false, summary: 'Valider le graphe d’une file' }),
  ]),
  route({
    method: 'POST', path: '/queues/:id/runs', permission: RUN, body: AdvanceInput, summary: 'Démarrer ou reprendre une exécution (par sa clé)',
    handler: (req) => req.resolve<EngineService>('engine').advance(req.params.id, req.body),
  }),
  ...serviceRoutes<EngineService>('engine', (call) => [
    call('getRun', { method: 'GET', path: '/runs/:id', permission: READ, summary: 'Une exécution' }),
    call('steps', { method: 'GET', path: '/runs/:id/steps', permission: READ, summary: 'Les étapes d’une exécution, dans l’ordre' }),
  ]),
];
