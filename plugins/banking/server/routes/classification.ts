/** Categories, groups and contracts (README « Routes »). */
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { CategoryInput, ContractInput, GroupInput } from '../../schemas/index.ts';
import { Categories, Groups } from '../entities.ts';
import { MANAGE, READ } from '../permissions.ts';
import type { CategoriesService, GroupsService } from '../services/categories/categories.ts';
import type { ContractsService } from '../services/contracts/contracts.ts';

export const classificationRoutes: RouteDefinition[] = [
  ...crudRoutes(Categories, { read: READ, write: MANAGE, only: ['list', 'get'] }),
  ...serviceRoutes<CategoriesService>('categories', (call) => [
    call('create', { method: 'POST', path: '/categories', permission: MANAGE, body: CategoryInput, status: 201, summary: 'Créer une catégorie ou une sous-catégorie' }),
    call('update', { method: 'PUT', path: '/categories/:id', permission: MANAGE, body: CategoryInput, summary: 'Modifier une catégorie' }),
    call('remove', { method: 'DELETE', path: '/categories/:id', permission: MANAGE, summary: 'Supprimer une catégorie inutilisée' }),
  ]),
  ...crudRoutes(Groups, { read: READ, write: MANAGE, only: ['list', 'get'] }),
  ...serviceRoutes<GroupsService>('groups', (call) => [
    call('create', { method: 'POST', path: '/groups', permission: MANAGE, body: GroupInput, status: 201, summary: 'Créer un groupe d’opérations' }),
    call('update', { method: 'PUT', path: '/groups/:id', permission: MANAGE, body: GroupInput, summary: 'Renommer un groupe' }),
    call('remove', { method: 'DELETE', path: '/groups/:id', permission: MANAGE, summary: 'Supprimer un groupe vide' }),
  ]),
  ...serviceRoutes<ContractsService>('contracts', (call) => [
    call('list', { method: 'GET', path: '/contracts', permission: READ, args: (req) => [req.query as never], summary: 'Les contrats et leurs prochaines échéances' }),
    call('get', { method: 'GET', path: '/contracts/:id', permission: READ, summary: 'Un contrat et ses prochaines échéances' }),
    call('create', { method: 'POST', path: '/contracts', permission: MANAGE, body: ContractInput, status: 201, summary: 'Créer un contrat' }),
    call('update', { method: 'PUT', path: '/contracts/:id', permission: MANAGE, body: ContractInput, summary: 'Modifier un contrat' }),
    call('remove', { method: 'DELETE', path: '/contracts/:id', permission: MANAGE, summary: 'Supprimer un contrat sans opération' }),
  ]),
];
