/**
 * The route table of the « Facturation » plugin, mounted under `/api/invoicing`: the five resource
 * routes of API.md, and one business action. Thin: parse, call a service, answer.
 */
import { crudRoutes, route, type RouteDefinition } from '@comptoir/sdk';
import { Items, ItemInput } from './entities.ts';
import { READ, MANAGE } from './permissions.ts';
import type { ItemsService } from './services/items.ts';

export const routes: RouteDefinition[] = [
  ...crudRoutes(Items, { read: READ, write: MANAGE, create: ItemInput, update: ItemInput }),
  route({
    method: 'POST',
    path: '/items/:id/archive',
    permission: MANAGE,
    summary: 'Archiver un élément',
    handler: (req) => req.resolve<ItemsService>('items').archive(req.params.id),
  }),
];
