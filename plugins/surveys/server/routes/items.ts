/**
 * The items of « Questionnaires »: the five resource routes of the HTTP contract (Comptoir server/src/http/README.md « Resources »), and one business action answered
 * by the items service. Thin: parse, call a service, answer.
 */
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { ItemInput } from '../../schemas/index.ts';
import { Items } from '../entities.ts';
import { READ, MANAGE } from '../permissions.ts';
import type { ItemsService } from '../services/items/items.ts';

export const itemRoutes: RouteDefinition[] = [
  ...crudRoutes(Items, { read: READ, write: MANAGE, create: ItemInput, update: ItemInput }),
  // each call names a method of ItemsService; its arguments (here the :id) are checked at compile time
  ...serviceRoutes<ItemsService>('items', (call) => [
    call('archive', { method: 'POST', path: '/items/:id/archive', permission: MANAGE, summary: 'Archiver un élément' }),
  ]),
];
