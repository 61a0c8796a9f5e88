/** Operations and their split (README « Routes »). */
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { OperationInput, SplitInput } from '../../schemas/index.ts';
import { Operations } from '../entities.ts';
import { MANAGE, READ } from '../permissions.ts';
import type { OperationsService } from '../services/operations/operations.ts';
import type { SplitService } from '../services/operations/split.ts';

export const operationRoutes: RouteDefinition[] = [
  ...crudRoutes(Operations, { read: READ, write: MANAGE, only: ['list', 'get'] }),
  ...serviceRoutes<OperationsService>('operations', (call) => [
    call('create', { method: 'POST', path: '/operations', permission: MANAGE, body: OperationInput, status: 201, summary: 'Saisir une opération' }),
    call('update', { method: 'PUT', path: '/operations/:id', permission: MANAGE, body: OperationInput, summary: 'Modifier ou classer une opération' }),
    call('remove', { method: 'DELETE', path: '/operations/:id', permission: MANAGE, summary: 'Supprimer une opération (et ses sous-opérations)' }),
  ]),
  ...serviceRoutes<SplitService>('split', (call) => [
    call('split', { method: 'POST', path: '/operations/:id/split', permission: MANAGE, body: SplitInput, summary: 'Ventiler une opération en sous-opérations (aucune : annuler la ventilation)' }),
  ]),
];
