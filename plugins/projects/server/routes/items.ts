/** Ideas and issues, their task lists and tasks, a drag on the board, « mes tâches » (README « Routes »). */
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { ItemInput, MoveInput, TaskInput, TaskListInput, TaskPatch } from '../../schemas/index.ts';
import { Items } from '../entities.ts';
import { READ, WRITE } from '../permissions.ts';
import type { ItemsService } from '../services/items/items.ts';

export const itemRoutes: RouteDefinition[] = [
  ...serviceRoutes<{ list(): Promise<unknown> }>('myTasks', (call) => [
    call('list', { method: 'GET', path: '/items/mine', permission: READ, summary: 'Mes idées et incidents en cours' }),
  ]),
  ...crudRoutes(Items, { read: READ, write: WRITE, only: ['list', 'get'] }),
  ...serviceRoutes<ItemsService>('items', (call) => [
    call('create', { method: 'POST', path: '/items', permission: WRITE, body: ItemInput, status: 201, summary: 'Proposer une idée ou un incident' }),
    call('update', { method: 'PUT', path: '/items/:id', permission: WRITE, body: ItemInput, summary: 'Modifier une idée ou un incident' }),
    call('remove', { method: 'DELETE', path: '/items/:id', permission: WRITE, summary: 'Supprimer une idée ou un incident' }),
    call('move', { method: 'POST', path: '/items/:id/move', permission: WRITE, body: MoveInput, summary: 'Changer de colonne (tableau)' }),
    call('addList', { method: 'POST', path: '/items/:id/task-lists', permission: WRITE, body: TaskListInput, status: 201, summary: 'Ajouter une liste de tâches' }),
    call('removeList', { method: 'DELETE', path: '/items/:id/task-lists/:list', permission: WRITE, summary: 'Supprimer une liste de tâches' }),
    call('addTask', { method: 'POST', path: '/items/:id/task-lists/:list/tasks', permission: WRITE, body: TaskInput, status: 201, summary: 'Ajouter une tâche' }),
    call('updateTask', { method: 'PUT', path: '/items/:id/tasks/:task', permission: WRITE, body: TaskPatch, summary: 'Modifier une tâche (son avancement)' }),
    call('removeTask', { method: 'DELETE', path: '/items/:id/tasks/:task', permission: WRITE, summary: 'Supprimer une tâche' }),
  ]),
];
