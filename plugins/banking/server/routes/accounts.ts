/** Accounts and months (README « Routes »). Thin: parse, call a service, answer. */
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { AccountInput, MonthsQuery } from '../../schemas/index.ts';
import { Accounts } from '../entities.ts';
import { ACCOUNTS, READ } from '../permissions.ts';
import type { AccountsService } from '../services/accounts/accounts.ts';
import type { MonthsService } from '../services/months/months.ts';

export const accountRoutes: RouteDefinition[] = [
  ...crudRoutes(Accounts, { read: READ, write: ACCOUNTS, only: ['list', 'get'] }),
  ...serviceRoutes<AccountsService>('accounts', (call) => [
    call('create', { method: 'POST', path: '/accounts', permission: ACCOUNTS, body: AccountInput, status: 201, summary: 'Créer un compte bancaire' }),
    call('update', { method: 'PUT', path: '/accounts/:id', permission: ACCOUNTS, body: AccountInput, summary: 'Modifier un compte (un solde saisi fixe la correction)' }),
    call('remove', { method: 'DELETE', path: '/accounts/:id', permission: ACCOUNTS, summary: 'Supprimer un compte sans opération' }),
  ]),
  ...serviceRoutes<MonthsService>('months', (call) => [
    call('list', { method: 'GET', path: '/months', permission: READ, query: MonthsQuery, args: (req) => [req.query], summary: 'Les mois : recettes, dépenses et total par catégorie, sous-catégorie et compte' }),
  ]),
];
