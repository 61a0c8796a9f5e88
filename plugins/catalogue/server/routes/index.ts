/**
 * The route table of the « Catalogue » plugin, mounted under `/api/catalogue`: the five resource
 * routes of http README « Resources », and archive / restore (`enabled`). Create and update go through the service,
 * which completes the prices.
 */
import { archiveRoutes, crudRoutes, route, type RouteDefinition } from '@comptoir/sdk';
import { CatalogueItemCreateInput, CatalogueItemUpdateInput } from '../../schemas/index.ts';
import { Items } from '../entities.ts';
import { READ, MANAGE } from '../permissions.ts';
import type { ItemsService } from '../services/items/items.ts';

const items = (req: { resolve<T>(name: string): T }) => req.resolve<ItemsService>('items');

export const routes: RouteDefinition[] = [
  ...crudRoutes(Items, { read: READ, write: MANAGE, only: ['list', 'get'] }),
  route({
    method: 'POST',
    path: '/items',
    permission: MANAGE,
    body: CatalogueItemCreateInput,
    status: 201,
    summary: 'Créer un article (le prix manquant, HT ou TTC, est calculé)',
    handler: (req) => items(req).create(req.body),
  }),
  route({
    method: 'PUT',
    path: '/items/:id',
    permission: MANAGE,
    body: CatalogueItemUpdateInput,
    summary: 'Modifier un article (le prix manquant, HT ou TTC, est recalculé)',
    handler: (req) => items(req).update(req.params.id, req.body),
  }),
  ...crudRoutes(Items, { read: READ, write: MANAGE, only: ['delete'] }),
  ...archiveRoutes(Items, { write: MANAGE }),
];
